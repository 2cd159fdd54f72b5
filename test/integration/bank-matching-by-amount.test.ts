// The amount rule (docs/reconciliation.md "Matching"): a credit that names nothing pays the one open
// invoice, issued at most 60 days before it was booked, of the payer's client — the client an earlier
// matched transfer from its IBAN paid for, else the one whose name is the payer's (case and spacing
// ignored) — that owes exactly its amount. Anything else is set aside with suggestions.
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { indexClientNames } from '#shared/clients/index-client-names';
import { clientNameKey } from '#shared/data/keys';
import { nameKeyOf } from '#shared/domain/counterparty';
import { compactReference } from '#shared/domain/payment-reference';
import { call, db } from '#test/support/api';
import { receivingTenant, transfer } from '#test/support/bank-matching';
import { outboxEvents } from '#test/support/peppol-queue';

type Listed = {
  id: string;
  status: string;
  needs_review: boolean;
  matches: { invoice: { id: string }; rule: string; amount: string }[];
  suggestions: { invoice: { id: string; number: string }; score: number; why: string }[];
};

const IBANS = {
  de: 'DE89370400440532013000',
  gb: 'GB82WEST12345698765432',
  nl: 'NL91ABNA0417164300',
  es: 'ES9121000418450200051332',
  it: 'IT60X0542811101000000123456',
};
const PAYER = 'SOCIÉTÉ  GÉNÉRALE de  TEST';

