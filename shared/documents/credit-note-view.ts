// What a credit note document says: the invoice's layout and languages, titled as a credit note,
// naming the invoice it corrects and why; nothing to pay, so no payment block.
import type { Logo } from '#shared/domain/logo';
import type { creditNoteResource } from '#shared/domain/resources/credit-note';
import { accountingVat, breakdownRows, documentFormat, partyBlocks } from '#shared/documents/document-format';
import type { InvoiceView } from '#shared/documents/invoice-view';

export type CreditNoteResource = ReturnType<typeof creditNoteResource>;
export type CreditNoteDocument = { creditNote: CreditNoteResource; logo?: Logo };

export function creditNoteView({ creditNote, logo }: CreditNoteDocument): InvoiceView {
  const format = documentFormat(creditNote.locale, creditNote.currency);
  const { words, amount, date, rateText } = format;
  const parties = partyBlocks(creditNote.seller, creditNote.buyer, creditNote.client.name, format);
  const lines = creditNote.line_items.map((line) => ({
    description: line.description,
    quantity: line.quantity === null ? '' : format.quantity(line.quantity, line.unit),
    unitPrice: line.unit_price === null ? '' : amount(line.unit_price),
    discount: '',
    tax: rateText(line.tax_category, line.tax_rate),
    net: amount(line.net_amount),
  }));
  return {
    locale: creditNote.locale,
    lang: creditNote.locale.slice(0, 2),
    words,
    logo: logo ?? null,
    title: `${words.creditNote} ${creditNote.credit_note_number}`,
    issueDate: creditNote.issue_date,
    mark: null,
    settled: null,
    seller: parties.seller,
    buyer: parties.buyer,
    facts: [
      [words.creditNoteNumber, creditNote.credit_note_number],
      [words.issueDate, date(creditNote.issue_date)],
      [words.correctedInvoice, words.correctsInvoice(creditNote.invoice.number, date(creditNote.invoice.issue_date))],
      [words.reason, words.reasons[creditNote.reason]],
    ],
    lines,
    showDiscounts: false,
    breakdown: breakdownRows(creditNote.tax_breakdown, format),
    deductions: null,
    accounting: accountingVat(creditNote, format),
    totals: [
      { key: 'subtotal', label: words.subtotal, value: amount(creditNote.subtotal) },
      { key: 'tax', label: words.taxAmount, value: amount(creditNote.tax_amount) },
      { key: 'total', label: words.total, value: amount(creditNote.total_amount), strong: true },
    ],
    payment: null,
    payable: false,
    amountDue: amount('0.00'),
    dueDate: date(creditNote.issue_date),
    notes: creditNote.memo,
    terms: '',
  };
}
