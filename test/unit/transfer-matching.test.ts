// Which invoices a transfer pays and how much of each, against a model that walks the invoices one by
// one; and which words of a transfer are looked up as invoice numbers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BankTransaction } from '#shared/domain/bank-transaction';
import type { Invoice } from '#shared/domain/invoice';
import { allocateTransfer, MAX_INVOICES_PER_TRANSFER, numberWordsNamed } from '#shared/domain/transfer-matching';

const invoiceWith = (over: Partial<Invoice>): Invoice =>
  ({
    id: `inv_${over.invoice_number}`,
    status: 'sent',
    currency: 'EUR',
    total_amount_minor: 10_000,
    amount_paid_minor: 0,
    due_date: '2026-12-01',
    ...over,
  }) as Invoice;

const candidate = fc.record({
  invoice_number: fc.stringMatching(/^N-\d{4}$/),
  status: fc.constantFrom('sent', 'partially_paid', 'overdue', 'paid', 'void', 'draft'),
  currency: fc.constantFrom('EUR', 'EUR', 'USD'),
  total_amount_minor: fc.integer({ min: 1, max: 100_000 }),
  paid: fc.integer({ min: 0, max: 100 }),
  due_date: fc.integer({ min: 1, max: 28 }).map((day) => `2026-12-${String(day).padStart(2, '0')}`),
  rule: fc.constantFrom('structured_reference' as const, 'invoice_number' as const),
});

describe('allocateTransfer', () => {
  it('pays the first rule’s open invoices in the transfer’s currency by due date, each up to its amount due', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(candidate, { selector: (c) => c.invoice_number, maxLength: 14 }),
        fc.integer({ min: 1, max: 500_000 }),
        (drawn, amount) => {
          const named = drawn.map(({ rule, paid, ...fields }) => ({
            rule,
            invoice: invoiceWith({
              ...fields,
              amount_paid_minor:
                fields.status === 'partially_paid' ? Math.floor((fields.total_amount_minor * paid) / 101) : 0,
            } as Partial<Invoice>),
          }));
          const { allocations, unapplied_minor } = allocateTransfer(amount, 'EUR', named, [
            'structured_reference',
            'invoice_number',
          ]);
          // The model: the first rule with any open EUR invoice owing something; walk them by due date.
          const owing = (invoice: Invoice) => invoice.total_amount_minor - (invoice.amount_paid_minor ?? 0);
          const open = (rule: string) =>
            named
              .filter((c) => c.rule === rule && ['sent', 'partially_paid', 'overdue'].includes(c.invoice.status))
              .filter((c) => c.invoice.currency === 'EUR' && owing(c.invoice) > 0)
              .map((c) => c.invoice)
              .sort((a, b) => (a.due_date + a.invoice_number < b.due_date + b.invoice_number ? -1 : 1))
              .slice(0, MAX_INVOICES_PER_TRANSFER);
          const chosen = open('structured_reference').length ? open('structured_reference') : open('invoice_number');
          const expected: { id: string; amount: number }[] = [];
          let left = amount;
          for (const invoice of chosen) {
            if (left === 0) break;
            const take = Math.min(left, owing(invoice));
            expected.push({ id: invoice.id, amount: take });
            left -= take;
          }
          expect(allocations.map((a) => ({ id: a.invoice.id, amount: a.amount_minor }))).toEqual(expected);
          expect(unapplied_minor).toBe(left);
          expect(unapplied_minor + allocations.reduce((sum, a) => sum + a.amount_minor, 0)).toBe(amount);
        },
      ),
      { seed: 651, numRuns: 400 },
    );
  });
});

describe('numberWordsNamed', () => {
  const transfer = (text: string, structured: string[] = []) =>
    ({ remittance_text: text, structured_references: structured }) as unknown as BankTransaction;

  it('takes the words holding a digit, stripped of surrounding punctuation, as written and upper-cased', () => {
    expect(numberWordsNamed(transfer('Rechnung inv-2026-0007, danke. (Kd 42)'))).toEqual([
      'inv-2026-0007',
      'INV-2026-0007',
      '42',
    ]);
    expect(numberWordsNamed(transfer('thanks', ['2026/14']))).toEqual(['2026/14']);
    expect(numberWordsNamed(transfer('no numbers here; none.'))).toEqual([]);
  });
});
