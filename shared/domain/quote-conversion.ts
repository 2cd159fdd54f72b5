// Invoicing an accepted quote (docs/quotes.md "Deposits and the final invoice"): deposit invoices take
// a share of what is left of each VAT row of the quote; the final invoice carries the quote's lines
// and deducts every deposit per row, so each row of the breakdown adds up to the quote's to the cent.
import { formatMinor, parseDecimal, toMinor, type Scaled } from '#shared/domain/decimal';
import { DomainError, ErrorCode, invalidState, validationError } from '#shared/domain/errors';
import type { DeductedDeposit, Invoice, PricedInvoice, PricedLine, TaxRow } from '#shared/domain/invoice';
import { allocateMinor, divideHalfUp } from '#shared/domain/pricing';
import { categoryFor, hasRate, type TaxCategory } from '#shared/domain/tax';
import { DEFAULT_UNIT } from '#shared/domain/unit-codes';

/** A deposit asked for: a percentage of the quote's total, or an amount that includes VAT. */
export type DepositAsk = { percent: Scaled } | { amount: Scaled };

/** One VAT row of a deposit: its net and its VAT, in minor units. */
export type DepositRow = {
  tax_category: TaxCategory;
  tax_rate: string;
  tax_exemption_reason?: string;
  net_minor: number;
  tax_minor: number;
};

/** A deposit invoice as the quote counts it: what it still holds per row after its credit notes. */
export type CountedDeposit = { id: string; number: string; issue_date: string; rows: DepositRow[] };

/** At most this many deposit invoices per quote: a final invoice deducts each in one transaction. */
export const MAX_DEPOSITS = 20;

const rowKey = (row: { tax_category: TaxCategory; tax_rate: string }) => `${row.tax_category}:${row.tax_rate}`;
const sum = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n);

/** The deposit rows of a deposit invoice: one line per row, less what its credit notes took off. */
export const depositRowsOf = (lines: readonly PricedLine[]): DepositRow[] =>
  lines.map((line) => {
    const creditedTax = line.credited_tax_minor ?? 0;
    return {
      tax_category: line.tax_category ?? 'S',
      tax_rate: line.tax_rate,
      ...(line.tax_exemption_reason ? { tax_exemption_reason: line.tax_exemption_reason } : {}),
      net_minor: line.net_minor - ((line.credited_minor ?? 0) - creditedTax),
      tax_minor: line.tax_minor - creditedTax,
    };
  });

/** Per row of the quote: its gross and VAT less what the deposits hold at that row. */
function leftOf(quote: PricedInvoice, deposits: readonly CountedDeposit[]) {
  const taken = new Map<string, { net: bigint; tax: bigint }>();
  for (const row of deposits.flatMap((deposit) => deposit.rows)) {
    const seen = taken.get(rowKey(row)) ?? { net: 0n, tax: 0n };
    taken.set(rowKey(row), { net: seen.net + BigInt(row.net_minor), tax: seen.tax + BigInt(row.tax_minor) });
  }
  return (quote.tax_breakdown ?? []).map((row) => {
    const held = taken.get(rowKey(row)) ?? { net: 0n, tax: 0n };
    const tax = BigInt(row.tax_minor) - held.tax;
    return { row, gross: BigInt(row.taxable_minor) - held.net + tax, tax };
  });
}

/** What is left of the quote to invoice, VAT included. */
export const amountLeft = (quote: PricedInvoice, deposits: readonly CountedDeposit[]) =>
  sum(leftOf(quote, deposits).map((left) => left.gross));

const exceeds = (field: string, left: bigint) =>
  new DomainError(
    ErrorCode.invalidState,
    `${field} is more than is left of the quote to invoice (${formatMinor(left)})`,
    { field, amount_left: formatMinor(left) },
  );

/**
 * A deposit's rows: its gross is spread over what is left of each row, and each row's part carries that
 * row's share of the VAT left, so a deposit that takes all that is left takes each row's VAT exactly.
 */
