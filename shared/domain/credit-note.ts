// Credit notes: the legal way to correct an issued invoice (docs/api.md "Credit notes"). A credit note
// takes amounts off the invoice's own lines, with their own tax category and rate, so its tax breakdown
// mirrors the invoice's; it can never take off more than is left on a line or on the invoice.
import type { Metadata } from '#shared/domain/metadata';
import type { PeppolSending } from '#shared/domain/peppol-sending';
import { parseDecimal, type Scaled } from '#shared/domain/decimal';
import type { ExchangeRate } from '#shared/domain/exchange-rate';
import { validationError } from '#shared/domain/errors';
import type {
  BuyerSnapshot,
  Invoice,
  PricedLine,
  SellerSnapshot,
  Sending,
  Supply,
  TaxRow,
} from '#shared/domain/invoice';
import { allocateMinor, divideHalfUp } from '#shared/domain/pricing';
import { categoryFor, type TaxCategory } from '#shared/domain/tax';

export const CREDIT_REASONS = ['duplicate', 'fraudulent', 'order_change', 'product_unsatisfactory', 'other'] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

/** What is credited: a quantity or an amount (tax included) of given lines, or one amount over the whole invoice. */
export type CreditRequest =
  | { lines: { line: number; quantity?: Scaled; amount_minor?: number }[] }
  | { amount_minor: number; description: string };

/** One line of a credit note: what it takes off one line of the invoice. */
export type CreditNoteLine = {
  /** The invoice line it credits (its index), or null for a line that sums an amount spread over the invoice. */
  line: number | null;
  description: string;
  /** The quantity credited, when credited by quantity. */
  quantity?: string;
  unit?: string;
  unit_price?: string;
  tax_category: TaxCategory;
  tax_rate: string;
  net_minor: number;
  tax_minor: number;
  total_minor: number;
};

/** A credit note carries the supply date or period of the invoice it corrects. */
export type CreditNote = Supply & {
  id: string;
  credit_note_number: string;
  invoice_id: string;
  invoice_number: string;
  invoice_issue_date: string;
  invoice_due_date: string;
  client_id: string;
  client_name: string;
  currency: string;
  issue_date: string;
  reason: CreditReason;
  memo?: string;
  /** The invoice's buyer reference and purchase order, which the buyer matches the credit note by. */
  buyer_reference?: string;
  purchase_order?: string;
  line_items: CreditNoteLine[];
  tax_breakdown: TaxRow[];
  subtotal_minor: number;
  tax_amount_minor: number;
  total_amount_minor: number;
  locale?: string;
  seller?: SellerSnapshot;
  buyer?: BuyerSnapshot;
  public_token: string;
  created_at: string;
  /** Paid back on it so far; absent: 0. */
  refunded_minor?: number;
  /** Every e-mail of the credit note. */
  sendings?: CreditNoteSending[];
  /** Its invoice's, when the invoice is in another currency than the accounting currency. */
  accounting_currency?: string;
  exchange_rate?: ExchangeRate;
  /** Not content: changes at any time, never printed (shared/domain/metadata.ts). */
  metadata?: Metadata;
  /** Moved on by every change of the metadata (absent: 0): the one change a credit note takes in full. */
  metadata_version?: number;
  /** Every sending over Peppol (shared/domain/peppol-sending.ts). */
  peppol_sendings?: PeppolSending[];
  /** Moved on by every change of `peppol_sendings` (absent: 0), which is written on it as read. */
  peppol_version?: number;
};

/** One e-mail of a credit note: an invoice's sending without reminders. */
export type CreditNoteSending = Omit<Sending, 'reminder'>;

/** Quantities compared in units of 10⁻⁴, the finest a quantity may have. */
const QUANTITY_SCALE = 4;
const quantityUnits = (value: Scaled) => value.units * 10n ** BigInt(QUANTITY_SCALE - value.scale);
const quantityText = (units: bigint) => {
  const digits = units.toString().padStart(QUANTITY_SCALE + 1, '0');
  const text = `${digits.slice(0, -QUANTITY_SCALE)}.${digits.slice(-QUANTITY_SCALE)}`.replace(/\.?0+$/, '');
  return text || '0';
};

type Remaining = { total: bigint; tax: bigint; quantity: bigint };
const remainingOf = (line: PricedLine): Remaining => ({
  total: BigInt(line.total_minor - (line.credited_minor ?? 0)),
  tax: BigInt(line.tax_minor - (line.credited_tax_minor ?? 0)),
  quantity: quantityUnits(parseDecimal(line.quantity)!) - quantityUnits(parseDecimal(line.credited_quantity ?? '0')!),
});

/** What an amount credited over the whole invoice may take of a line: a final invoice's deductions take none. */
const creditable = (left: Remaining) => (left.total > 0n ? left.total : 0n);

/** The tax in a credited total, in the line's own proportion; all of what is left when all is credited. */
const taxOf = (line: PricedLine, left: Remaining, total: bigint) =>
  total === left.total
    ? left.tax
    : line.total_minor === 0
      ? 0n
      : divideHalfUp(total * BigInt(line.tax_minor), BigInt(line.total_minor));

