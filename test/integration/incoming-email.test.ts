// An e-mail to receiving addresses through the inbox's e-mail operation, its MIME composed by
// nodemailer as a mail client would: each XML or PDF attachment a candidate in each addressed
// organization's inbox, what is no e-invoice refused alone, the message kept, a redelivery adding nothing.
import { readFileSync } from 'node:fs';
import { S3Client } from '@aws-sdk/client-s3';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { incomingEmailKey, s3IncomingStore } from '#shared/aws/incoming-store';
import { invokerFor } from '#shared/aws/lambda';
import { inboundAddressOf } from '#shared/domain/inbound-address';
import { eInvoiceReader } from '#shared/e-invoice-reader/reader';
import { receiveEmail } from '#shared/inbox/receive-email';
import { E_INVOICE_READER } from '#functions/topology';
import { db, newTenant } from '#test/support/api';
import { TEST_INCOMING_BUCKET } from '#test/support/buckets';
import { outboxEvents } from '#test/support/peppol-queue';

const DOMAIN = 'invoices.test';
const EXAMPLE = new URL('../../vendor/einvoicing/examples/peppol/sales-order-example.xml', import.meta.url);
const store = s3IncomingStore(TEST_INCOMING_BUCKET, new S3Client({ forcePathStyle: true }));
const deps = {
  db,
  store,
  reader: eInvoiceReader(invokerFor(process.env), E_INVOICE_READER.handler),
  publicBaseUrl: 'http://invoices.test',
  domain: DOMAIN,
};

let a: Awaited<ReturnType<typeof newTenant>>;
let b: Awaited<ReturnType<typeof newTenant>>;
beforeAll(async () => {
  [a, b] = [await newTenant('Mail A'), await newTenant('Mail B')];
});

const compose = (to: string[], bcc: string[]) =>
  new MailComposer({
    from: 'Supplier Billing <billing@supplier.example>',
    to,
    bcc,
    subject: 'Rechnung 4711',
    messageId: '<4711@supplier.example>',
    text: 'Please find our invoice attached.',
    attachments: [
      { filename: 'invoice.xml', content: readFileSync(EXAMPLE), contentType: 'application/xml' },
      { filename: 'scan.pdf', content: Buffer.from('%PDF-1.7\nnot a real pdf'), contentType: 'application/pdf' },
      { filename: 'terms.txt', content: 'Terms and conditions', contentType: 'text/plain' },
    ],
  })
    .compile()
    .build();

describe('an e-mail to receiving addresses', () => {
  it('takes each XML or PDF attachment into every addressed inbox, refusing what is no e-invoice, keeping the message', async () => {
    const to = [inboundAddressOf(a.id, DOMAIN), 'someone@elsewhere.example'];
    const raw = await compose(to, [inboundAddressOf(b.id, DOMAIN)]);
    // The envelope: SES hands the recipients it accepted, Bcc included.
    const email = { raw, recipients: [...to, inboundAddressOf(b.id, DOMAIN)], messageId: 'ses-message-1' };
    const outcomes = await receiveEmail(deps, email);
    expect(outcomes.map(({ organization_id, attachment, outcome }) => [organization_id, attachment, outcome])).toEqual([
      [a.id, 'invoice.xml', 'created'],
      [a.id, 'scan.pdf', 'refused'],
      [b.id, 'invoice.xml', 'created'],
      [b.id, 'scan.pdf', 'refused'],
    ]);
    expect(outcomes[1]!.reason).toBe('not_a_pdf');
    const [received] = (await outboxEvents(a.id, 'incoming_invoice.received')).map(
      (event) => event.data.object as { id: string; source: unknown },
    );
    expect(received!.id).toBe(outcomes[0]!.incoming_invoice_id);
    expect(received!.source).toEqual({
      channel: 'email',
      message_id: '<4711@supplier.example>',
      from: 'billing@supplier.example',
      subject: 'Rechnung 4711',
    });
    const kept = await store.get(incomingEmailKey(a.id, createHash('sha256').update(raw).digest('hex')));
    expect(kept && Buffer.from(kept).equals(raw)).toBe(true);

    // SES delivers at least once: the same message again takes nothing in twice and announces nothing.
    const again = await receiveEmail(deps, email);
    expect(again.filter((outcome) => outcome.outcome !== 'refused').map((outcome) => outcome.outcome)).toEqual([
      'existing',
      'existing',
    ]);
    expect(await outboxEvents(a.id, 'incoming_invoice.received')).toHaveLength(1);
    expect(await outboxEvents(a.id, 'incoming_invoice.duplicate')).toHaveLength(0);
  });

  it('ignores a message to no receiving address of this deployment', async () => {
    const raw = await compose(['someone@elsewhere.example'], []);
    const outcomes = await receiveEmail(deps, {
      raw,
      recipients: ['someone@elsewhere.example', `${a.id}@other.example`],
      messageId: 'ses-message-2',
    });
    expect(outcomes).toEqual([]);
  });
});
