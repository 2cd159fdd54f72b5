// Structured payment references (docs/reconciliation.md): made once at issue, one per invoice, and
// printed where a payer copies them from: the PDF, the EPC QR code a banking app scans, every
// e-invoice's BT-83.
import { beforeAll, describe, expect, it } from 'vitest';
import { epcPayload } from '#shared/documents/epc-qr';
import { invoiceOfReference } from '#shared/data/payment-references';
import { compactReference, isOgmReference, isRfReference } from '#shared/domain/payment-reference';
import { call, db, newTenant } from '#test/support/api';
import { austrianSeller, euInvoice, frenchBuyer } from '#test/support/eu-invoice';
import { qrInPdf, readPdf } from '#test/support/pdf';

type Tenant = Awaited<ReturnType<typeof newTenant>>;

async function sellerWith(scheme?: string): Promise<{ tenant: Tenant; client: string }> {
  const tenant = await newTenant(`References ${scheme ?? 'default'}`);
  const body = { ...austrianSeller, default_currency: 'EUR', ...(scheme ? { payment_reference_scheme: scheme } : {}) };
  const profile = await call('update-organization', { token: tenant.ownerToken, body });
  expect(profile.status, profile.text).toBe(200);
  const client = await call('create-client', { token: tenant.apiKey, body: frenchBuyer });
  return { tenant, client: client.json.id };
}

const draftOf = async ({ tenant, client }: { tenant: Tenant; client: string }) =>
  (
    await call('create-invoice', {
      token: tenant.apiKey,
      body: { client, issue_date: '2026-11-02', due_date: '2026-12-02', ...euInvoice() },
    })
  ).json;

const sent = async (seller: { tenant: Tenant }, id: string) => {
  const answer = await call('send-invoice', { token: seller.tenant.apiKey, params: { id }, body: {} });
  expect(answer.status, answer.text).toBe(200);
  return (await call('get-invoice', { token: seller.tenant.apiKey, params: { id } })).json;
};

const pdfOf = async (invoice: { public_url: string }) =>
  (
    await call('download-public-invoice', {
      params: { token: new URL(invoice.public_url).pathname.split('/').at(-2)! },
    })
  ).bytes;

let rf: Awaited<ReturnType<typeof sellerWith>>;
beforeAll(async () => {
  rf = await sellerWith();
});

describe('an invoice issued', () => {
  it('carries an RF reference made at its first sending, printed on the PDF and in the QR code’s structured field', async () => {
    const draft = await draftOf(rf);
    expect(draft.payment_reference).toBeNull();
    const invoice = await sent(rf, draft.id);
    expect(invoice.payment_reference).toMatch(/^RF\d{2}( [0-9A-Z]{1,4})+$/);
    const compact = compactReference(invoice.payment_reference);
    expect(isRfReference(compact)).toBe(true);
    expect(await invoiceOfReference(db, rf.tenant.id, compact)).toBe(invoice.id);

    const bytes = await pdfOf(invoice);
    expect(readPdf(bytes).text.replace(/\s+/g, ' ')).toContain(invoice.payment_reference);
    const scanned = qrInPdf(bytes)!;
    expect(scanned).toBe(
      epcPayload({
        name: 'Weinhaus GmbH',
        iban: 'AT611904300234573201',
        bic: 'BKAUATWW',
        amount: '565.07',
        structuredReference: compact,
      }),
    );
    // EPC069-12: the tenth line is the structured creditor reference, and no free text follows it.
    expect(scanned.split('\n').slice(9)).toEqual([compact]);

    // A reminder repeats the invoice as issued: the reference stays.
    await call('send-reminder', { token: rf.tenant.apiKey, params: { id: invoice.id }, body: {} });
    const reminded = (await call('get-invoice', { token: rf.tenant.apiKey, params: { id: invoice.id } })).json;
    expect(reminded.payment_reference).toBe(invoice.payment_reference);
  });

  it('writes the reference without spaces as BT-83 in the e-invoice, in UBL and CII', async () => {
    const invoice = await sent(rf, (await draftOf(rf)).id);
    const compact = compactReference(invoice.payment_reference);
    const formatted = async (format: string) =>
      (await call('get-invoice-e-invoice', { token: rf.tenant.apiKey, params: { id: invoice.id }, query: { format } }))
        .text;
    expect(await formatted('ubl')).toContain(`<cbc:PaymentID>${compact}</cbc:PaymentID>`);
    expect(await formatted('cii')).toContain(`<ram:PaymentReference>${compact}</ram:PaymentReference>`);
  });

  it('takes a reference of its own: invoices sent at once never share one, and a raced draft keeps one', async () => {
    const drafts = await Promise.all(Array.from({ length: 6 }, () => draftOf(rf)));
    // Each draft sent twice at once: one sending issues it, the other becomes a reminder.
    await Promise.all(
      drafts.flatMap((draft) =>
        [0, 1].map(() => call('send-invoice', { token: rf.tenant.apiKey, params: { id: draft.id }, body: {} })),
      ),
    );
    const invoices = await Promise.all(
      drafts.map(
        async (draft) => (await call('get-invoice', { token: rf.tenant.apiKey, params: { id: draft.id } })).json,
      ),
    );
    const references = invoices.map((invoice) => compactReference(invoice.payment_reference));
    expect(new Set(references).size).toBe(drafts.length);
    for (const invoice of invoices) {
      const compact = compactReference(invoice.payment_reference);
      expect(await invoiceOfReference(db, rf.tenant.id, compact)).toBe(invoice.id);
      // The PDF kept is the issued one: it prints the reference the invoice holds.
      expect(readPdf(await pdfOf(invoice)).text.replace(/\s+/g, ' ')).toContain(invoice.payment_reference);
    }
  });

  it('carries a Belgian structured communication where the organization chooses it', async () => {
    const ogm = await sellerWith('be_ogm');
    const invoice = await sent(ogm, (await draftOf(ogm)).id);
    expect(invoice.payment_reference).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    const digits = compactReference(invoice.payment_reference);
    expect(isOgmReference(digits)).toBe(true);
    expect(
      qrInPdf(await pdfOf(invoice))!
        .split('\n')
        .slice(9),
    ).toEqual([digits]);
  });

  it('carries none where the organization issues none: the number stands in the QR code’s text', async () => {
    const none = await sellerWith('none');
    const invoice = await sent(none, (await draftOf(none)).id);
    expect(invoice.payment_reference).toBeNull();
    expect(
      qrInPdf(await pdfOf(invoice))!
        .split('\n')
        .slice(9),
    ).toEqual(['', invoice.invoice_number]);
  });

  it('refuses a scheme it does not know, with a validation error naming the field', async () => {
    const answer = await call('update-organization', {
      token: rf.tenant.ownerToken,
      body: { payment_reference_scheme: 'iso' },
    });
    expect([answer.status, answer.json.error.code]).toEqual([400, 'validation_error']);
    expect(answer.json.error.details.fields).toHaveProperty(['payment_reference_scheme']);
  });
});
