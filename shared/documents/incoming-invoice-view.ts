// A received e-invoice as a readable document: its view (what the supplier's file says) worded in the
// organization's language and laid out as the service's own invoices are, so the PDF and the page of
// an invoice draw it. Every value is the sender's: text goes through the drawings' own escaping, and
// a value Intl cannot format (an amount that is no decimal, a code that is no currency) is shown as
// written rather than formatted.
import { parseDecimal } from '#shared/domain/decimal';
import type { IncomingRead } from '#shared/domain/incoming-invoice';
import type { IncomingParty } from '#shared/domain/incoming-invoice-view';
import { TAX_CATEGORIES, type TaxCategory } from '#shared/domain/tax';
import { breakdownRows, documentFormat, partyBlocks } from '#shared/documents/document-format';
import type { InvoiceView } from '#shared/documents/invoice-view';

const isDecimal = (text: string | null): text is string => text !== null && parseDecimal(text) !== null;
const categoryOf = (code: string | null): TaxCategory =>
  (TAX_CATEGORIES as readonly string[]).includes(code ?? '') ? (code as TaxCategory) : 'S';

const sellerOf = (party: IncomingParty) => ({
  name: party.name ?? party.trading_name,
  address:
    party.address?.line1 && party.address.city && party.address.postal_code && party.address.country
      ? {
          line1: party.address.line1,
          ...(party.address.line2 ? { line2: party.address.line2 } : {}),
          city: party.address.city,
          postal_code: party.address.postal_code,
          ...(party.address.state ? { state: party.address.state } : {}),
          country: party.address.country,
        }
      : null,
  tax_id: party.tax_id,
  registration_number: party.registration_number,
  email: party.contact?.email ?? null,
  phone: party.contact?.phone ?? null,
});

const buyerOf = (party: IncomingParty) => ({
  name: party.name ?? party.trading_name,
  address: party.address?.line1 ?? null,
  city: party.address?.city ?? null,
  postal_code: party.address?.postal_code ?? null,
  state: party.address?.state ?? null,
  country: party.address?.country ?? null,
  tax_id: party.tax_id,
  email: party.contact?.email ?? null,
});

export function incomingInvoiceView({ view }: IncomingRead, locale: string): InvoiceView {
  const currency = view.currency && /^[A-Z]{3}$/.test(view.currency) ? view.currency : 'XXX';
  const format = documentFormat(locale, currency);
  const { words, date } = format;
  const amount = (text: string | null) => (isDecimal(text) ? format.amount(text) : (text ?? ''));
  const day = (text: string | null) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? date(text) : (text ?? ''));
  const rate = (category: string | null, value: string | null) =>
    isDecimal(value) || categoryOf(category) !== 'S' ? format.rateText(categoryOf(category), value ?? '0') : '';
  const parties = partyBlocks(sellerOf(view.seller), buyerOf(view.buyer), '', format);
  const number = view.number ?? '';
  const lines = view.line_items.map((line) => ({
    description: line.description ?? '',
    quantity: isDecimal(line.quantity) ? format.quantity(line.quantity, line.unit) : line.quantity,
    unitPrice: amount(line.unit_price),
    discount: '',
    tax: rate(line.tax_category, line.tax_rate),
    net: amount(line.net_amount),
  }));
  const breakdown = breakdownRows(
    view.tax_breakdown
      .filter((row) => isDecimal(row.taxable_amount) && isDecimal(row.tax_amount))
      .map((row) => ({ ...row, tax_category: categoryOf(row.tax_category), tax_rate: row.tax_rate ?? '0' })),
    format,
  );
  const optional = (key: string, label: string, value: string | null) =>
    isDecimal(value) && parseDecimal(value)!.units !== 0n ? [{ key, label, value: amount(value) }] : [];
  return {
    locale,
    lang: locale.slice(0, 2),
    words,
    logo: null,
    title: `${view.document_type === 'credit_note' ? words.creditNote : words.invoice} ${number}`,
    issueDate: view.issue_date && /^\d{4}-\d{2}-\d{2}$/.test(view.issue_date) ? view.issue_date : '1970-01-01',
    mark: null,
    settled: null,
    seller: parties.seller,
    buyer: parties.buyer,
    facts: [
      [view.document_type === 'credit_note' ? words.creditNoteNumber : words.invoiceNumber, number],
      [words.issueDate, day(view.issue_date)],
      ...(view.due_date ? [[words.dueDate, day(view.due_date)] as [string, string]] : []),
    ],
    lines,
    showDiscounts: false,
    breakdown,
    deductions: null,
    accounting: null,
    totals: [
      { key: 'subtotal', label: words.subtotal, value: amount(view.subtotal) },
      ...optional('discount', words.documentDiscount, view.discount_amount),
      { key: 'taxable', label: words.taxableAmount, value: amount(view.taxable_amount) },
      { key: 'tax', label: words.taxAmount, value: amount(view.tax_amount) },
      { key: 'total', label: words.total, value: amount(view.total_amount), strong: true },
      ...optional('paid', words.paid, view.amount_paid),
      { key: 'due', label: words.amountDue, value: amount(view.amount_due), strong: true },
    ],
    payment: view.payment?.iban
      ? {
          lines: [
            view.payment.account_name && `${words.accountHolder}: ${view.payment.account_name}`,
            `IBAN: ${view.payment.iban}`,
            view.payment.bic && `BIC: ${view.payment.bic}`,
            `${words.reference}: ${view.payment.remittance_reference ?? number}`,
            view.payment.terms,
          ].filter((line): line is string => Boolean(line)),
          qr: null,
        }
      : null,
    payable: false,
    amountDue: amount(view.amount_due),
    dueDate: day(view.due_date),
    notes: view.notes.join('\n'),
    terms: '',
  };
}
