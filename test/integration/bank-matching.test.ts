// Matching by payment reference (docs/reconciliation.md "Matching"): a booked incoming transfer that
// names an open invoice's reference, in the structured field or anywhere in its text, pays that
// invoice in the transaction that books it; nothing else does, and a statement imported again pays
// nothing twice.
import { beforeAll, describe, expect, it } from 'vitest';
import { compactReference } from '#shared/domain/payment-reference';
import { call, newTenant } from '#test/support/api';
import { camtStatement } from '#test/support/bank-statements';
import { decimal, minor, receivingTenant, transfer } from '#test/support/bank-matching';
import { deliverFromBus } from '#test/support/bus';
import { austrianSeller } from '#test/support/eu-invoice';
import { outboxEvents } from '#test/support/peppol-queue';

let book: Awaited<ReturnType<typeof receivingTenant>>;
let tenant: typeof book.tenant;
let worker: typeof book.worker;
const issued = (due_date?: string) => book.issued(due_date);
const imported = (entries: Parameters<typeof book.imported>[0]) => book.imported(entries);
const invoiceOf = (id: string) => book.invoiceOf(id);
const paymentsOf = (id: string) => book.paymentsOf(id);

beforeAll(async () => {
  book = await receivingTenant('Matching');
  ({ tenant, worker } = book);
});

