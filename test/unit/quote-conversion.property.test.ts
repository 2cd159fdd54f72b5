// Deposits and the final invoice over random quotes (docs/quotes.md "Deposits and the final invoice"):
// whatever the lines, rates, discounts and deposit splits, deposits + final = quote per VAT rate to the
// cent, no deposit takes more of a rate than the quote has, and every document's VAT is within the
// official rules' tolerance.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimal } from '#shared/domain/decimal';
import { DomainError } from '#shared/domain/errors';
import { priceInvoice, type LineItemInput, type PricedInvoice } from '#shared/domain/invoice';
import {
  depositInvoice,
  depositRows,
  depositRowsOf,
  finalInvoice,
  type CountedDeposit,
  type DepositAsk,
} from '#shared/domain/quote-conversion';
import type { TaxCategory } from '#shared/domain/tax';

const decimal = (text: string) => parseDecimal(text)!;
const rate = fc.constantFrom(
  { taxCategory: 'S' as TaxCategory, taxRate: '19' },
  { taxCategory: 'S' as TaxCategory, taxRate: '7' },
  { taxCategory: 'S' as TaxCategory, taxRate: '5.5' },
  { taxCategory: 'S' as TaxCategory, taxRate: '20' },
  { taxCategory: 'Z' as TaxCategory, taxRate: '0' },
  { taxCategory: 'E' as TaxCategory, taxRate: '0' },
);
const line = fc
  .record({
    quantity: fc.integer({ min: 1, max: 50_000 }).map((units) => (units / 100).toFixed(2)),
    price: fc.integer({ min: 1, max: 5_000_000 }).map((cents) => (cents / 100).toFixed(2)),
    rate,
    discount: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
  })
  .map(
    ({ quantity, price, rate: { taxCategory, taxRate }, discount }): LineItemInput => ({
      description: 'x',
      quantity: decimal(quantity),
      unitPrice: decimal(price),
      taxCategory,
      taxRate: decimal(taxRate),
      ...(taxCategory === 'E' ? { taxExemptionReason: 'exempt' } : {}),
      ...(discount ? { discount: { percent: decimal(String(discount)) } } : {}),
    }),
  );
const quote = fc
  .record({
    lines: fc.array(line, { minLength: 1, maxLength: 8 }),
    inclusive: fc.boolean(),
    rounding: fc.constantFrom('per_line' as const, 'per_rate' as const),
    discount: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
  })
  .map(({ lines, inclusive, rounding, discount }) =>
    priceInvoice(lines, {
      prices_include_tax: inclusive,
      tax_rounding: rounding,
      ...(discount ? { discount: { percent: decimal(String(discount)) } } : {}),
    }),
  );
/** A deposit as a share of the quote: a percentage, or an amount drawn as parts per million of the total. */
const ask = fc.oneof(
  fc.integer({ min: 1, max: 10_000 }).map((hundredths) => ({ percent: (hundredths / 100).toFixed(2) })),
  fc.integer({ min: 1, max: 1_000_000 }).map((millionths) => ({ millionths })),
);

const key = (row: { tax_category: string; tax_rate: string }) => `${row.tax_category}:${row.tax_rate}`;

function askOf(drawn: { percent: string } | { millionths: number }, priced: PricedInvoice): DepositAsk {
  if ('percent' in drawn) return { percent: decimal(drawn.percent) };
  const minor = Math.max(1, Math.floor((priced.total_amount_minor * drawn.millionths) / 1_000_000));
  return { amount: { units: BigInt(minor), scale: 2 } };
}

describe('deposits and the final invoice', () => {
  it('add up to the quote per VAT rate, to the cent, whatever the splits', () => {
    fc.assert(
      fc.property(quote, fc.array(ask, { maxLength: 6 }), fc.boolean(), (priced, asks, takeTheRest) => {
        fc.pre(priced.total_amount_minor > 0);
        const deposits: CountedDeposit[] = [];
        const invoices: PricedInvoice[] = [];
        const taken = () => invoices.reduce((total, invoice) => total + invoice.total_amount_minor, 0);
        const all = takeTheRest ? [...asks, { amount: 'rest' as const }] : asks;
        for (const drawn of all) {
          const left = priced.total_amount_minor - taken();
          if (left === 0) break;
          const wanted: DepositAsk =
            'amount' in drawn ? { amount: { units: BigInt(left), scale: 2 } } : askOf(drawn, priced);
          let rows;
          try {
            rows = depositRows(priced, deposits, wanted);
          } catch (error) {
            // Refused only for taking more than is left (or a percentage too small to be a cent).
            expect(error).toBeInstanceOf(DomainError);
            expect((error as DomainError).code).toMatch(/invalid_state|validation_error/);
            continue;
          }
          const invoice = depositInvoice(priced, rows, 'deposit');
          if ('amount' in wanted) expect(BigInt(invoice.total_amount_minor)).toBe(wanted.amount.units);
          for (const row of rows) {
            expect(row.net_minor).toBeGreaterThanOrEqual(0);
            expect(row.tax_minor).toBeGreaterThanOrEqual(0);
          }
          invoices.push(invoice);
          deposits.push({
            id: `d${deposits.length}`,
            number: 'D',
            issue_date: '2026-11-26',
            rows: depositRowsOf(invoice.line_items),
          });
        }
        const final = finalInvoice(priced, deposits, () => 'less');
        expect(taken() + final.total_amount_minor).toBe(priced.total_amount_minor);
        expect(final.line_items.reduce((total, item) => total + item.net_minor, 0)).toBe(final.subtotal_minor);
        for (const row of priced.tax_breakdown!) {
          const held = deposits.flatMap((deposit) => deposit.rows).filter((part) => key(part) === key(row));
          const finalRow = final.tax_breakdown!.find((candidate) => key(candidate) === key(row))!;
          const net = held.reduce((total, part) => total + part.net_minor, 0);
          const tax = held.reduce((total, part) => total + part.tax_minor, 0);
          expect(net + finalRow.taxable_minor, key(row)).toBe(row.taxable_minor);
          expect(tax + finalRow.tax_minor, key(row)).toBe(row.tax_minor);
          // No deposit takes more of a rate than the quote has.
          expect(net + tax).toBeLessThanOrEqual(row.taxable_minor + row.tax_minor);
          if (takeTheRest) expect([finalRow.taxable_minor, finalRow.tax_minor]).toEqual([0, 0]);
        }
      }),
      { numRuns: 400 },
    );
  });
});
