// What an invoice document says, worded and formatted once for the PDF, the public page and the
// e-mail: labels in the document's language, numbers, dates and money by Intl in its locale. Every
// amount starts as the API's exact decimal string; Intl formats strings exactly (no floating point).
import type { Invoice } from '#shared/domain/invoice';
import type { Logo } from '#shared/domain/logo';
import { type Deduction, deductionsOf } from '#shared/domain/quote-conversion';
import { invoiceResource } from '#shared/domain/resources/invoice';
import {
  accountingVat,
  breakdownRows,
  deductionRows,
  documentFormat,
  partyBlocks,
  type DocumentFormat,
} from '#shared/documents/document-format';
import { epcPayload } from '#shared/documents/epc-qr';
import { compactReference } from '#shared/domain/payment-reference';

export type InvoiceResource = ReturnType<typeof invoiceResource>;

/** `deductions`: what a final invoice deducts (from its stored lines: the API's lines do not say). */
export type InvoiceDocument = {
  invoice: InvoiceResource;
  logo?: Logo;
  locale?: string;
  deductions?: readonly Deduction[];
};

/** The document of a stored invoice: its resource, and its deductions when it is a final invoice. */
export const invoiceDocumentOf = (stored: Invoice, publicBaseUrl: string, logo?: Logo): InvoiceDocument => ({
  invoice: invoiceResource(stored, publicBaseUrl),
  ...(logo ? { logo } : {}),
  deductions: deductionsOf(stored.line_items),
});

export function invoiceView({ invoice, logo, locale: given, deductions = [] }: InvoiceDocument) {
  const locale = given ?? invoice.locale;
  const format = documentFormat(locale, invoice.currency);
  const { words, amount, date } = format;
  const { seller: sellerBlock, buyer: buyerBlock } = partyBlocks(
    invoice.seller,
    invoice.buyer,
    invoice.client.name,
    format,
  );
  const lines = lineRows(invoice, format);
  const open = isOpen(invoice);
  return {
    locale,
    lang: locale.slice(0, 2),
    words,
    logo: logo ?? null,
    // A quote's deposit is a prepayment invoice, and says so (docs/quotes.md).
    title: `${invoice.quote?.kind === 'deposit' ? words.deposit.title : words.invoice} ${invoice.invoice_number}`,
    /** The date the document's files carry (PDF and XMP dates): never the time of a request. */
    issueDate: invoice.issue_date,
    mark: markOf(invoice, words),
    settled:
      invoice.status === 'paid' || invoice.status === 'void' || invoice.status === 'credited' ? invoice.status : null,
    seller: sellerBlock,
    buyer: buyerBlock,
    facts: factsOf(invoice, format),
    lines,
    showDiscounts: lines.some((line) => line.discount),
    breakdown: breakdownRows(invoice.tax_breakdown, format),
    deductions: deductionRows(deductions, format),
    accounting: accountingVat(invoice, format),
    totals: totalsOf(invoice, format),
    payment: paymentOf(invoice, open, sellerBlock.name, words),
    payable: open,
    amountDue: amount(invoice.amount_due),
    dueDate: date(invoice.due_date),
    notes: invoice.notes,
    terms: invoice.terms,
  };
}

/** Money is still due and can still be paid: not settled, not voided, not fully credited. */
const isOpen = (invoice: InvoiceResource) =>
  invoice.status !== 'paid' &&
  invoice.status !== 'void' &&
  invoice.status !== 'credited' &&
  invoice.amount_due !== '0.00';

const markOf = (invoice: InvoiceResource, words: DocumentFormat['words']) => {
  const marks: Partial<Record<string, string>> = {
    paid: words.markPaid,
    void: words.markVoid,
    credited: words.markCredited,
  };
  return marks[invoice.status] ?? null;
};

