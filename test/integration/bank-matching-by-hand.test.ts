// Matching by hand (docs/reconciliation.md "By hand"): what is left of a booked incoming transfer pays
// the invoice a person names, up to what it owes; unmatching takes every payment of the transfer back,
// kept listed as reversed, and leaves the transaction for review.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, db, newTenant } from '#test/support/api';
import { deliverFromBus } from '#test/support/bus';
import { rebuildRevenue } from '#shared/reports/rebuild';
import { decimal, minor, receivingTenant, transfer } from '#test/support/bank-matching';
import { outboxEvents } from '#test/support/peppol-queue';

/** A due date a month from today: the invoice owing again is not overdue. */
const notYetDue = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
let book: Awaited<ReturnType<typeof receivingTenant>>;
const match = (id: string, body: Record<string, unknown>, token = book.tenant.apiKey) =>
  call('match-bank-transaction', { token, params: { id }, body });
const unmatch = (id: string, token = book.tenant.apiKey) =>
  call('unmatch-bank-transaction', { token, params: { id }, body: {} });

/** One unmatched incoming transfer of `amount`, booked. */
async function unmatchedTransfer(amount: string, over: Parameters<typeof transfer>[1] = {}) {
  const { transactions } = await book.imported([transfer(amount, { text: 'no reference here', ...over })]);
  expect(transactions[0]).toMatchObject({ status: 'unmatched' });
  return transactions[0] as { id: string; needs_review: boolean };
}

beforeAll(async () => {
  book = await receivingTenant('Matching by hand');
});

describe('a transfer matched by hand', () => {
  it('pays what the invoice owes by default and keeps the rest of the transfer to apply', async () => {
    const invoice = await book.issued();
    const transaction = await unmatchedTransfer(decimal(minor(invoice.total_amount) + 500n));
    const matched = await match(transaction.id, { invoice: invoice.id });
    expect(matched.status, matched.text).toBe(200);
    const [payment] = await book.paymentsOf(invoice.id);
    expect(matched.json).toMatchObject({
      id: transaction.id,
      status: 'matched',
      needs_review: false,
      unapplied: '5.00',
      matches: [{ invoice: { id: invoice.id }, payment: payment.id, amount: invoice.total_amount, rule: 'manual' }],
    });
    expect(payment).toMatchObject({ amount: invoice.total_amount, method: 'bank_transfer', reversed_at: null });
    expect((await book.invoiceOf(invoice.id)).status).toBe('paid');
    // What is left pays a second invoice in part; then nothing is left.
    const second = await book.issued();
    const again = await match(transaction.id, { invoice: second.id });
    expect(again.status, again.text).toBe(200);
    expect(again.json.unapplied).toBe('0.00');
    expect(again.json.matches.map((each: { amount: string }) => each.amount)).toEqual([invoice.total_amount, '5.00']);
    expect(await book.invoiceOf(second.id)).toMatchObject({ status: 'partially_paid', amount_paid: '5.00' });
    const full = await match(transaction.id, { invoice: second.id });
    expect([full.status, full.json.error?.code]).toEqual([409, 'invalid_state']);
  });

  it('refuses more than the transfer has left or the invoice owes, another currency, and a debit', async () => {
    const invoice = await book.issued();
    const transaction = await unmatchedTransfer('10.00');
    const above = await match(transaction.id, { invoice: invoice.id, amount: '10.01' });
    expect([above.status, above.json.error?.code]).toEqual([400, 'validation_error']);
    expect(JSON.stringify(above.json.error)).toContain('amount');
    const small = await book.issued();
    const bigTransfer = await unmatchedTransfer(decimal(minor(small.total_amount) * 2n));
    const overDue = await match(bigTransfer.id, { invoice: small.id, amount: decimal(minor(small.total_amount) + 1n) });
    expect([overDue.status, overDue.json.error?.code]).toEqual([400, 'validation_error']);
    const dollars = await unmatchedTransfer('10.00', { currency: 'USD' });
    const currency = await match(dollars.id, { invoice: invoice.id });
    expect([currency.status, currency.json.error?.code]).toEqual([400, 'validation_error']);
    expect(JSON.stringify(currency.json.error)).toContain('invoice');
    const debit = await unmatchedTransfer('10.00', { direction: 'debit' });
    const paidOut = await match(debit.id, { invoice: invoice.id });
    expect([paidOut.status, paidOut.json.error?.code]).toEqual([409, 'invalid_state']);
    const malformed = await match(transaction.id, { invoice: invoice.id, amount: 10 });
    expect(malformed.status).toBe(400);
    // Nothing was written by any refusal.
    expect(await book.paymentsOf(invoice.id)).toEqual([]);
    expect(await book.paymentsOf(small.id)).toEqual([]);
    expect(
      (await call('get-bank-transaction', { token: book.tenant.apiKey, params: { id: transaction.id } })).json,
    ).toMatchObject({ status: 'unmatched', matches: [] });
  });

  it("cannot name another organization's invoice", async () => {
    const other = await receivingTenant('Matching by hand, other', 'DE89370400440532013000');
    const theirs = await other.issued();
    const transaction = await unmatchedTransfer(theirs.total_amount);
    const answer = await match(transaction.id, { invoice: theirs.id });
    expect([answer.status, answer.json.error?.code]).toEqual([404, 'not_found']);
    expect(await other.paymentsOf(theirs.id)).toEqual([]);
    const stranger = await newTenant('Stranger');
    const foreign = await match(transaction.id, { invoice: theirs.id }, stranger.apiKey);
    expect(foreign.status).toBe(404);
  });
});