export type Credited = {
  line_items: CreditNoteLine[];
  /** Per invoice line (by index): what this credit note adds to what it had credited. */
  applied: Map<number, { total: bigint; tax: bigint; quantity: bigint }>;
  total_minor: number;
};

/** What a request credits on the invoice, or a validation error naming what is more than is left. */
export function creditLines(invoice: Invoice, request: CreditRequest): Credited {
  const lines = invoice.line_items;
  const applied: Credited['applied'] = new Map();
  const problems: Record<string, string> = {};
  const credited: CreditNoteLine[] = [];
  const categoryOf = (line: PricedLine) => line.tax_category ?? categoryFor(parseDecimal(line.tax_rate)!);

  if ('lines' in request) {
    request.lines.forEach((asked, position) => {
      const field = `lines[${position}]`;
      const line = lines[asked.line];
      if (!line) return void (problems[`${field}.line`] = `is not a line of invoice ${invoice.invoice_number}`);
      if (applied.has(asked.line)) return void (problems[`${field}.line`] = 'is credited twice in this request');
      const left = remainingOf(line);
      let total: bigint;
      let quantity = 0n;
      if (asked.quantity) {
        quantity = quantityUnits(asked.quantity);
        if (quantity > left.quantity)
          return void (problems[`${field}.quantity`] =
            `is more than is left to credit (${quantityText(left.quantity)})`);
        const ordered = quantityUnits(parseDecimal(line.quantity)!);
        total = quantity === left.quantity ? left.total : divideHalfUp(BigInt(line.total_minor) * quantity, ordered);
      } else total = BigInt(asked.amount_minor ?? 0);
      if (total > left.total)
        return void (problems[`${field}.${asked.quantity ? 'quantity' : 'amount'}`] =
          'is more than is left to credit on the line');
      if (total <= 0n) return void (problems[`${field}`] = 'credits nothing: the line has nothing left');
      const tax = taxOf(line, left, total);
      applied.set(asked.line, { total, tax, quantity });
      credited.push({
        line: asked.line,
        description: line.description,
        ...(asked.quantity ? { quantity: quantityText(quantity), unit_price: line.unit_price } : {}),
        unit: line.unit,
        tax_category: categoryOf(line),
        tax_rate: line.tax_rate,
        net_minor: Number(total - tax),
        tax_minor: Number(tax),
        total_minor: Number(total),
      });
    });
  } else {
    const lefts = lines.map(remainingOf);
    const available = lefts.reduce((sum, left) => sum + left.total, 0n);
    const amount = BigInt(request.amount_minor);
    if (amount > available) problems.amount = 'is more than is left to credit on the invoice';
    else {
      // Spread over the lines by what each has left, then shown as one line per rate.
      const shares = allocateMinor(amount, lefts.map(creditable));
      const perRate = new Map<string, CreditNoteLine>();
      shares.forEach((share, index) => {
        if (share === 0n) return;
        const line = lines[index]!;
        const tax = taxOf(line, lefts[index]!, share);
        applied.set(index, { total: share, tax, quantity: 0n });
        const key = `${categoryOf(line)}:${line.tax_rate}`;
        const row = perRate.get(key) ?? {
          line: null,
          description: request.description,
          tax_category: categoryOf(line),
          tax_rate: line.tax_rate,
          net_minor: 0,
          tax_minor: 0,
          total_minor: 0,
        };
        row.net_minor += Number(share - tax);
        row.tax_minor += Number(tax);
        row.total_minor += Number(share);
        perRate.set(key, row);
      });
      credited.push(...perRate.values());
    }
  }
  if (Object.keys(problems).length > 0) throw validationError(problems);
  return { line_items: credited, applied, total_minor: credited.reduce((sum, line) => sum + line.total_minor, 0) };
}

/** The credit note's breakdown: its lines' net and tax per category and rate, with the invoice's reasons. */
export function creditBreakdown(invoice: Invoice, lines: CreditNoteLine[]): TaxRow[] {
  const rows = new Map<string, TaxRow>();
  for (const line of lines) {
    const key = `${line.tax_category}:${line.tax_rate}`;
    const reason = invoice.tax_breakdown?.find(
      (row) => row.tax_category === line.tax_category && row.tax_rate === line.tax_rate,
    )?.tax_exemption_reason;
    const row = rows.get(key) ?? {
      tax_category: line.tax_category,
      tax_rate: line.tax_rate,
      taxable_minor: 0,
      tax_minor: 0,
      discount_minor: 0,
      ...(reason ? { tax_exemption_reason: reason } : {}),
    };
    row.taxable_minor += line.net_minor;
    row.tax_minor += line.tax_minor;
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** The invoice's lines with this credit note's amounts added to what they had credited. */
export function creditedLines(invoice: Invoice, applied: Credited['applied']): Invoice['line_items'] {
  return invoice.line_items.map((line, index) => {
    const add = applied.get(index);
    if (!add) return line;
    const quantity = quantityUnits(parseDecimal(line.credited_quantity ?? '0')!) + add.quantity;
    return {
      ...line,
      credited_minor: (line.credited_minor ?? 0) + Number(add.total),
      credited_tax_minor: (line.credited_tax_minor ?? 0) + Number(add.tax),
      ...(quantity > 0n ? { credited_quantity: quantityText(quantity) } : {}),
    };
  });
}