export function depositRows(quote: PricedInvoice, deposits: readonly CountedDeposit[], ask: DepositAsk): DepositRow[] {
  const left = leftOf(quote, deposits);
  const available = sum(left.map((row) => row.gross));
  const field = 'percent' in ask ? 'percent' : 'amount';
  const gross =
    'percent' in ask
      ? divideHalfUp(BigInt(quote.total_amount_minor) * ask.percent.units, 100n * 10n ** BigInt(ask.percent.scale))
      : toMinor(ask.amount);
  if (gross <= 0n) throw validationError({ [field]: 'gives a deposit of 0.00' });
  if (gross > available) throw exceeds(field, available);
  const parts = allocateMinor(
    gross,
    left.map((row) => (row.gross > 0n ? row.gross : 0n)),
  );
  return left.flatMap(({ row, gross: rowGross, tax: rowTax }, index) => {
    const part = parts[index]!;
    if (part === 0n) return [];
    const tax = divideHalfUp(part * rowTax, rowGross);
    return [
      {
        tax_category: row.tax_category,
        tax_rate: row.tax_rate,
        ...(row.tax_exemption_reason ? { tax_exemption_reason: row.tax_exemption_reason } : {}),
        net_minor: Number(part - tax),
        tax_minor: Number(tax),
      },
    ];
  });
}

/** A row of a document as the line says it: quantity and price, with amounts already decided. */
function decidedLine(
  description: string,
  row: DepositRow,
  sign: 1 | -1,
  pricesIncludeTax: boolean,
  deducts?: DeductedDeposit,
): PricedLine {
  const gross = row.net_minor + row.tax_minor;
  return {
    description,
    quantity: sign === 1 ? '1' : '-1',
    unit: DEFAULT_UNIT,
    // A price is never negative (BR-27): a deduction is a quantity of −1 at the deposit's price.
    unit_price: formatMinor(pricesIncludeTax ? gross : row.net_minor),
    tax_rate: row.tax_rate,
    tax_category: row.tax_category,
    ...(row.tax_exemption_reason ? { tax_exemption_reason: row.tax_exemption_reason } : {}),
    discount_minor: 0,
    net_minor: sign * row.net_minor,
    tax_minor: sign * row.tax_minor,
    total_minor: sign * gross,
    ...(deducts ? { deducts } : {}),
  };
}

/** What a final invoice deducts, per deposit and VAT row: the net and the VAT taken off, as positive amounts. */
export type Deduction = DeductedDeposit & DepositRow;

/** The deductions of a final invoice's lines (§ 14 (5) UStG: the prepayments and the VAT on them), in order. */
export const deductionsOf = (lines: readonly PricedLine[]): Deduction[] =>
  lines.flatMap((line) =>
    line.deducts
      ? [
          {
            ...line.deducts,
            tax_category: line.tax_category ?? categoryFor(parseDecimal(line.tax_rate)!),
            tax_rate: line.tax_rate,
            net_minor: -line.net_minor,
            tax_minor: -line.tax_minor,
          },
        ]
      : [],
  );

const totalsOf = (lines: readonly PricedLine[], rows: TaxRow[], discountMinor: number) => {
  const subtotal = lines.reduce((total, line) => total + line.net_minor, 0);
  const tax = rows.reduce((total, row) => total + row.tax_minor, 0);
  return {
    subtotal_minor: subtotal,
    tax_amount_minor: tax,
    total_amount_minor: subtotal - discountMinor + tax,
  };
};

