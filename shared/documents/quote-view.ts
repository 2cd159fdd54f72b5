// What a quote document says: the invoice's layout and languages, titled as a quote, with the day it
// is valid until; nothing to pay yet, so no payment block.
import type { Logo } from '#shared/domain/logo';
import type { quoteResource } from '#shared/domain/resources/quote';
import { breakdownRows, documentFormat, partyBlocks } from '#shared/documents/document-format';
import type { InvoiceView } from '#shared/documents/invoice-view';

export type QuoteResource = ReturnType<typeof quoteResource>;
export type QuoteDocument = { quote: QuoteResource; logo?: Logo };

export function quoteView({ quote, logo }: QuoteDocument): InvoiceView {
  const format = documentFormat(quote.locale, quote.currency);
  const { words, amount, date, rateText, percent } = format;
  const parties = partyBlocks(quote.seller, quote.buyer, quote.client.name, format);
  const lines = quote.line_items.map((line) => ({
    description: line.description,
    quantity: format.quantity(line.quantity, line.unit),
    unitPrice: amount(line.unit_price),
    discount: line.discount
      ? 'percent' in line.discount
        ? percent(line.discount.percent)
        : amount(line.discount.amount)
      : '',
    tax: rateText(line.tax_category, line.tax_rate),
    net: amount(line.net_amount),
  }));
  const hasDiscount = quote.discount_amount !== '0.00';
  return {
    locale: quote.locale,
    lang: quote.locale.slice(0, 2),
    words,
    logo: logo ?? null,
    title: `${words.quote.title} ${quote.quote_number}`,
    issueDate: quote.issue_date,
    mark: null,
    settled: null,
    seller: parties.seller,
    buyer: parties.buyer,
    facts: [
      [words.quote.number, quote.quote_number],
      [words.issueDate, date(quote.issue_date)],
      [words.quote.validUntil, date(quote.expiry_date)],
    ],
    lines,
    showDiscounts: lines.some((line) => line.discount),
    breakdown: breakdownRows(quote.tax_breakdown, format),
    deductions: null,
    accounting: null,
    totals: [
      { key: 'subtotal', label: words.subtotal, value: amount(quote.subtotal) },
      ...(hasDiscount
        ? [
            { key: 'discount', label: words.documentDiscount, value: `−${amount(quote.discount_amount)}` },
            { key: 'taxable', label: words.taxableAmount, value: amount(quote.taxable_amount) },
          ]
        : []),
      { key: 'tax', label: words.taxAmount, value: amount(quote.tax_amount) },
      { key: 'total', label: words.total, value: amount(quote.total_amount), strong: true },
    ],
    payment: null,
    payable: false,
    amountDue: amount(quote.total_amount),
    dueDate: date(quote.expiry_date),
    notes: quote.notes,
    terms: quote.terms,
  };
}
