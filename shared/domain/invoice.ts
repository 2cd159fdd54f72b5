// Invoice rules with no storage in sight: pricing, limits and which statuses allow which changes.
import type { PeppolSending } from '#shared/domain/peppol-sending';
import type { Metadata } from '#shared/domain/metadata';
import { addDays } from '#shared/domain/dates';
import { formatMinor, parseDecimal, toMinor, trimmedText } from '#shared/domain/decimal';
import { validationError } from '#shared/domain/errors';
import type { BounceType, Delivered, DeliveryStatus } from '#shared/domain/email-delivery';
import type { ExchangeRate, RateLeg } from '#shared/domain/exchange-rate';
import { priceDocument, type Discount, type PricingLine } from '#shared/domain/pricing';
import {
  categoryFor,
  DEFAULT_TAX_ROUNDING,
  needsBothTaxIds,
  type TaxCategory,
  type TaxRounding,
} from '#shared/domain/tax';
import { lineTaxes } from '#shared/domain/line-tax';
import { DEFAULT_UNIT } from '#shared/domain/unit-codes';
import type { ClientFields } from '#shared/domain/client';
import type { Organization } from '#shared/domain/organization';
import type { SellerProfile } from '#shared/domain/seller';

export const INVOICE_STATUSES = ['draft', 'sent', 'partially_paid', 'paid', 'overdue', 'credited', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What an invoice made from a quote is (docs/quotes.md): a deposit, or the final one (`full`: without deposits). */
export const QUOTE_INVOICE_KINDS = ['deposit', 'final', 'full'] as const;
export type QuoteInvoiceKind = (typeof QUOTE_INVOICE_KINDS)[number];

export const LIMITS = {
  maxLineItems: 500,
  /** 99 999 999 999.99: keeps every sum far inside exact integer range. */
  maxTotalMinor: 9_999_999_999_999n,
  maxUnitPriceMinor: 99_999_999_999n,
  maxQuantity: 1_000_000n,
  quantityFractionDigits: 4,
  taxRateFractionDigits: 4,
  paymentTermDays: 30,
} as const;

/** A line as asked for; the tax category and rate default from each other (lineTax). */
export type LineItemInput = Omit<PricingLine, 'taxRate' | 'taxCategory'> &
  Partial<Pick<PricingLine, 'taxRate' | 'taxCategory'>> & {
    description: string;
    unit?: string;
    taxExemptionReason?: string;
  };

/** A discount as stored and shown: `{ percent: "10" }` or `{ amount: "5.00" }`. */
export type DiscountText = { percent: string } | { amount: string };

/** A line's inputs as stored, normalised decimal text (recurring templates keep these). */
export type LineText = {
  description: string;
  quantity: string;
  unit_price: string;
  tax_rate: string;
  /** Absent on lines stored before the tax model: C62, and the category categoryFor gives their rate. */
  unit?: string;
  tax_category?: TaxCategory;
  tax_exemption_reason?: string;
  discount?: DiscountText;
};

/** A priced line as stored: its inputs, and its amounts in minor units. */
export type PricedLine = LineText & {
  discount_minor?: number;
  /** What credit notes have taken off this line so far: total, its tax, and the quantity (absent: none). */
  credited_minor?: number;
  credited_tax_minor?: number;
  credited_quantity?: string;
  /** Net of tax, after the line's discount (EN 16931 BT-131). */
  net_minor: number;
  tax_minor: number;
  total_minor: number;
  /** On a final invoice, the deposit invoice this line deducts (docs/quotes.md); absent on any other line. */
  deducts?: DeductedDeposit;
};

/** The deposit invoice a final invoice's line deducts: its id, number and issue date. */
export type DeductedDeposit = { id: string; number: string; issue_date: string };

/** One row of the tax breakdown as stored. */
export type TaxRow = {
  tax_category: TaxCategory;
  tax_rate: string;
  taxable_minor: number;
  tax_minor: number;
  /** The document discount's share at this rate, net of tax. */
  discount_minor: number;
  tax_exemption_reason?: string;
};

/** How an invoice's prices read: the document discount, whether prices include tax, the rounding. */
export type PricingTerms = { discount?: Discount; prices_include_tax: boolean; tax_rounding: TaxRounding };
export const NET_PRICES: PricingTerms = { prices_include_tax: false, tax_rounding: DEFAULT_TAX_ROUNDING };

export type PricedInvoice = {
  line_items: PricedLine[];
  /** Absent on invoices stored before the tax model: no discount, net prices, per-line rounding. */
  discount?: DiscountText;
  discount_minor?: number;
  prices_include_tax?: boolean;
  tax_rounding?: TaxRounding;
  tax_breakdown?: TaxRow[];
  subtotal_minor: number;
  tax_amount_minor: number;
  total_amount_minor: number;
};

export const discountText = (discount: Discount): DiscountText =>
  'percent' in discount
    ? { percent: trimmedText(discount.percent) }
    : { amount: formatMinor(toMinor(discount.amount)) };

export const discountOf = (text: DiscountText): Discount =>
  'percent' in text ? { percent: parseDecimal(text.percent)! } : { amount: parseDecimal(text.amount)! };

/** Prices the lines under the terms; a rule of the tax model the lines break is a validation error. */
export function priceInvoice(lines: LineItemInput[], terms: PricingTerms = NET_PRICES): PricedInvoice {
  const taxed = lineTaxes(lines);
  const pricing = priceDocument({
    lines: lines.map((line, index) => ({ ...line, ...taxed[index]! })),
    discount: terms.discount,
    pricesIncludeTax: terms.prices_include_tax,
    rounding: terms.tax_rounding,
  });
  if (pricing.total > LIMITS.maxTotalMinor)
    throw validationError({ line_items: `total_amount may not exceed ${formatMinor(LIMITS.maxTotalMinor)}` });
  return {
    line_items: lines.map((line, index) => {
      const amounts = pricing.lines[index]!;
      const { taxCategory, taxRate, taxExemptionReason } = taxed[index]!;
      return {
        description: line.description,
        quantity: trimmedText(line.quantity),
        unit: line.unit ?? DEFAULT_UNIT,
        unit_price: formatMinor(toMinor(line.unitPrice)),
        tax_rate: trimmedText(taxRate, 2),
        tax_category: taxCategory,
        ...(taxExemptionReason ? { tax_exemption_reason: taxExemptionReason } : {}),
        ...(line.discount ? { discount: discountText(line.discount) } : {}),
        discount_minor: Number(amounts.discount),
        net_minor: Number(amounts.net),
        tax_minor: Number(amounts.tax),
        total_minor: Number(amounts.total),
      };
    }),
    ...(terms.discount ? { discount: discountText(terms.discount) } : {}),
    discount_minor: Number(pricing.discount),
    prices_include_tax: terms.prices_include_tax,
    tax_rounding: terms.tax_rounding,
    tax_breakdown: pricing.rates.map((rate) => {
      const reason = taxed[rate.lines[0]!]!.taxExemptionReason;
      return {
        tax_category: rate.category,
        tax_rate: trimmedText(rate.rate, 2),
        taxable_minor: Number(rate.taxable),
        tax_minor: Number(rate.tax),
        discount_minor: Number(rate.discount),
        ...(reason ? { tax_exemption_reason: reason } : {}),
      };
    }),
    subtotal_minor: Number(pricing.subtotal),
    tax_amount_minor: Number(pricing.tax),
    total_amount_minor: Number(pricing.total),
  };
}

/** A stored line read back as input, to price it again. */
export const storedLineInput = (line: LineText): LineItemInput => ({
  description: line.description,
  quantity: parseDecimal(line.quantity)!,
  unitPrice: parseDecimal(line.unit_price)!,
  unit: line.unit,
  taxRate: parseDecimal(line.tax_rate)!,
  taxCategory: line.tax_category,
  taxExemptionReason: line.tax_exemption_reason,
  ...(line.discount ? { discount: discountOf(line.discount) } : {}),
});

/** A line's inputs as text, to store on a template. */
export const lineText = (line: PricedLine): LineText => ({
  description: line.description,
  quantity: line.quantity,
  unit_price: line.unit_price,
  tax_rate: line.tax_rate,
  ...(line.unit ? { unit: line.unit } : {}),
  ...(line.tax_category ? { tax_category: line.tax_category } : {}),
  ...(line.tax_exemption_reason ? { tax_exemption_reason: line.tax_exemption_reason } : {}),
  ...(line.discount ? { discount: line.discount } : {}),
});

/**
 * The parties a line's tax category requires on the invoice: both VAT numbers for reverse charge and
 * intra-community supply (VAT directive art. 226(3)-(4), BR-AE-02, BR-IC-02), and the supply date or
 * period for the latter (BR-IC-11).
 */
export function assertTaxParties(
  invoice: Pick<Invoice, 'line_items' | 'seller' | 'buyer' | 'supply_date' | 'service_period'>,
): void {
  const problems: Record<string, string> = {};
  invoice.line_items.forEach((line, index) => {
    const category = line.tax_category;
    if (!category || !needsBothTaxIds(category)) return;
    const field = `line_items[${index}].tax_category`;
    if (!invoice.buyer?.tax_id) problems[field] = `${category} needs the client's tax_id`;
    else if (!invoice.seller?.tax_id) problems[field] = `${category} needs the organization's tax_id`;
    if (category === 'K' && !invoice.supply_date && !invoice.service_period)
      problems.supply_date = 'or service_period is required for an intra-community supply (tax_category K)';
  });
  if (Object.keys(problems).length > 0) throw validationError(problems);
}

/** The pricing terms an invoice was priced under, to price its lines again. */
export const termsOf = (invoice: PricedInvoice): PricingTerms => ({
  ...(invoice.discount ? { discount: discountOf(invoice.discount) } : {}),
  prices_include_tax: invoice.prices_include_tax ?? false,
  tax_rounding: invoice.tax_rounding ?? DEFAULT_TAX_ROUNDING,
});

/** The breakdown of an invoice; for one stored before breakdowns were kept, summed from its lines. */
export function taxBreakdownOf(invoice: PricedInvoice): TaxRow[] {
  if (invoice.tax_breakdown) return invoice.tax_breakdown;
  const rows = new Map<string, TaxRow>();
  for (const line of invoice.line_items) {
    const category = line.tax_category ?? categoryFor(parseDecimal(line.tax_rate)!);
    const key = `${category}:${line.tax_rate}`;
    const row = rows.get(key) ?? {
      tax_category: category,
      tax_rate: line.tax_rate,
      taxable_minor: 0,
      tax_minor: 0,
      discount_minor: 0,
    };
    row.taxable_minor += line.net_minor;
    row.tax_minor += line.tax_minor;
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** Only drafts can be edited; anything issued is changed through its lifecycle actions. */
export const isEditable = (status: InvoiceStatus) => status === 'draft';

export type InvoiceTerms = { issue_date: string; due_date: string };

/** Issue date defaults to today, due date to the payment term (the organization's, else 30 days) after it. */
export function invoiceDates(
  given: Partial<InvoiceTerms>,
  today: string,
  paymentTermDays: number = LIMITS.paymentTermDays,
): InvoiceTerms {
  const issue_date = given.issue_date ?? today;
  return { issue_date, due_date: given.due_date ?? addDays(issue_date, paymentTermDays) };
}

/** One reminder as the invoice keeps it: a step of the schedule, or one sent by hand (`step` null). */
export type SentReminder = {
  step: number | null;
  offset_days?: number;
  sent_at: string;
  to: string;
  message_id?: string;
  /**
   * What the mail service reported (shared/domain/email-delivery.ts); `unknown`: a sweep stopped
   * between handing the e-mail to SES and recording it; `suppressed`: not sent, the address is suppressed.
   */
  delivery_status: DeliveryStatus;
  delivery_status_at?: string;
  bounce_type?: BounceType;
};

/** One e-mail of an invoice: its first sending or a reminder; no delivery status yet: `sent` as of `sent_at`. */
export type Sending = Delivered & { sent_at: string; message_id: string; reminder: boolean };

/** The seller as the invoice shows it, copied when the invoice is created: later profile changes leave it. */
export type SellerSnapshot = { name: string } & Pick<
  SellerProfile,
  'address' | 'tax_id' | 'registration_number' | 'email' | 'phone' | 'website' | 'payment_instructions' | 'peppol_id'
>;

/** The buyer as the invoice shows it, copied from the client when it is billed. */
export type BuyerSnapshot = Omit<ClientFields, 'locale'>;

export const sellerOf = (organization: Organization): SellerSnapshot => ({
  name: organization.legal_name ?? organization.name,
  address: organization.address,
  tax_id: organization.tax_id,
  registration_number: organization.registration_number,
  email: organization.email,
  phone: organization.phone,
  website: organization.website,
  payment_instructions: organization.payment_instructions,
  peppol_id: organization.peppol_id,
});

export const buyerOf = ({ locale: _locale, ...fields }: ClientFields): BuyerSnapshot => ({
  name: fields.name,
  email: fields.email,
  phone: fields.phone,
  address: fields.address,
  city: fields.city,
  state: fields.state,
  postal_code: fields.postal_code,
  country: fields.country,
  tax_id: fields.tax_id,
  peppol_id: fields.peppol_id,
});

/** When the goods or services were supplied: one date, or a period (EN 16931 BT-72, BG-14). */
export type Supply = { supply_date?: string; service_period?: { start: string; end: string } };

export type Invoice = PricedInvoice &
  Supply & {
    id: string;
    invoice_number: string;
    status: InvoiceStatus;
    client_id: string;
    client_name: string;
    issue_date: string;
    due_date: string;
    currency: string;
    notes?: string;
    terms?: string;
    /** The buyer's reference (BT-10), such as a Leitweg-ID, and its purchase order number (BT-13). */
    buyer_reference?: string;
    purchase_order?: string;
    public_token: string;
    created_at: string;
    updated_at: string;
    /** Incremented by every write; conditional writes compare it (optimistic locking). */
    version: number;
    /** Absent on invoices stored before payments existed: read as 0. */
    amount_paid_minor?: number;
    /** The sum of its credit notes; absent: 0. */
    amount_credited_minor?: number;
    /** Paid back on its credit notes; absent: 0. */
    amount_refunded_minor?: number;
    /** Its credit notes' ids, oldest first. */
    credit_notes?: string[];
    sent_at?: string;
    paid_at?: string;
    voided_at?: string;
    overdue_at?: string;
    /** The recurring template that generated it. */
    recurring_id?: string;
    /** The language and region of its documents: the client's, else the organization's (absent: en). */
    locale?: string;
    /** Absent on invoices created before snapshots were kept. */
    seller?: SellerSnapshot;
    buyer?: BuyerSnapshot;
    /** Every e-mail of the invoice, first sending and reminders; beside them, every sending over Peppol. */
    sendings?: Sending[];
    peppol_sendings?: PeppolSending[];
    /** The reminders sent, by the schedule or by hand (docs/collections.md). */
    reminders?: SentReminder[];
    /** The date of the last schedule step sent or passed. */
    reminded_through?: string;
    /** True: the schedule sends this invoice nothing until it is false again. */
    reminders_paused?: boolean;
    /** A draft's rate given by hand, checked and fixed when it is issued (docs/invoices.md "Foreign currency"). */
    manual_rate?: RateLeg;
    /** Fixed at issue when the invoice is not in the organization's accounting currency. */
    accounting_currency?: string;
    exchange_rate?: ExchangeRate;
    /** The structured creditor reference (compact), fixed at issue (docs/reconciliation.md); absent: none. */
    payment_reference?: string;
    /** The invoice this one refers to (EN 16931 BT-25/BT-26): the original of a late fee. */
    preceding_invoice?: { id: string; number: string; issue_date: string };
    /** The quote it was made from, and as what; its content then comes from the quote and is not edited. */
    quote?: { id: string; number: string; kind: QuoteInvoiceKind };
    /** A deposit invoice's final invoice, which deducts it: from then on it is neither voided nor credited. */
    deducted_by?: { id: string; number: string };
    /** The last day a late fee charged this invoice for (its late-fee invoices name it as preceding_invoice). */
    late_fee_through?: string;
    /** The integrator's keys and values: not content, never printed (shared/domain/metadata.ts). */
    metadata?: Metadata;
  };

export type InvoiceContent = PricedInvoice &
  Supply & {
    client_id: string;
    locale?: string;
    issue_date: string;
    due_date: string;
    currency: string;
    notes?: string;
    terms?: string;
    buyer_reference?: string;
    purchase_order?: string;
    metadata?: Metadata;
  };
