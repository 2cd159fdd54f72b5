// Sending invoices by e-mail, checked where a person would look: the message as the SES emulator
// stored it, and the attached PDF's text.
import { SesRefusedError, SesSender } from '#shared/aws/ses';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '#shared/documents/invoice-pdf';
import { call, invoiceBody, newTenant } from '#test/support/api';
import { readPdf } from '#test/support/pdf';
import { storedEmail } from '#test/support/emails';

let tenant: Awaited<ReturnType<typeof newTenant>>;
let clientId: string;
beforeAll(async () => {
  tenant = await newTenant('Mailing Co');
  clientId = (
    await call('create-client', {
      token: tenant.apiKey,
      body: { name: 'Recipient Ltd', email: 'ap@recipient.example' },
    })
  ).json.id;
});
const send = (id: string, email = 'ap@recipient.example') =>
  call('send-invoice', { token: tenant.apiKey, params: { id }, body: { email } });

describe('sending an invoice', () => {
  it('e-mails it with both parts and the PDF, and moves the draft to sent', async () => {
    const { json: draft } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
    const result = await send(draft.id);
    expect(result.status).toBe(200);
    expect(Object.keys(result.json).sort()).toEqual(['channel', 'message', 'sending', 'sent_at', 'sent_to']);
    expect([result.json.channel, result.json.sending]).toEqual(['email', null]);
    expect(result.json.sent_to).toBe('ap@recipient.example');

    const invoice = (await call('get-invoice', { token: tenant.apiKey, params: { id: draft.id } })).json;
    expect(invoice.status).toBe('sent');
    expect(invoice.sent_at).toBe(result.json.sent_at);
    expect(invoice.sendings).toHaveLength(1);
    const email = (await storedEmail(invoice.sendings[0].message_id))!;
    expect(email.destination.to).toEqual(['ap@recipient.example']);
    expect(email.from).toContain('billing@acme.example');
    expect(email.subject).toBe(`Invoice ${draft.invoice_number} from Mailing Co`);
    for (const part of [email.body.text, email.body.html]) {
      expect(part).toContain(draft.invoice_number);
      expect(part).toContain('$64.92');
      expect(part).toContain(draft.public_url);
    }
    const [attachment] = email.attachments;
    expect(attachment).toMatchObject({ filename: `${draft.invoice_number}.pdf`, contentType: 'application/pdf' });
    const { text } = readPdf(Buffer.from(attachment!.content, 'base64'));
    for (const figure of [draft.invoice_number, 'Recipient Ltd', '59.97', '4.95', '64.92', '19.99', '8.25'])
      expect(text).toContain(figure);
  });

  it('sends a reminder for an invoice already sent, and records every sending', async () => {
    const { json: draft } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
    await send(draft.id);
    const reminder = await send(draft.id, 'boss@recipient.example');
    expect(reminder.json.message).toContain('Reminder');
    const invoice = (await call('get-invoice', { token: tenant.apiKey, params: { id: draft.id } })).json;
    expect(invoice.status).toBe('sent');
    expect(invoice.sendings.map((s: { to: string; reminder: boolean }) => [s.to, s.reminder])).toEqual([
      ['ap@recipient.example', false],
      ['boss@recipient.example', true],
    ]);
    expect((await storedEmail(invoice.sendings[1].message_id))!.subject).toMatch(/^Reminder: /);
  });

  it('refuses to send a void or a paid invoice with 409 invalid_state', async () => {
    const { json: draft } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
    await call('void-invoice', { token: tenant.apiKey, params: { id: draft.id } });
    const refused = await send(draft.id);
    expect([refused.status, refused.json.error.code]).toEqual([409, 'invalid_state']);
  });

  it('answers 502 email_delivery_failed and leaves the invoice unchanged when SES fails', async () => {
    const { json: draft } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
    const original = SesSender.prototype.sendRawEmail;
    SesSender.prototype.sendRawEmail = () =>
      Promise.reject(new SesRefusedError(400, 'MessageRejected', 'Email address is not verified'));
    try {
      const failed = await send(draft.id);
      expect([failed.status, failed.json.error.code]).toEqual([502, 'email_delivery_failed']);
      expect(JSON.stringify(failed.json)).not.toContain('not verified');
    } finally {
      SesSender.prototype.sendRawEmail = original;
    }
    const invoice = (await call('get-invoice', { token: tenant.apiKey, params: { id: draft.id } })).json;
    expect(invoice).toMatchObject({ status: 'draft', sendings: [], sent_at: null });
  });

  it('refuses a malformed address', async () => {
    const { json: draft } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
    const refused = await send(draft.id, 'not-an-address');
    expect([refused.status, refused.json.error.code]).toEqual([400, 'validation_error']);
  });
});

describe('the invoice PDF', () => {
  it('breaks a 300-line invoice across several pages, every line and the totals on them', async () => {
    const lines = Array.from({ length: 300 }, (_, index) => ({
      description: `Line item number ${index + 1} with a longer description that wraps`,
      quantity: 1,
      unit_price: '1.00',
      tax_rate: '10',
    }));
    const { json } = await call('create-invoice', {
      token: tenant.apiKey,
      body: invoiceBody(clientId, { line_items: lines }),
    });
    expect(json.total_amount).toBe('330.00');
    const { text, pages } = readPdf(await renderInvoicePdf({ invoice: json }));
    expect(pages).toBeGreaterThan(5);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    for (const index of [1, 150, 300]) expect(text).toContain(`Line item number ${index} `);
    for (const figure of ['300.00', '30.00', '330.00']) expect(text).toContain(figure);
  });
});