describe('a booked transfer naming a payment reference', () => {
  it('pays the invoice by its structured reference, recorded as a bank transfer with the transaction', async () => {
    const invoice = await issued();
    const structured = compactReference(invoice.payment_reference);
    const { job, transactions } = await imported([transfer(invoice.total_amount, { structured })]);
    expect(job.counts).toMatchObject({ booked: 1, matched: 1, unmatched: 0 });
    expect((await invoiceOf(invoice.id)).status).toBe('paid');
    const [payment, ...more] = await paymentsOf(invoice.id);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({
      amount: invoice.total_amount,
      method: 'bank_transfer',
      provider: 'bank',
      paid_at: '2026-11-20T00:00:00.000Z',
    });
    const [transaction] = transactions;
    expect(transaction).toMatchObject({
      status: 'matched',
      needs_review: false,
      unapplied: '0.00',
      matches: [
        {
          invoice: { id: invoice.id, number: invoice.invoice_number },
          payment: payment.id,
          amount: invoice.total_amount,
          rule: 'structured_reference',
        },
      ],
    });
    const announced = (await outboxEvents(tenant.id, 'bank_transaction.matched')).map(
      (event) => (event.data.object as { id: string }).id,
    );
    expect(announced).toContain(transaction.id);
  });

  it('finds the reference in the free text, spaced and in lower case, and a part payment leaves the rest due', async () => {
    const invoice = await issued();
    const part = decimal(minor(invoice.total_amount) / 3n);
    const text = `Invoice ${invoice.payment_reference.toLowerCase()} first instalment`;
    const { transactions } = await imported([transfer(part, { text })]);
    expect(transactions[0]).toMatchObject({
      status: 'matched',
      matches: [{ amount: part, rule: 'structured_reference' }],
    });
    const now = await invoiceOf(invoice.id);
    expect(now.status).toBe('partially_paid');
    expect(now.amount_due).toBe(decimal(minor(invoice.total_amount) - minor(part)));
  });

  it('pays what is due of an overpayment and keeps the rest as unapplied', async () => {
    const invoice = await issued();
    const paid = decimal(minor(invoice.total_amount) + 1234n);
    const { transactions } = await imported([
      transfer(paid, { structured: compactReference(invoice.payment_reference) }),
    ]);
    expect(transactions[0]).toMatchObject({
      status: 'matched',
      unapplied: '12.34',
      matches: [{ amount: invoice.total_amount }],
    });
    expect((await invoiceOf(invoice.id)).amount_due).toBe('0.00');
  });

  it('leaves for review a transfer in another currency, a debit, a pending entry and a reference with a wrong check digit', async () => {
    const invoice = await issued();
    const reference = compactReference(invoice.payment_reference);
    const wrong = `RF${String((Number(reference.slice(2, 4)) + 1) % 100).padStart(2, '0')}${reference.slice(4)}`;
    const { job, transactions } = await imported([
      transfer(invoice.total_amount, { structured: reference, currency: 'USD' }),
      transfer(invoice.total_amount, { structured: reference, direction: 'debit' }),
      transfer(invoice.total_amount, { structured: reference, booked: false }),
      // From an account no match has taught (the amount rule would pay the invoice owing exactly this).
      transfer(invoice.total_amount, { text: `Payment ${wrong}`, iban: null }),
    ]);
    expect(job.counts).toMatchObject({ booked: 4, matched: 0 });
    expect(transactions.map((tx: { status: string }) => tx.status)).toEqual(Array(4).fill('unmatched'));
    expect((await invoiceOf(invoice.id)).status).toBe('sent');
    expect(await paymentsOf(invoice.id)).toEqual([]);
    const review = (await outboxEvents(tenant.id, 'bank_transaction.needs_review')).map(
      (event) => (event.data.object as { id: string }).id,
    );
    const credits = transactions.filter((tx: { direction: string; needs_review: boolean }) => tx.needs_review);
    expect(credits.length).toBeGreaterThan(0);
    for (const tx of credits) expect(review).toContain(tx.id);
  });

  it('pays the invoices of several references in order of due date, the earliest first', async () => {
    const late = await issued('2026-12-20');
    const early = await issued('2026-12-05');
    const amount = decimal(minor(early.total_amount) + 100n);
    const text = `${late.payment_reference} and ${early.payment_reference}`;
    const { transactions } = await imported([transfer(amount, { text })]);
    expect(transactions[0].matches).toEqual([
      expect.objectContaining({ invoice: { id: early.id, number: early.invoice_number }, amount: early.total_amount }),
      expect.objectContaining({ invoice: { id: late.id, number: late.invoice_number }, amount: '1.00' }),
    ]);
    expect((await invoiceOf(early.id)).status).toBe('paid');
    expect(await invoiceOf(late.id)).toMatchObject({ status: 'partially_paid', amount_paid: '1.00' });
  });

  it('pays by the invoice number written in the text when no reference is given', async () => {
    const invoice = await issued();
    const text = `Rechnung ${invoice.invoice_number.toLowerCase()}, danke.`;
    const { transactions } = await imported([transfer(invoice.total_amount, { text })]);
    expect(transactions[0]).toMatchObject({ status: 'matched', matches: [{ rule: 'invoice_number' }] });
    expect((await invoiceOf(invoice.id)).status).toBe('paid');
    const other = await newTenant('Matching other');
    const foreign = await call('update-organization', {
      token: other.ownerToken,
      body: { ...austrianSeller, default_currency: 'EUR', bank_accounts: [{ iban: 'DE89370400440532013000' }] },
    });
    expect(foreign.status, foreign.text).toBe(200);
    // The same number in another organization's statement names nothing there.
    const upload = await call('import-bank-statement', {
      token: other.apiKey,
      file: {
        bytes: new TextEncoder().encode(
          camtStatement([transfer(invoice.total_amount, { text })], {
            kind: '053',
            version: 8,
            iban: 'DE89370400440532013000',
          }),
        ),
        type: 'application/xml',
      },
    });
    expect(upload.status, upload.text).toBe(202);
    const event = (await outboxEvents(other.id, 'bank_statement.created'))[0]!;
    expect(await deliverFromBus(worker, [event])).toEqual([]);
    const theirs = await call('get-bank-statement', { token: other.apiKey, params: { id: upload.json.id } });
    expect(theirs.json.counts).toMatchObject({ booked: 1, matched: 0, unmatched: 1 });
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  it('pays nothing twice when the same statement comes again, or two workers book it at once', async () => {
    const invoice = await issued();
    const part = decimal(minor(invoice.total_amount) / 4n);
    const entries = [transfer(part, { structured: compactReference(invoice.payment_reference) })];
    const first = await imported(entries);
    expect(first.job.counts).toMatchObject({ matched: 1 });
    const again = await call('import-bank-statement', {
      token: tenant.apiKey,
      file: { bytes: new TextEncoder().encode(first.text), type: 'application/xml' },
    });
    expect(again.status, again.text).toBe(202);
    const events = (await outboxEvents(tenant.id, 'bank_statement.created')).filter(
      (event) => (event.data.object as { id: string }).id === again.json.id,
    );
    await Promise.all([deliverFromBus(worker, events), deliverFromBus(worker, events)]);
    const job = (await call('get-bank-statement', { token: tenant.apiKey, params: { id: again.json.id } })).json;
    expect(job.counts).toMatchObject({ booked: 0, duplicates: 1, matched: 0 });
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    expect((await invoiceOf(invoice.id)).amount_paid).toBe(part);
  });
});
