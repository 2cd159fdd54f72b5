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

function renderDocumentPage(
  view: InvoiceView,
  {
    payAction,
    notice,
    creditNotes = [],
    eInvoice,
  }: Pick<PageInput, 'payAction' | 'notice' | 'creditNotes' | 'eInvoice'>,
): string {
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
  const totals = view.totals
    .map(
      (total) =>
        `<tr><th scope="row">${htmlText(total.label)}</th>` +
        `<td class="number" data-testid="${total.key}">${total.strong ? `<strong>${htmlText(total.value)}</strong>` : htmlText(total.value)}</td></tr>`,
    )
    .join('\n');
  const breakdown = view.breakdown
    .map(
      (row) =>
        `<tr><td>${htmlText(row.label)}${row.note ? `<br><small>${htmlText(row.note)}</small>` : ''}</td>` +
        `<td class="number">${htmlText(row.taxable)}</td><td class="number">${htmlText(row.tax)}</td></tr>`,
    )
    .join('\n');
  const payForm = payAction
    ? `<form method="post" action="${htmlText(payAction)}">` +
      `<button class="pay" type="submit">${htmlText(words.pay(view.amountDue))}</button></form>`
    : '';
  const payment = view.payment
    ? `<section class="payment"><div><h2>${htmlText(words.paymentInstructions)}</h2><p>${lines(view.payment.lines)}</p></div>` +
      (view.payment.qr
        ? `<figure>${qrSvg(view.payment.qr, words.scanToPay)}<figcaption>${htmlText(words.scanToPay)}</figcaption></figure>`
        : '') +
      '</section>'
    : '';
  const logo = view.logo
    ? `<img class="logo" alt="${htmlText(view.seller.name)}" src="data:${view.logo.content_type};base64,${Buffer.from(view.logo.bytes).toString('base64')}">`
    : `<p class="seller-name"><strong>${htmlText(view.seller.name)}</strong></p>`;
  const noticeText = notice === 'succeeded' ? words.paymentReceived : notice === 'failed' ? words.paymentFailed : '';
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
<header>
  ${logo}
  <h1>${htmlText(view.title)}</h1>
  ${view.mark ? `<p class="mark ${view.settled}" data-testid="mark">${htmlText(view.mark)}</p>` : ''}
</header>
${noticeText ? `<p class="notice" role="status">${htmlText(noticeText)}</p>` : ''}
<section class="parties">
  <div><h2>${htmlText(words.from)}</h2><p><strong>${htmlText(view.seller.name)}</strong><br>${lines(view.seller.lines)}</p></div>
  <div><h2>${htmlText(words.billedTo)}</h2><p><strong>${htmlText(view.buyer.name)}</strong><br>${lines(view.buyer.lines)}</p></div>
</section>
<dl>
${view.facts.map(([label, value]) => `  <dt>${htmlText(label)}</dt><dd>${htmlText(value)}</dd>`).join('\n')}
</dl>
<div class="scroll"><table>
  ${head}
  <tbody>
${rows}
  </tbody>
</table></div>
<table class="totals">
  <tbody>
${totals}
  </tbody>
</table>
${payForm}
<h2>${htmlText(words.taxBreakdown)}</h2>
<div class="scroll"><table class="breakdown">
  <thead><tr><th scope="col">${htmlText(words.rate)}</th><th scope="col" class="number">${htmlText(words.taxableAmount)}</th><th scope="col" class="number">${htmlText(words.taxAmount)}</th></tr></thead>
  <tbody>
${breakdown}
  </tbody>
</table></div>
${payment}
${
  creditNotes.length > 0
    ? `<h2>${htmlText(words.creditNotes)}</h2><ul>${creditNotes
        .map(
          (note) =>
            `<li><a href="${htmlText(note.url)}">${htmlText(note.number)}</a> · ${htmlText(note.issue_date)} · ${htmlText(note.total)}</li>`,
        )
        .join('')}</ul>`
    : ''
}
${view.notes ? `<h2>${htmlText(words.notes)}</h2><p>${lines(view.notes.split('\n'))}</p>` : ''}
${view.terms ? `<h2>${htmlText(words.terms)}</h2><p>${lines(view.terms.split('\n'))}</p>` : ''}
<p><a href="pdf/">${htmlText(words.downloadPdf)}</a></p>
${eInvoice ? `<p><a href="e-invoice/">${htmlText(words.downloadEInvoice(eInvoice))}</a></p>` : ''}
</main>
</body>
</html>`;
}
