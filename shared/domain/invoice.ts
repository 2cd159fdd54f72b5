// Invoice rules with no storage in sight: pricing, limits and which statuses allow which changes.
import { addDays } from '#shared/domain/dates';
import { formatMinor, toMinor, trimmedText, type Scaled } from '#shared/domain/decimal';
import { invoiceAmounts } from '#shared/domain/money';
import type { ClientFields } from '#shared/domain/client';
import type { Organization } from '#shared/domain/organization';
import type { SellerProfile } from '#shared/domain/seller';

export const INVOICE_STATUSES = ['draft', 'sent', 'partially_paid', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

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

export type LineItemInput = { description: string; quantity: Scaled; unitPrice: Scaled; taxRate: Scaled };

/** A priced line as stored: the inputs as normalised decimal text, the amounts in minor units. */
export type PricedLine = {
  description: string;
  quantity: string;
  unit_price: string;
  tax_rate: string;
  net_minor: number;
  tax_minor: number;
  total_minor: number;
};

export type PricedInvoice = {
  line_items: PricedLine[];
  subtotal_minor: number;
  tax_amount_minor: number;
  total_amount_minor: number;
};

export class InvoiceTooLarge extends Error {}

export function priceInvoice(lines: LineItemInput[]): PricedInvoice {
  const amounts = invoiceAmounts(lines);
  if (amounts.totalAmount > LIMITS.maxTotalMinor)
    throw new InvoiceTooLarge(`total_amount may not exceed ${formatMinor(LIMITS.maxTotalMinor)}`);
  return {
    line_items: lines.map((line, index) => {
      const { net, tax, total } = amounts.lines[index]!;
      return {
        description: line.description,
        quantity: trimmedText(line.quantity),
        unit_price: formatMinor(toMinor(line.unitPrice)),
        tax_rate: trimmedText(line.taxRate, 2),
        net_minor: Number(net),
        tax_minor: Number(tax),
        total_minor: Number(total),
      };
    }),
    subtotal_minor: Number(amounts.subtotal),
    tax_amount_minor: Number(amounts.taxAmount),
    total_amount_minor: Number(amounts.totalAmount),
  };
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

/** One e-mail of an invoice: its first sending or a reminder. */
export type Sending = { to: string; sent_at: string; message_id: string; reminder: boolean };

/** The seller as the invoice shows it, copied when the invoice is created: later profile changes leave it. */
export type SellerSnapshot = { name: string } & Pick<
  SellerProfile,
  'address' | 'tax_id' | 'registration_number' | 'email' | 'phone' | 'website' | 'payment_instructions'
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
});

export type Invoice = PricedInvoice & {
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
  public_token: string;
  created_at: string;
  updated_at: string;
  /** Incremented by every write; conditional writes compare it (optimistic locking). */
  version: number;
  /** Absent on invoices stored before payments existed: read as 0. */
  amount_paid_minor?: number;
  sent_at?: string;
  paid_at?: string;
  voided_at?: string;
  overdue_at?: string;
  /** The recurring template that generated it. */
  recurring_id?: string;
  /** Absent on invoices created before snapshots were kept. */
  seller?: SellerSnapshot;
  buyer?: BuyerSnapshot;
  /** Every e-mail of the invoice, first sending and reminders. */
  sendings?: Sending[];
};

export type InvoiceContent = PricedInvoice & {
  client_id: string;
  issue_date: string;
  due_date: string;
  currency: string;
  notes?: string;
  terms?: string;
};
