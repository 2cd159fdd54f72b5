// The public invoice page: plain semantic HTML that reads on a phone and needs no script; the only
// interactive element is the Pay form while money is due.
import { qrSvg } from '#shared/documents/epc-qr';
import { creditNoteView, type CreditNoteDocument } from '#shared/documents/credit-note-view';
import { invoiceView, type InvoiceDocument, type InvoiceView } from '#shared/documents/invoice-view';
import { PAGE_STYLE as STYLE } from '#shared/documents/page-style';
import { htmlText } from '#shared/documents/html-text';

export type PageInput = InvoiceDocument & {
  payAction?: string;
  notice?: 'succeeded' | 'failed';
  creditNotes?: CreditNoteLink[];
  /** The name of the e-invoice format the page offers (the organization's default), if any. */
  eInvoice?: string;
};

const lines = (values: string[]) => values.map(htmlText).join('<br>');

export const renderInvoicePage = ({ payAction, notice, creditNotes, eInvoice, ...document }: PageInput) =>
  renderDocumentPage(invoiceView(document), { payAction, notice, creditNotes, eInvoice });

export const renderCreditNotePage = ({ eInvoice, ...document }: CreditNoteDocument & Pick<PageInput, 'eInvoice'>) =>
  renderDocumentPage(creditNoteView(document), { eInvoice });

/** A link to a credit note of the invoice, as its page lists them. */
export type CreditNoteLink = { number: string; issue_date: string; total: string; url: string };

/** A document's page; `form` and `message` are a quote's Accept and Decline form and the state it is in. */
export function renderDocumentPage(
  view: InvoiceView,
  {
    payAction,
    notice,
    creditNotes = [],
    eInvoice,
    form = '',
    message,
  }: Pick<PageInput, 'payAction' | 'notice' | 'creditNotes' | 'eInvoice'> & { form?: string; message?: string },
): string {
  const { words } = view;
  return `<!doctype html>
<html lang="${htmlText(view.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${htmlText(view.title)} – ${htmlText(view.seller.name)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${pageHeader(view)}
${noticeParagraph(view, notice)}
${message ? `<p class="notice" role="status" data-testid="state">${htmlText(message)}</p>` : ''}
${partiesSection(view)}
${factList(view)}
${lineTable(view)}
${totalsTable(view)}
${payForm(view, payAction)}
${form}
${breakdownTable(view)}
${deductionTable(view)}
${paymentSection(view)}
${creditNoteList(view, creditNotes)}
${textSection(words.notes, view.notes)}
${textSection(words.terms, view.terms)}
<p><a href="pdf/">${htmlText(words.downloadPdf)}</a></p>
${eInvoice ? `<p><a href="e-invoice/">${htmlText(words.downloadEInvoice(eInvoice))}</a></p>` : ''}
</main>
</body>
</html>`;
}

/** Logo or the seller's name, the title, and the mark of a paid, void or credited invoice. */
function pageHeader(view: InvoiceView): string {
  const logo = view.logo
    ? `<img class="logo" alt="${htmlText(view.seller.name)}" src="data:${view.logo.content_type};base64,${Buffer.from(view.logo.bytes).toString('base64')}">`
    : `<p class="seller-name"><strong>${htmlText(view.seller.name)}</strong></p>`;
  return [
    '<header>',
    `  ${logo}`,
    `  <h1>${htmlText(view.title)}</h1>`,
    `  ${view.mark ? `<p class="mark ${view.settled}" data-testid="mark">${htmlText(view.mark)}</p>` : ''}`,
    '</header>',
  ].join('\n');
}

/** The outcome of a payment the payer has just come back from, if any. */
function noticeParagraph({ words }: InvoiceView, notice: PageInput['notice']): string {
  const noticeText = notice === 'succeeded' ? words.paymentReceived : notice === 'failed' ? words.paymentFailed : '';
  return noticeText ? `<p class="notice" role="status">${htmlText(noticeText)}</p>` : '';
}

function partiesSection({ words, seller, buyer }: InvoiceView): string {
  return [
    '<section class="parties">',
    `  <div><h2>${htmlText(words.from)}</h2><p><strong>${htmlText(seller.name)}</strong><br>${lines(seller.lines)}</p></div>`,
    `  <div><h2>${htmlText(words.billedTo)}</h2><p><strong>${htmlText(buyer.name)}</strong><br>${lines(buyer.lines)}</p></div>`,
    '</section>',
  ].join('\n');
}

/** The document's number, dates and references as a description list. */
const factList = ({ facts }: InvoiceView) =>
  `<dl>\n${facts.map(([label, value]) => `  <dt>${htmlText(label)}</dt><dd>${htmlText(value)}</dd>`).join('\n')}\n</dl>`;