describe('a transfer that names no invoice', () => {
  it('pays the one open invoice of the client named as the payer that owes exactly the amount', async () => {
    const book = await receivingTenant('By amount, by name');
    const other = await book.issued();
    const invoice = await book.issued('2026-12-20');
    await call('record-payment', {
      token: book.tenant.apiKey,
      params: { id: other.id },
      body: { amount: '10.00', method: 'cash' },
    });
    const { job, transactions } = await book.imported([
      transfer(invoice.total_amount, { name: PAYER, iban: IBANS.de, text: 'November' }),
    ]);
    expect(job.counts).toMatchObject({ booked: 1, matched: 1, unmatched: 0 });
    const [tx] = transactions as Listed[];
    expect(tx!.matches).toEqual([
      expect.objectContaining({ invoice: expect.objectContaining({ id: invoice.id }), rule: 'amount' }),
    ]);
    expect(tx!.needs_review).toBe(false);
    expect((await book.invoiceOf(invoice.id)).status).toBe('paid');
    expect((await book.invoiceOf(other.id)).status).not.toBe('paid');
    const [payment] = await book.paymentsOf(invoice.id);
    expect(payment).toMatchObject({ method: 'bank_transfer', amount: invoice.total_amount });
  });

  it('learns the IBAN of a matched transfer and pays by amount what comes from it under another name', async () => {
    const book = await receivingTenant('By amount, by IBAN');
    const first = await book.issued();
    const second = await book.issued();
    const unknown = { name: 'Treasury Services BV', iban: IBANS.gb };
    const before = await book.imported([transfer(second.total_amount, { ...unknown, text: 'no words' })]);
    expect(before.job.counts).toMatchObject({ matched: 0, unmatched: 1 });
    await book.imported([
      transfer(first.total_amount, { ...unknown, structured: compactReference(first.payment_reference) }),
    ]);
    const { transactions } = await book.imported([transfer(second.total_amount, { ...unknown, text: 'Dec' })]);
    expect((transactions as Listed[])[0]!.matches.map((match) => [match.invoice.id, match.rule])).toEqual([
      [second.id, 'amount'],
    ]);
    expect((await book.invoiceOf(second.id)).status).toBe('paid');
  });

  it('sets aside a transfer two open invoices owe exactly, suggesting both, and announces it for review', async () => {
    const book = await receivingTenant('By amount, ambiguous');
    const one = await book.issued('2026-12-05');
    const two = await book.issued('2026-12-10');
    const { job, transactions } = await book.imported([transfer(one.total_amount, { name: PAYER, iban: IBANS.nl })]);
    expect(job.counts).toMatchObject({ matched: 0, unmatched: 1 });
    const [tx] = transactions as Listed[];
    expect(tx).toMatchObject({ status: 'unmatched', needs_review: true, matches: [] });
    expect(tx!.suggestions.map((suggestion) => [suggestion.invoice.id, suggestion.score])).toEqual([
      [one.id, 70],
      [two.id, 70],
    ]);
    expect(tx!.suggestions[0]!.why).toMatch(/exactly the amount/);
    const review = await outboxEvents(book.tenant.id, 'bank_transaction.needs_review');
    const announced = review.find((event) => (event.data.object as { id: string }).id === tx!.id);
    expect((announced!.data.object as Listed).suggestions).toHaveLength(2);
    expect((await book.invoiceOf(one.id)).status).toBe('sent');
  });

  it('pays nothing issued over 60 days before, in another currency or not owing exactly the amount', async () => {
    const book = await receivingTenant('By amount, refused');
    const old = await book.issued('2026-10-01', '2026-09-20');
    const recent = await book.issued();
    const paid = await call('record-payment', {
      token: book.tenant.apiKey,
      params: { id: recent.id },
      body: { amount: '10.00', method: 'cash' },
    });
    expect(paid.status, paid.text).toBe(201);
    const payer = { name: PAYER, iban: IBANS.es };
    const { job, transactions } = await book.imported([
      transfer(old.total_amount, payer),
      transfer(old.total_amount, { ...payer, currency: 'USD' }),
      transfer('100.00', payer),
    ]);
    expect(job.counts).toMatchObject({ booked: 3, matched: 0, unmatched: 3 });
    const listed = transactions as (Listed & { amount: string; currency: string })[];
    const scored = (amount: string, currency: string) =>
      listed
        .find((tx) => tx.amount === amount && tx.currency === currency)!
        .suggestions.map((suggestion) => [suggestion.invoice.id, suggestion.score]);
    // The old invoice owes the amount but is outside the window; the recent one owes less and is offered.
    expect(scored(old.total_amount, 'EUR')).toEqual([[recent.id, 30]]);
    expect(scored(old.total_amount, 'USD')).toEqual([]);
    expect(scored('100.00', 'EUR')).toEqual([[recent.id, 40]]);
    expect(await book.paymentsOf(old.id)).toEqual([]);
    expect(await book.paymentsOf(recent.id)).toHaveLength(1);
  });

  it('finds a renamed client by its new name only', async () => {
    const book = await receivingTenant('By amount, renamed');
    const invoice = await book.issued();
    const renamed = await call('update-client', {
      token: book.tenant.apiKey,
      params: { id: book.client },
      body: { name: 'Générale Holding' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const byOld = await book.imported([transfer(invoice.total_amount, { name: PAYER, iban: null })]);
    expect(byOld.job.counts).toMatchObject({ matched: 0, unmatched: 1 });
    const byNew = await book.imported([transfer(invoice.total_amount, { name: ' générale HOLDING ', iban: null })]);
    expect(byNew.job.counts).toMatchObject({ matched: 1 });
    expect((byNew.transactions as Listed[])[0]!.matches[0]!.rule).toBe('amount');
  });

  it('finds clients stored before names were kept once index-client-names has run, and again changes nothing', async () => {
    const book = await receivingTenant('By amount, stored before');
    const invoice = await book.issued();
    // As a client stored before this version: no name item.
    const key = clientNameKey(book.tenant.id, nameKeyOf(PAYER));
    await db.client.send(new DeleteCommand({ TableName: db.table, Key: key }));
    const before = await book.imported([transfer(invoice.total_amount, { name: PAYER, iban: null })]);
    expect(before.job.counts).toMatchObject({ matched: 0 });
    expect(await indexClientNames(db, book.tenant.id)).toBe(1);
    expect(await indexClientNames(db, book.tenant.id)).toBe(1);
    const after = await book.imported([transfer(invoice.total_amount, { name: PAYER, iban: null })]);
    expect(after.job.counts).toMatchObject({ matched: 1 });
  });

  it("finds no client when two share the payer's name", async () => {
    const book = await receivingTenant('By amount, namesakes');
    const twin = await call('create-client', {
      token: book.tenant.apiKey,
      body: { name: 'Société Générale  de Test', email: 'twin@example.com', country: 'FR' },
    });
    expect(twin.status, twin.text).toBe(201);
    const invoice = await book.issued();
    const { job, transactions } = await book.imported([transfer(invoice.total_amount, { name: PAYER, iban: null })]);
    expect(job.counts).toMatchObject({ matched: 0, unmatched: 1 });
    expect((transactions as Listed[])[0]!.suggestions).toEqual([]);
  });

  it('suggests an invoice the transfer names by reference but in another currency', async () => {
    const book = await receivingTenant('Suggested by reference');
    const invoice = await book.issued();
    const reference = compactReference(invoice.payment_reference);
    const { transactions } = await book.imported([
      transfer(invoice.total_amount, { structured: reference, currency: 'USD', iban: null, name: null }),
    ]);
    const [suggestion] = (transactions as Listed[])[0]!.suggestions;
    expect(suggestion).toMatchObject({ invoice: { id: invoice.id, number: invoice.invoice_number }, score: 60 });
    expect(suggestion!.why).toMatch(/USD/);
  });
});

describe('the list of transactions', () => {
  it('filters by amount, by a range of amounts and by text in what the bank says', async () => {
    const book = await receivingTenant('Listed by amount and text');
    const marker = `Order ${crypto.randomUUID().slice(0, 8)}`;
    await book.imported([
      transfer('12.34', { name: 'Alpha  Trading', iban: null, text: marker }),
      transfer('56.78', { name: 'Beta GmbH', iban: null, text: 'Rent' }),
    ]);
    const listed = async (query: Record<string, string>) => {
      const answer = await call('list-bank-transactions', { token: book.tenant.apiKey, query });
      expect(answer.status, answer.text).toBe(200);
      return answer.json.results.map((tx: { amount: string }) => tx.amount);
    };
    expect(await listed({ amount: '12.34' })).toEqual(['12.34']);
    expect(await listed({ min_amount: '13', max_amount: '60.00' })).toEqual(['56.78']);
    expect(await listed({ q: 'alphatrading' })).toEqual(['12.34']);
    expect(await listed({ q: marker.toUpperCase() })).toEqual(['12.34']);
    expect(await listed({ q: 'nothing like it' })).toEqual([]);
    const refused = await call('list-bank-transactions', {
      token: book.tenant.apiKey,
      query: { min_amount: '60.00', max_amount: '13.00' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json.error), refused.text).toMatch(/max_amount/);
    const badAmount = await call('list-bank-transactions', { token: book.tenant.apiKey, query: { amount: '1.234' } });
    expect(badAmount.status).toBe(400);
  });
});
