// The envelope a Peppol access point hands a received document in: the SBD opened by the hardened
// parser, the document inside taken as the very bytes it is there, its parties named by the header;
// a bare document naming its parties itself; what is no envelope of a document refused.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sbdOf } from '#infra/local/peppol-phoss-ap-inbound';
import { openedEnvelope } from '#shared/inbox/peppol-envelope';

const INVOICE = readFileSync('vendor/einvoicing/examples/peppol/base-example.xml');
const CREDIT_NOTE = readFileSync('vendor/einvoicing/examples/peppol/base-creditnote-correction.xml');
const withoutDeclaration = (bytes: Buffer) =>
  bytes
    .toString('utf8')
    .replace(/^<\?xml[^>]*\?>\s*/, '')
    .trim();
const delivered = (sender: string | null, receiver: string) => ({
  message_id: '4f1c7a52-63b6-4f5e-9d55-3c1f0e2a9b10',
  access_point: 'phoss-ap' as const,
  sender,
  receiver,
  sha256: '',
  delivered_at: '2026-12-03T10:00:00.000Z',
  forwarded: null,
  c4_country: null,
});
const failure = (bytes: Buffer | string) => {
  try {
    openedEnvelope(Buffer.from(bytes));
  } catch (error) {
    return {
      code: (error as { code?: string }).code,
      reason: (error as { details?: { reason?: string } }).details?.reason,
    };
  }
  return undefined;
};

describe('a Peppol envelope', () => {
  it.each([
    ['an invoice', INVOICE],
    ['a credit note', CREDIT_NOTE],
  ])('gives %s out of its SBD as the bytes it is there, C1 and C4 as the header names them', (_, document) => {
    const sbd = sbdOf(delivered('0088:9482348239847239874', '9930:DE811569869'), document);
    const opened = openedEnvelope(sbd);
    expect(Buffer.from(opened.document).toString('utf8')).toBe(withoutDeclaration(document));
    expect([opened.sender, opened.receiver]).toEqual(['0088:9482348239847239874', '9930:DE811569869']);
  });

  it('takes the header scheme off a participant written with it', () => {
    const sbd = sbdOf(delivered('iso6523-actorid-upis::0088:9482348239847239874', '0002:FR23342'), INVOICE);
    expect(openedEnvelope(sbd).sender).toBe('0088:9482348239847239874');
  });

  it('takes a document without an envelope as it is, its parties its own electronic addresses', () => {
    const opened = openedEnvelope(INVOICE);
    expect(Buffer.from(opened.document).equals(INVOICE)).toBe(true);
    expect([opened.sender, opened.receiver]).toEqual(['0088:9482348239847239874', '0002:FR23342']);
  });

  it('refuses an envelope the hardened parser refuses, and one whose document does not stand on its own', () => {
    const sbd = sbdOf(delivered('0088:9482348239847239874', '0002:FR23342'), INVOICE).toString('utf8');
    const doctype = sbd.replace(
      '<StandardBusinessDocument ',
      '<!DOCTYPE x [<!ENTITY a "b">]><StandardBusinessDocument ',
    );
    expect(failure(doctype)).toEqual({ code: 'e_invoice_unreadable', reason: 'doctype' });
    expect(failure(sbd.slice(0, sbd.length / 2))).toEqual({ code: 'e_invoice_unreadable', reason: 'not_well_formed' });
    // The document's namespaces declared on the envelope only: cut out, the payload is no document.
    const leaning = sbd
      .replace(
        '<StandardBusinessDocument ',
        `<StandardBusinessDocument xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" `,
      )
      .replace(/ xmlns:cbc="[^"]*"(?=[^<]*<cbc:CustomizationID)/, '');
    expect(failure(leaning)).toEqual({ code: 'e_invoice_unreadable', reason: 'not_well_formed' });
    const empty = sbd.replace(
      /<\/StandardBusinessDocumentHeader>[\s\S]*<\/StandardBusinessDocument>/,
      '</StandardBusinessDocumentHeader></StandardBusinessDocument>',
    );
    expect(failure(empty)).toEqual({ code: 'e_invoice_unreadable', reason: 'not_an_invoice' });
  });
});
