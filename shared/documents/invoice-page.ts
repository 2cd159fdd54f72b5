// The public invoice page: plain semantic HTML that reads on a phone and needs no script; the only
// interactive element is the Pay form while money is due.
import type { InvoiceDocument } from '#shared/documents/invoice-pdf';

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const STYLE = `
  body { font-family: system-ui, sans-serif; color: #1a1a1a; margin: 0 auto; max-width: 48rem; padding: 1rem;
    line-height: 1.4; }
  header { display: flex; flex-wrap: wrap; justify-content: space-between; gap: .5rem; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  th, td { padding: .4rem; border-bottom: 1px solid #ddd; text-align: left; }
  td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
  .status { display: inline-block; padding: .1rem .5rem; border-radius: .25rem; background: #eef; }
  .totals { margin-left: auto; width: auto; min-width: 16rem; }
  .pay { font-size: 1.1rem; padding: .6rem 1.4rem; background: #0a5; color: #fff; border: 0; border-radius: .3rem;
    cursor: pointer; }
  .notice { padding: .6rem; background: #fee; border-radius: .3rem; }
  @media (max-width: 30rem) { .optional { display: none; } }
`;

const ITEMS_HEAD =
  '<thead><tr><th scope="col">Description</th><th scope="col" class="number">Qty</th>' +
  '<th scope="col" class="number optional">Unit price</th><th scope="col" class="number optional">Tax %</th>' +
  '<th scope="col" class="number">Total</th></tr></thead>';

export type PageInput = InvoiceDocument & { payAction?: string; notice?: string };

export function renderInvoicePage({ organization, invoice, payAction, notice }: PageInput): string {
  const rows = invoice.line_items
    .map(
      (line) =>
        `<tr><td>${escape(line.description)}</td><td class="number">${line.quantity}</td>` +
        `<td class="number optional">${escape(line.unit_price)}</td>` +
        `<td class="number optional">${escape(line.tax_rate)}</td><td class="number">${escape(line.total)}</td></tr>`,
    )
    .join('\n');
  const currency = escape(invoice.currency);
  const total = `${escape(invoice.total_amount)} ${currency}`;
  const due = `${escape(invoice.amount_due)} ${currency}`;
  const payForm = payAction
    ? `<form method="post" action="${escape(payAction)}">` +
      `<button class="pay" type="submit">Pay ${due}</button></form>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Invoice ${escape(invoice.invoice_number)} from ${escape(organization.name)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header>
  <h1>Invoice ${escape(invoice.invoice_number)}</h1>
  <p><strong>${escape(organization.name)}</strong></p>
</header>
${notice ? `<p class="notice" role="status">${escape(notice)}</p>` : ''}
<dl>
  <dt>Billed to</dt><dd>${escape(invoice.client.name)}</dd>
  <dt>Status</dt><dd><span class="status" data-testid="status">${escape(invoice.status.replace('_', ' '))}</span></dd>
  <dt>Issue date</dt><dd>${escape(invoice.issue_date)}</dd>
  <dt>Due date</dt><dd>${escape(invoice.due_date)}</dd>
</dl>
<table>
  <caption>Items</caption>
  ${ITEMS_HEAD}
  <tbody>
${rows}
  </tbody>
</table>
<table class="totals">
  <tbody>
    <tr><th scope="row">Subtotal</th><td class="number">${escape(invoice.subtotal)}</td></tr>
    <tr><th scope="row">Tax</th><td class="number">${escape(invoice.tax_amount)}</td></tr>
    <tr><th scope="row">Total</th><td class="number" data-testid="total">${total}</td></tr>
    <tr><th scope="row">Paid</th><td class="number">${escape(invoice.amount_paid)}</td></tr>
    <tr><th scope="row">Amount due</th><td class="number" data-testid="amount-due"><strong>${due}</strong></td></tr>
  </tbody>
</table>
${payForm}
${invoice.notes ? `<h2>Notes</h2><p>${escape(invoice.notes)}</p>` : ''}
${invoice.terms ? `<h2>Terms</h2><p>${escape(invoice.terms)}</p>` : ''}
<p><a href="pdf/">Download the PDF</a></p>
</main>
</body>
</html>`;
}

export const notFoundPage = () =>
  '<!doctype html>\n' +
  '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<title>Invoice not found</title><style>${STYLE}</style></head>\n` +
  '<body><main><h1>Invoice not found</h1>' +
  '<p>This link does not lead to an invoice. Check the link in your e-mail, or ask the sender for a new one.</p>' +
  '</main></body></html>';