describe('a transfer unmatched', () => {
  it('takes back each payment it made, the invoices owing again, and leaves the transaction for review', async () => {
    const first = await book.issued(notYetDue);
    const second = await book.issued('2026-11-10');
    const amount = decimal(minor(first.total_amount) + 700n);
    const transaction = await unmatchedTransfer(amount);
    expect((await match(transaction.id, { invoice: first.id })).status).toBe(200);
    expect((await match(transaction.id, { invoice: second.id })).status).toBe(200);
    const undone = await unmatch(transaction.id);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.json).toMatchObject({ status: 'unmatched', needs_review: true, matches: [], unapplied: '0.00' });
    expect(await book.invoiceOf(first.id)).toMatchObject({ status: 'sent', amount_paid: '0.00' });
    // Past its due date, the invoice owing again is overdue.
    expect(await book.invoiceOf(second.id)).toMatchObject({ status: 'overdue', amount_paid: '0.00' });
    const [payment] = await book.paymentsOf(first.id);
    expect(payment.reversed_at).toEqual(expect.any(String));
    const reversed = (await outboxEvents(book.tenant.id, 'payment.reversed')).map(
      (event) => (event.data.payment as { id: string }).id,
    );
    expect(reversed).toContain(payment.id);
    const announced = (await outboxEvents(book.tenant.id, 'bank_transaction.unmatched')).map(
      (event) => (event.data.object as { id: string }).id,
    );
    expect(announced).toContain(transaction.id);
    const twice = await unmatch(transaction.id);
    expect([twice.status, twice.json.error?.code]).toEqual([409, 'invalid_state']);
    // Matched again, it pays anew: the reversed payment stays listed beside the new one.
    expect((await match(transaction.id, { invoice: first.id })).status).toBe(200);
    const payments = await book.paymentsOf(first.id);
    expect(payments.map((each: { reversed_at: string | null }) => each.reversed_at === null).sort()).toEqual([
      false,
      true,
    ]);
    expect((await book.invoiceOf(first.id)).status).toBe('paid');
  });

  it('undoes a match the statement worker made by reference', async () => {
    const invoice = await book.issued(notYetDue);
    const { transactions } = await book.imported([
      transfer(invoice.total_amount, { text: `Ref ${invoice.payment_reference}` }),
    ]);
    expect(transactions[0].status).toBe('matched');
    const undone = await unmatch(transactions[0].id);
    expect(undone.status, undone.text).toBe(200);
    expect(await book.invoiceOf(invoice.id)).toMatchObject({ status: 'sent', amount_due: invoice.total_amount });
  });

  it('takes back from revenue what the payment added: collected as before, as the rebuild finds it', async () => {
    const own = await receivingTenant('Revenue of a transfer', 'BE68539007547034');
    const { handler } = await import('#functions/revenue-aggregator/handler');
    const invoice = await own.issued(notYetDue);
    const { transactions } = await own.imported([transfer(invoice.total_amount, { text: 'none' })]);
    const matched = await call('match-bank-transaction', {
      token: own.tenant.apiKey,
      params: { id: transactions[0].id },
      body: { invoice: invoice.id },
    });
    expect(matched.status, matched.text).toBe(200);
    const collected = async () => {
      const events = [
        ...(await outboxEvents(own.tenant.id, 'invoice.sent')),
        ...(await outboxEvents(own.tenant.id, 'payment.received')),
        ...(await outboxEvents(own.tenant.id, 'payment.reversed')),
      ];
      expect(await deliverFromBus(handler, events)).toEqual([]);
      const query = { period: 'monthly', start_date: '2026-11-01', end_date: '2026-11-30' };
      const answer = await call('get-revenue-report', { token: own.tenant.apiKey, query });
      return answer.json.totals[0] as { collected: string; payment_count: number };
    };
    expect(await collected()).toMatchObject({ collected: invoice.total_amount, payment_count: 1 });
    const undone = await call('unmatch-bank-transaction', {
      token: own.tenant.apiKey,
      params: { id: transactions[0].id },
      body: {},
    });
    expect(undone.status, undone.text).toBe(200);
    expect(await collected()).toMatchObject({ collected: '0.00', payment_count: 0 });
    expect((await rebuildRevenue(db, own.tenant.id, { apply: false })).differences).toEqual([]);
  });

  it('refuses a transaction that is not matched', async () => {
    const transaction = await unmatchedTransfer('3.00');
    const answer = await unmatch(transaction.id);
    expect([answer.status, answer.json.error?.code]).toEqual([409, 'invalid_state']);
  });
});