/** A deposit invoice's content: one line per VAT row of the quote, net prices. */
export function depositInvoice(quote: PricedInvoice, rows: readonly DepositRow[], description: string): PricedInvoice {
  const lines = rows.map((row) => decidedLine(description, row, 1, false));
  const breakdown: TaxRow[] = rows.map((row) => ({
    tax_category: row.tax_category,
    tax_rate: row.tax_rate,
    taxable_minor: row.net_minor,
    tax_minor: row.tax_minor,
    discount_minor: 0,
    ...(row.tax_exemption_reason ? { tax_exemption_reason: row.tax_exemption_reason } : {}),
  }));
  const priced: PricedInvoice = {
    line_items: lines,
    discount_minor: 0,
    prices_include_tax: false,
    ...(quote.tax_rounding ? { tax_rounding: quote.tax_rounding } : {}),
    tax_breakdown: breakdown,
    ...totalsOf(lines, breakdown, 0),
  };
  assertVatWithinTolerance(priced);
  return priced;
}

/**
 * The final invoice's content: the quote's lines, then per deposit and row a line of quantity −1 that
 * takes it off. Each row of the breakdown is the quote's less the deposits' at that row.
 */
export function finalInvoice(
  quote: PricedInvoice,
  deposits: readonly CountedDeposit[],
  describe: (deposit: CountedDeposit) => string,
): PricedInvoice {
  const inclusive = quote.prices_include_tax ?? false;
  const deductions = deposits.flatMap((deposit) =>
    deposit.rows
      .filter((row) => row.net_minor !== 0 || row.tax_minor !== 0)
      .map((row) =>
        decidedLine(describe(deposit), row, -1, inclusive, {
          id: deposit.id,
          number: deposit.number,
          issue_date: deposit.issue_date,
        }),
      ),
  );
  const left = new Map(leftOf(quote, deposits).map((entry) => [rowKey(entry.row), entry]));
  const breakdown = (quote.tax_breakdown ?? []).map((row) => {
    const { gross, tax } = left.get(rowKey(row))!;
    return { ...row, taxable_minor: Number(gross - tax), tax_minor: Number(tax) };
  });
  const lines = [...quote.line_items, ...deductions];
  const priced: PricedInvoice = {
    line_items: lines,
    ...(quote.discount ? { discount: quote.discount } : {}),
    discount_minor: quote.discount_minor ?? 0,
    prices_include_tax: inclusive,
    ...(quote.tax_rounding ? { tax_rounding: quote.tax_rounding } : {}),
    tax_breakdown: breakdown,
    ...totalsOf(lines, breakdown, quote.discount_minor ?? 0),
  };
  assertVatWithinTolerance(priced);
  return priced;
}

/**
 * Every row's VAT within 1.00 of its taxable amount at its rate, as the official rules allow (BR-S-09,
 * BR-CO-17 compare absolute values). Only a quote whose own VAT strays that far can fail it.
 */
export function assertVatWithinTolerance(priced: PricedInvoice): void {
  for (const row of priced.tax_breakdown ?? []) {
    if (!hasRate(row.tax_category)) continue;
    const [whole, fraction = ''] = row.tax_rate.split('.');
    const rate = BigInt(`${whole}${fraction}`);
    const scale = 10n ** BigInt(fraction.length + 2);
    const magnitude = (value: bigint) => (value < 0n ? -value : value);
    const expected = divideHalfUp(magnitude(BigInt(row.taxable_minor)) * rate, scale);
    if (magnitude(magnitude(BigInt(row.tax_minor)) - expected) >= 100n)
      throw new DomainError(
        ErrorCode.invalidState,
        `The VAT at ${row.tax_rate} % would be ${formatMinor(row.tax_minor)} on ${formatMinor(row.taxable_minor)}: ` +
          'more than 1.00 from the rate, which no e-invoice may state',
      );
  }
}

/** A deposit deducted on a final invoice stays as it is: the final invoice's amounts rest on it. */
export function assertNotDeducted(invoice: Pick<Invoice, 'invoice_number' | 'deducted_by'>): void {
  if (invoice.deducted_by)
    throw invalidState(
      `Deposit invoice ${invoice.invoice_number} is deducted on final invoice ${invoice.deducted_by.number}: ` +
        'correct the final invoice instead',
    );
}
