// Refunds seen on the statement (docs/reconciliation.md "Refunds"): a booked debit whose text names a
// credit note's number records a bank_transfer refund on it, once, in the transaction that books it;
// one it cannot take is booked unmatched, and a refund is not unmatched.
import { beforeAll, describe, expect, it } from 'vitest';
import { compactReference } from '#shared/domain/payment-reference';
import { call } from '#test/support/api';
import { importedStatement, receivingTenant, transfer } from '#test/support/bank-matching';
import { outboxEvents } from '#test/support/peppol-queue';

let book: Awaited<ReturnType<typeof receivingTenant>>;

beforeAll(async () => {
  book = await receivingTenant('Refunds by transfer');
});

/** An invoice paid in full by transfer and a credit note of `amount` on it. */
async function creditedAfterPayment(amount: string) {
  const invoice = await book.issued();
  const reference = compactReference(invoice.payment_reference);
  const paid = await book.imported([transfer(invoice.total_amount, { structured: reference, iban: null })]);
  expect(paid.job.counts).toMatchObject({ matched: 1 });
  const creditNote = await call('create-credit-note', {
    token: book.tenant.apiKey,
    params: { id: invoice.id },
    body: { amount, description: 'Returned', reason: 'order_change' },
  });
  expect(creditNote.status, creditNote.text).toBe(201);
  return { invoice, creditNote: creditNote.json as { id: string; credit_note_number: string } };
}

const creditNoteOf = async (id: string) =>
  (await call('get-credit-note', { token: book.tenant.apiKey, params: { id } })).json;

describe('a debit naming a credit note', () => {
  it('records a bank-transfer refund on it, once however often the statement comes', async () => {
    const { invoice, creditNote } = await creditedAfterPayment('20.00');
    const debit = transfer('20.00', { direction: 'debit', text: `Gutschrift ${creditNote.credit_note_number}` });
    const { job, transactions } = await book.imported([debit]);
    expect(job.counts).toMatchObject({ booked: 1, matched: 1 });
    expect(transactions[0].matches).toEqual([
      {
        invoice: { id: invoice.id, number: invoice.invoice_number },
        payment: null,
        refund: expect.stringMatching(/^ref_/),
        credit_note: { id: creditNote.id, number: creditNote.credit_note_number },
        amount: '20.00',
        rule: 'refund',
      },
    ]);
    expect((await creditNoteOf(creditNote.id)).amount_refunded).toBe('20.00');
    const refunded = (await outboxEvents(book.tenant.id, 'refund.succeeded')).map(
      (event) => event.data.refund as { id: string; method: string; reference: string },
    );
    expect(refunded).toContainEqual(
      expect.objectContaining({ id: transactions[0].matches[0].refund, method: 'bank_transfer' }),
    );

    const twice = await book.imported([{ ...debit }]);
    expect(twice.job.counts).toMatchObject({ booked: 0, duplicates: 1 });
    expect((await creditNoteOf(creditNote.id)).amount_refunded).toBe('20.00');

    const unmatch = await call('unmatch-bank-transaction', {
      token: book.tenant.apiKey,
      params: { id: transactions[0].id },
    });
    expect(unmatch.status).toBe(409);
    expect(unmatch.json.error.code).toBe('invalid_state');
  });

  it('refunds nothing beyond what is left, in another currency, or for an invoice number', async () => {
    const { invoice, creditNote } = await creditedAfterPayment('15.00');
    const named = { direction: 'debit' as const, text: `Refund ${creditNote.credit_note_number}` };
    const { job } = await book.imported([
      transfer('15.01', named),
      transfer('15.00', { ...named, currency: 'USD' }),
      transfer('15.00', { ...named, reversal: true }),
      transfer('15.00', { direction: 'debit', text: `Refund ${invoice.invoice_number}` }),
    ]);
    expect(job.counts).toMatchObject({ booked: 4, matched: 0, unmatched: 4 });
    expect((await creditNoteOf(creditNote.id)).amount_refunded).toBe('0.00');
    // A tenant's debit never reaches another's credit note.
    const other = await receivingTenant('Refunds elsewhere', 'DE89370400440532013000');
    const elsewhere = await importedStatement(
      { token: other.tenant.apiKey, organization: other.tenant.id, iban: 'DE89370400440532013000' },
      [transfer('15.00', named)],
    );
    expect(elsewhere.job.counts).toMatchObject({ matched: 0 });
    expect((await creditNoteOf(creditNote.id)).amount_refunded).toBe('0.00');
  });
});
