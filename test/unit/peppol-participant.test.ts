// Peppol participant ids as Peppol BIS Billing 3.0 judges them (shared/domain/peppol-participant.ts),
// and the Peppol format's readiness: what a document lacks is named by business term, field and rule.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { derivedPrice, invoiceTerms, SPECIFICATIONS } from '#shared/documents/en16931';
import { ublXml } from '#shared/documents/ubl';
import { randomInvoice } from '#test/support/random-documents';
import { eInvoiceGaps } from '#shared/domain/e-invoice';
import { parsePeppolParticipant } from '#shared/domain/peppol-participant';
import { austrianSeller, frenchBuyer } from '#test/support/eu-invoice';

const ruleOf = (id: string) => {
  const parsed = parsePeppolParticipant(id);
  return 'rule' in parsed ? parsed.rule : 'valid';
};

describe('a Peppol participant id', () => {
  it('is a scheme of the Peppol EAS list and an identifier, each scheme with its own check', () => {
    expect(parsePeppolParticipant('0208:0123456749')).toEqual({ scheme: '0208', identifier: '0123456749' });
    expect(
      Object.fromEntries(
        [
          '9930:DE123456789',
          '0088:4000001000005',
          '0088:4000001000006',
          '0208:0123456749',
          '0208:0123456748',
          '0208:012345674',
          '0192:923874631',
          '0192:923874632',
          '0007:5560360793',
          '0007:5560360794',
          '0184:DK12345678',
          '0184:1234567',
          '0198:12345678',
          '0151:51824753556',
          '0151:51824753557',
          '0009:30326504500017',
        ].map((id) => [id, ruleOf(id)]),
      ),
    ).toEqual({
      '9930:DE123456789': 'valid',
      '0088:4000001000005': 'valid',
      '0088:4000001000006': 'PEPPOL-COMMON-R040',
      '0208:0123456749': 'valid',
      '0208:0123456748': 'PEPPOL-COMMON-R043',
      '0208:012345674': 'PEPPOL-COMMON-R043',
      '0192:923874631': 'valid',
      '0192:923874632': 'PEPPOL-COMMON-R041',
      '0007:5560360793': 'valid',
      '0007:5560360794': 'PEPPOL-COMMON-R049',
      '0184:DK12345678': 'valid',
      '0184:1234567': 'PEPPOL-COMMON-R042',
      '0198:12345678': 'PEPPOL-COMMON-R053',
      '0151:51824753556': 'valid',
      '0151:51824753557': 'PEPPOL-COMMON-R050',
      '0009:30326504500017': 'valid',
    });
  });

  it('refuses what EN 16931 allows but Peppol does not: e-mail, letter schemes, retired codes', () => {
    for (const id of ['EM:billing@example.com', 'AN:12345', '0037:12345', '9901:12345', '0208', '0208:', 'x:y'])
      expect(ruleOf(id), id).toBe('PEPPOL-EN16931-CL008');
    expect(ruleOf('0208: 0123456749')).toBe('PEPPOL-EN16931-CL008');
  });
});

describe('the Peppol format’s readiness', () => {
  const { legal_name: _legal, ...seller } = austrianSeller;
  const { locale: _locale, ...buyer } = frenchBuyer;
  const ready = {
    seller: { ...seller, name: 'Alpen Software GmbH', peppol_id: '9915:ATU13585627' },
    buyer: { ...buyer, peppol_id: '0208:0123456749' },
    rows: [],
    buyer_reference: 'PO 4711',
  };

  it('asks for both Peppol ids and a buyer or order reference, naming term, field and rule', () => {
    expect(eInvoiceGaps('peppol', ready)).toEqual([]);
    expect(eInvoiceGaps('peppol', { ...ready, buyer_reference: undefined, purchase_order: 'PO-1' })).toEqual([]);
    const gaps = eInvoiceGaps('peppol', {
      ...ready,
      seller: { ...ready.seller, peppol_id: undefined },
      buyer: { ...ready.buyer, peppol_id: '0208:0123456748' },
      buyer_reference: undefined,
    });
    expect(gaps.map(({ business_term, field, rule }) => [business_term, field, rule])).toEqual([
      ['BT-34', 'organization.peppol_id', 'PEPPOL-EN16931-R020'],
      ['BT-49', 'client.peppol_id', 'PEPPOL-COMMON-R043'],
      ['BT-10', 'invoice.buyer_reference', 'PEPPOL-EN16931-R003'],
    ]);
    // The plain UBL format asks none of it.
    expect(eInvoiceGaps('ubl', { ...ready, seller: { ...ready.seller, peppol_id: undefined } })).toEqual([]);
  });
});

describe('a price derived from a line’s net amount', () => {
  it('stays per unit while quantity × price is within 0.02 of the net, else prices the whole quantity', () => {
    expect(derivedPrice(1999, '3')).toEqual({ netPrice: '6.6633' });
    // 0.0221 units for 796.21: 36027.6018 × 0.0221 = 796.2100 — within the slack.
    expect(derivedPrice(79621, '0.0221')).toEqual({ netPrice: '36027.6018' });
    // 796.21 units for 17.60: 0.0221 × 796.21 = 17.5962 — within; 7962.13 units for 176.00 is not.
    expect(derivedPrice(17600, '7962.13')).toEqual({ netPrice: '176.00', baseQuantity: '7962.13' });
    expect(derivedPrice(-17600, '7962.13')).toEqual({ netPrice: '176.00', baseQuantity: '7962.13' });
  });
});

describe('the Peppol UBL', () => {
  it('carries every note in one (R002), where the other UBL formats write one note each', async () => {
    const [invoice] = fc.sample(randomInvoice, { numRuns: 1, seed: 7 });
    const terms = { ...invoiceTerms(invoice!), notes: ['Thank you', 'Deposit deducted'] };
    // BT-22 notes come before the currency; the payment terms' note (BT-20) comes later.
    const notes = (xml: string) =>
      [...xml.split('<cbc:DocumentCurrencyCode')[0]!.matchAll(/<cbc:Note>([^<]*)<\/cbc:Note>/g)].map(
        (match) => match[1],
      );
    expect(notes(await ublXml(terms, SPECIFICATIONS.peppol))).toEqual(['Thank you\n\nDeposit deducted']);
    expect(notes(await ublXml(terms, SPECIFICATIONS.en16931))).toEqual(['Thank you', 'Deposit deducted']);
  });
});
