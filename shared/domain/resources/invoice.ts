// How an invoice looks in responses and events: money as two-decimal strings, client as {id, name}.
import { formatMinor, parseDecimal } from '#shared/domain/decimal';
import {
  taxBreakdownOf,
  type BuyerSnapshot,
  type Invoice,
  type SellerSnapshot,
  type SentReminder,
  type PricedInvoice,
  type TaxRow,
} from '#shared/domain/invoice';
import { categoryFor, DEFAULT_TAX_ROUNDING } from '#shared/domain/tax';
import { amountDue, amountRefundable, settlementOf } from '#shared/domain/invoice-lifecycle';
import { DEFAULT_UNIT } from '#shared/domain/unit-codes';
import { peppolSendingResource } from '#shared/domain/peppol-sending';
import { deliveryOf, sendingResource } from '#shared/domain/resources/email';
import { vatInAccountingCurrency, type FixedRate } from '#shared/domain/exchange-rate';
import { groupedReference } from '#shared/domain/payment-reference';

const money = (minor: number) => formatMinor(minor);

export const publicInvoiceUrl = (publicBaseUrl: string, token: string) =>
  `${publicBaseUrl}/api/v1/public/invoices/${token}/`;
export const invoicePdfUrl = (publicBaseUrl: string, token: string) =>
  `${publicBaseUrl}/api/v1/public/invoices/${token}/pdf/`;

export const sellerResource = (seller: SellerSnapshot) => ({
  name: seller.name,
  address: seller.address ?? null,
  tax_id: seller.tax_id ?? null,
  registration_number: seller.registration_number ?? null,
  email: seller.email ?? null,
  phone: seller.phone ?? null,
  website: seller.website ?? null,
  payment_instructions: seller.payment_instructions ?? null,
  peppol_id: seller.peppol_id ?? null,
});

export const buyerResource = (buyer: BuyerSnapshot) => ({
  name: buyer.name,
  email: buyer.email,
  phone: buyer.phone ?? null,
  address: buyer.address ?? null,
  city: buyer.city ?? null,
  state: buyer.state ?? null,
  postal_code: buyer.postal_code ?? null,
  country: buyer.country ?? null,
  tax_id: buyer.tax_id ?? null,
  peppol_id: buyer.peppol_id ?? null,
});

export const invoiceResource = (invoice: Invoice, publicBaseUrl: string) => ({
  id: invoice.id,
  invoice_number: invoice.invoice_number,
  status: invoice.status,
  client: { id: invoice.client_id, name: invoice.client_name },
  seller: invoice.seller ? sellerResource(invoice.seller) : null,
  buyer: invoice.buyer ? buyerResource(invoice.buyer) : null,
  issue_date: invoice.issue_date,
  due_date: invoice.due_date,
  currency: invoice.currency,
  locale: invoice.locale ?? 'en',
  supply_date: invoice.supply_date ?? null,
  service_period: invoice.service_period ?? null,
  buyer_reference: invoice.buyer_reference ?? null,
  purchase_order: invoice.purchase_order ?? null,
  payment_reference: invoice.payment_reference ? groupedReference(invoice.payment_reference) : null,
  ...pricedResource(invoice),
  ...inAccountingCurrency(invoice, taxBreakdownOf(invoice)),
  total_amount: money(invoice.total_amount_minor),
  amount_paid: money(invoice.amount_paid_minor ?? 0),
  amount_credited: money(invoice.amount_credited_minor ?? 0),
  amount_refunded: money(invoice.amount_refunded_minor ?? 0),
  amount_due: money(amountDue(settlementOf(invoice))),
  amount_refundable: money(amountRefundable(settlementOf(invoice))),
  notes: invoice.notes ?? '',
  terms: invoice.terms ?? '',
  public_url: publicInvoiceUrl(publicBaseUrl, invoice.public_token),
  pdf_url: invoicePdfUrl(publicBaseUrl, invoice.public_token),
  sent_at: invoice.sent_at ?? null,
  paid_at: invoice.paid_at ?? null,
  voided_at: invoice.voided_at ?? null,
  sendings: [
    ...(invoice.sendings ?? []).map((sending) => ({
      channel: 'email' as const,
      ...sendingResource(sending),
      reminder: sending.reminder,
    })),
    ...(invoice.peppol_sendings ?? []).map(peppolSendingResource),
  ],
  reminders_paused: invoice.reminders_paused ?? false,
  preceding_invoice: invoice.preceding_invoice ?? null,
  late_fee_through: invoice.late_fee_through ?? null,
  recurring_invoice: invoice.recurring_id ?? null,
  quote: invoice.quote ? { id: invoice.quote.id, quote_number: invoice.quote.number, kind: invoice.quote.kind } : null,
  deducted_by: invoice.deducted_by ? { id: invoice.deducted_by.id, invoice_number: invoice.deducted_by.number } : null,
  metadata: invoice.metadata ?? {},
  created_at: invoice.created_at,
  updated_at: invoice.updated_at,
});

/** One reminder of an invoice (GET …/reminders/): a schedule step (1-based) or one sent by hand (null). */
export const reminderResource = (reminder: SentReminder) => ({
  step: reminder.step,
  offset_days: reminder.offset_days ?? null,
  sent_at: reminder.sent_at,
  to: reminder.to,
  ...deliveryOf(reminder),
});

/**
 * The VAT breakdown, and the VAT in the accounting currency where the document is in another one:
 * its rate, each row's VAT and the total converted (docs/invoices.md "Foreign currency").
 */
export function inAccountingCurrency(document: FixedRate, rows: readonly TaxRow[]) {
  const converted = vatInAccountingCurrency(
    document,
    rows.map((row) => row.tax_minor),
  );
  return {
    tax_breakdown: rows.map((row, index) => ({
      tax_category: row.tax_category,
      tax_rate: row.tax_rate,
      taxable_amount: money(row.taxable_minor),
      tax_amount: money(row.tax_minor),
      tax_exemption_reason: row.tax_exemption_reason ?? null,
      tax_amount_in_accounting_currency: converted ? formatMinor(converted.rows[index]!) : null,
    })),
    accounting_currency: converted?.currency ?? null,
    exchange_rate: converted ? document.exchange_rate! : null,
    tax_total_in_accounting_currency: converted ? formatMinor(converted.total) : null,
  };
}

/** The priced lines and their sums, as invoices and quotes show them. */
export const pricedResource = (priced: PricedInvoice) => ({
  line_items: priced.line_items.map((line) => ({
    description: line.description,
    quantity: Number(line.quantity),
    unit: line.unit ?? DEFAULT_UNIT,
    unit_price: line.unit_price,
    discount: line.discount ?? null,
    discount_amount: money(line.discount_minor ?? 0),
    net_amount: money(line.net_minor),
    tax_category: line.tax_category ?? categoryFor(parseDecimal(line.tax_rate)!),
    tax_rate: line.tax_rate,
    tax_exemption_reason: line.tax_exemption_reason ?? null,
    tax_amount: money(line.tax_minor),
    total: money(line.total_minor),
  })),
  discount: priced.discount ?? null,
  prices_include_tax: priced.prices_include_tax ?? false,
  tax_rounding: priced.tax_rounding ?? DEFAULT_TAX_ROUNDING,
  subtotal: money(priced.subtotal_minor),
  discount_amount: money(priced.discount_minor ?? 0),
  taxable_amount: money(priced.subtotal_minor - (priced.discount_minor ?? 0)),
  tax_amount: money(priced.tax_amount_minor),
});