/** Number and dates: the supply date or the service period only when the invoice states one. */
function factsOf(invoice: InvoiceResource, { words, date }: DocumentFormat): [string, string][] {
  return [
    [words.invoiceNumber, invoice.invoice_number],
    [words.issueDate, date(invoice.issue_date)],
    ...(invoice.supply_date ? [[words.supplyDate, date(invoice.supply_date)] as [string, string]] : []),
    ...(invoice.service_period
      ? [
          [words.servicePeriod, `${date(invoice.service_period.start)} – ${date(invoice.service_period.end)}`] as [
            string,
            string,
          ],
        ]
      : []),
    [words.dueDate, date(invoice.due_date)],
    ...(invoice.quote ? [[words.quote.number, invoice.quote.quote_number] as [string, string]] : []),
  ];
}

function lineRows(invoice: InvoiceResource, format: DocumentFormat) {
  const { amount, rateText, percent } = format;
  return invoice.line_items.map((line) => {
    return {
      description: line.description,
      quantity: format.quantity(line.quantity, line.unit),
      unitPrice: amount(line.unit_price),
      discount: line.discount
        ? 'percent' in line.discount
          ? `−${percent(line.discount.percent)}`
          : `−${amount(line.discount.amount)}`
        : '',
      tax: rateText(line.tax_category, line.tax_rate),
      net: amount(line.net_amount),
    };
  });
}

/** Subtotal to amount due; the discount, paid and credited rows only when they are not zero. */
function totalsOf(invoice: InvoiceResource, { words, amount }: DocumentFormat) {
  const hasDiscount = invoice.discount_amount !== '0.00';
  const totals: { label: string; value: string; strong?: boolean; key: string }[] = [
    { key: 'subtotal', label: words.subtotal, value: amount(invoice.subtotal) },
    ...(hasDiscount
      ? [
          { key: 'discount', label: words.documentDiscount, value: `−${amount(invoice.discount_amount)}` },
          { key: 'taxable', label: words.taxableAmount, value: amount(invoice.taxable_amount) },
        ]
      : []),
    { key: 'tax', label: words.taxAmount, value: amount(invoice.tax_amount) },
    { key: 'total', label: words.total, value: amount(invoice.total_amount), strong: true },
    ...(invoice.amount_paid !== '0.00' ? [{ key: 'paid', label: words.paid, value: amount(invoice.amount_paid) }] : []),
    ...(invoice.amount_credited !== '0.00'
      ? [{ key: 'credited', label: words.credited, value: `−${amount(invoice.amount_credited)}` }]
      : []),
    { key: 'due', label: words.amountDue, value: amount(invoice.amount_due), strong: true },
  ];
  return totals;
}

/**
 * The seller's payment instructions, referencing the invoice's structured payment reference (or its
 * number where it has none); none when the seller gave none.
 */
function paymentOf(invoice: InvoiceResource, open: boolean, sellerName: string, words: DocumentFormat['words']) {
  const instructions = invoice.seller?.payment_instructions ?? null;
  if (!instructions) return null;
  return {
    lines: [
      instructions.account_name && `${words.accountHolder}: ${instructions.account_name}`,
      instructions.iban && `IBAN: ${instructions.iban.replace(/(.{4})(?=.)/g, '$1 ')}`,
      instructions.bic && `BIC: ${instructions.bic}`,
      `${words.reference}: ${invoice.payment_reference ?? invoice.invoice_number}`,
      instructions.text,
    ].filter((line): line is string => Boolean(line)),
    // The EPC QR code (SEPA credit transfer) only for euros still due to an IBAN.
    qr:
      open && invoice.currency === 'EUR' && instructions.iban
        ? epcPayload({
            name: instructions.account_name ?? sellerName,
            iban: instructions.iban,
            bic: instructions.bic,
            amount: invoice.amount_due,
            ...(invoice.payment_reference
              ? { structuredReference: compactReference(invoice.payment_reference) }
              : { reference: invoice.invoice_number }),
          })
        : null,
  };
}

export type InvoiceView = ReturnType<typeof invoiceView>;