/** The line items; the optional columns hide on a phone, where each row repeats them under the description. */
function lineTable(view: InvoiceView): string {
  const { words } = view;
  const discountCell = (value: string) =>
    view.showDiscounts ? `<td class="number optional">${htmlText(value)}</td>` : '';
  const head =
    `<thead><tr><th scope="col">${htmlText(words.description)}</th>` +
    `<th scope="col" class="number">${htmlText(words.quantity)}</th>` +
    `<th scope="col" class="number optional">${htmlText(words.unitPrice)}</th>` +
    (view.showDiscounts ? `<th scope="col" class="number optional">${htmlText(words.discount)}</th>` : '') +
    `<th scope="col" class="number optional">${htmlText(words.tax)}</th>` +
    `<th scope="col" class="number">${htmlText(words.net)}</th></tr></thead>`;
  const rows = view.lines
    .map(
      (line) =>
        `<tr><td>${htmlText(line.description)}<small class="detail">` +
        `${htmlText([line.unitPrice, line.discount, line.tax].filter(Boolean).join(' · '))}</small></td>` +
        `<td class="number">${htmlText(line.quantity)}</td>` +
        `<td class="number optional">${htmlText(line.unitPrice)}</td>${discountCell(line.discount)}` +
        `<td class="number optional">${htmlText(line.tax)}</td><td class="number">${htmlText(line.net)}</td></tr>`,
    )
    .join('\n');
  return ['<div class="scroll"><table>', `  ${head}`, '  <tbody>', rows, '  </tbody>', '</table></div>'].join('\n');
}

function totalsTable({ totals }: InvoiceView): string {
  const rows = totals
    .map(
      (total) =>
        `<tr><th scope="row">${htmlText(total.label)}</th>` +
        `<td class="number" data-testid="${total.key}">${total.strong ? `<strong>${htmlText(total.value)}</strong>` : htmlText(total.value)}</td></tr>`,
    )
    .join('\n');
  return ['<table class="totals">', '  <tbody>', rows, '  </tbody>', '</table>'].join('\n');
}

/** The Pay button, while the invoice can be paid online. */
const payForm = ({ words, amountDue }: InvoiceView, payAction: string | undefined) =>
  payAction
    ? `<form method="post" action="${htmlText(payAction)}">` +
      `<button class="pay" type="submit">${htmlText(words.pay(amountDue))}</button></form>`
    : '';

function breakdownTable({ words, breakdown }: InvoiceView): string {
  const rows = breakdown
    .map(
      (row) =>
        `<tr><td>${htmlText(row.label)}${row.note ? `<br><small>${htmlText(row.note)}</small>` : ''}</td>` +
        `<td class="number">${htmlText(row.taxable)}</td><td class="number">${htmlText(row.tax)}</td></tr>`,
    )
    .join('\n');
  return [
    `<h2>${htmlText(words.taxBreakdown)}</h2>`,
    '<div class="scroll"><table class="breakdown">',
    `  <thead><tr><th scope="col">${htmlText(words.rate)}</th><th scope="col" class="number">${htmlText(words.taxableAmount)}</th><th scope="col" class="number">${htmlText(words.taxAmount)}</th></tr></thead>`,
    '  <tbody>',
    rows,
    '  </tbody>',
    '</table></div>',
  ].join('\n');
}

/** A final invoice's deductions: per deposit invoice and rate the net and the VAT taken off, and their sums. */
function deductionTable({ words, deductions }: InvoiceView): string {
  if (!deductions) return '';
  const number = (value: string) => `<td class="number">${htmlText(value)}</td>`;
  const { total } = deductions;
  return [
    `<h2>${htmlText(deductions.title)}</h2>`,
    '<div class="scroll"><table class="breakdown" data-testid="deductions">',
    `  <thead><tr>${[words.invoice, words.rate, words.net, words.taxAmount].map((title, index) => `<th scope="col"${index > 1 ? ' class="number"' : ''}>${htmlText(title)}</th>`).join('')}</tr></thead>`,
    '  <tbody>',
    ...deductions.rows.map(
      (row) =>
        `<tr><td>${htmlText(row.deposit)}</td><td>${htmlText(row.rate)}</td>${number(row.net)}${number(row.tax)}</tr>`,
    ),
    `<tr><th scope="row" colspan="2">${htmlText(total.label)}</th>${number(total.net)}${number(total.tax)}</tr>`,
    '  </tbody>',
    '</table></div>',
  ].join('\n');
}

/** Payment instructions, with the EPC QR code beside them while money is due. */
function paymentSection({ words, payment }: InvoiceView): string {
  if (!payment) return '';
  return (
    `<section class="payment"><div><h2>${htmlText(words.paymentInstructions)}</h2><p>${lines(payment.lines)}</p></div>` +
    (payment.qr
      ? `<figure>${qrSvg(payment.qr, words.scanToPay)}<figcaption>${htmlText(words.scanToPay)}</figcaption></figure>`
      : '') +
    '</section>'
  );
}

function creditNoteList({ words }: InvoiceView, creditNotes: CreditNoteLink[]): string {
  if (creditNotes.length === 0) return '';
  const items = creditNotes.map(
    (note) =>
      `<li><a href="${htmlText(note.url)}">${htmlText(note.number)}</a> · ${htmlText(note.issue_date)} · ${htmlText(note.total)}</li>`,
  );
  return `<h2>${htmlText(words.creditNotes)}</h2><ul>${items.join('')}</ul>`;
}

/** A headed block of the user's text (notes, terms), line breaks kept; nothing when empty. */
const textSection = (title: string, value: string | null | undefined) =>
  value ? `<h2>${htmlText(title)}</h2><p>${lines(value.split('\n'))}</p>` : '';
