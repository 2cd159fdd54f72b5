// The invoice as a PDF (pdf-lib, A4, DejaVu Sans embedded as a subset so any Latin, Greek, Cyrillic or
// Vietnamese text prints as written). It draws the view of invoice-view.ts, so the PDF, the page and
// the e-mail say the same. Long invoices continue on further pages with the table header repeated.
import { facesFor } from '#shared/documents/font-faces';
import {
  degrees,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  type PDFDocument,
  type PDFImage,
} from 'pdf-lib';
import { qrModules } from '#shared/documents/epc-qr';
import { creditNoteView, type CreditNoteDocument } from '#shared/documents/credit-note-view';
import { invoiceView, type InvoiceDocument, type InvoiceView } from '#shared/documents/invoice-view';
import {
  A4,
  drawLogoOrName,
  drawPageNumbers,
  LINE,
  MARGIN,
  MUTED,
  openPdf,
  RIGHT,
  room,
  rule,
  text,
  wrap,
  type Canvas,
} from '#shared/documents/pdf-canvas';

export type { InvoiceDocument } from '#shared/documents/invoice-view';

type Column = { title: string; width: number; align: 'left' | 'right' };

export const renderInvoicePdf = (document: InvoiceDocument) => renderDocumentPdf(invoiceView(document));

export const renderCreditNotePdf = (document: CreditNoteDocument) => renderDocumentPdf(creditNoteView(document));

/** Draws a document's view: an invoice's or a credit note's; `finish` may add to it before it is saved. */
export async function renderDocumentPdf(
  view: InvoiceView,
  finish?: (pdf: PDFDocument) => Promise<void>,
): Promise<Uint8Array> {
  const { pdf, regular, bold, logo } = await openPdf({
    title: view.title,
    author: view.seller.name,
    language: view.locale,
    date: documentDate(view),
    logo: view.logo,
    faces: facesFor(view.locale, view),
  });
  const page = pdf.addPage([A4.width, A4.height]);
  const canvas: Canvas = { pdf, page, y: A4.height - MARGIN, regular, bold, view, words: view.words };
  drawLetterhead(canvas, logo);
  drawParties(canvas);
  drawFacts(canvas);
  drawLineItems(canvas);
  drawTotals(canvas);
  drawTaxBreakdown(canvas);
  drawDeductions(canvas);
  drawAccountingVat(canvas);
  drawPayment(canvas);
  drawNotes(canvas);
  drawPageNumbers(canvas, canvas.words.page);
  await finish?.(pdf);
  return pdf.save();
}

/** Midnight UTC of the document's issue date: what its PDF and Factur-X metadata say it was made on. */
export const documentDate = (view: Pick<InvoiceView, 'issueDate'>) => new Date(`${view.issueDate}T00:00:00Z`);

/** Logo or name on the left; title and the stamp of a paid, void or credited invoice on the right. */
function drawLetterhead(canvas: Canvas, logo: PDFImage | undefined) {
  const { page, view, bold, y } = canvas;
  drawLogoOrName(canvas, logo, view.seller.name);
  text(canvas, view.title, RIGHT - 260, y, { font: bold, size: 15, align: 'right', width: 260 });
  if (view.mark) {
    const color = view.settled === 'void' ? rgb(0.75, 0.1, 0.1) : rgb(0.05, 0.55, 0.25);
    const width = bold.widthOfTextAtSize(view.mark, 26) + 16;
    page.drawRectangle({
      x: RIGHT - width - 10,
      y: y - 62,
      width,
      height: 36,
      borderColor: color,
      borderWidth: 2,
      rotate: degrees(8),
    });
    page.drawText(view.mark, { x: RIGHT - width - 2, y: y - 54, size: 26, font: bold, color, rotate: degrees(8) });
  }
  canvas.y -= 56;
}

/** Seller and buyer side by side; the cursor ends below the longer of the two. */
function drawParties(canvas: Canvas) {
  const { view, words } = canvas;
  const top = canvas.y;
  const block = (title: string, party: { name: string; lines: string[] }, x: number) => {
    let at = top;
    text(canvas, title, x, at, { color: MUTED });
    at -= LINE;
    text(canvas, party.name, x, at, { font: canvas.bold });
    at -= LINE;
    for (const line of party.lines.flatMap((each) => wrap(canvas.regular, each, 230))) {
      text(canvas, line, x, at);
      at -= LINE;
    }
    return at;
  };
  canvas.y = Math.min(block(words.from, view.seller, MARGIN), block(words.billedTo, view.buyer, MARGIN + 260)) - LINE;
}

/** The document's number, dates and references, one labelled row each. */
function drawFacts(canvas: Canvas) {
  for (const [label, value] of canvas.view.facts) {
    text(canvas, label, MARGIN, canvas.y, { font: canvas.bold });
    text(canvas, value, MARGIN + 120, canvas.y);
    canvas.y -= LINE;
  }
  canvas.y -= LINE;
}

/** The table's columns, the discount column only when a line has a discount. */
function lineColumns({ words, showDiscounts }: InvoiceView): Column[] {
  return [
    { title: words.description, width: showDiscounts ? 150 : 210, align: 'left' },
    { title: words.quantity, width: 50, align: 'right' },
    { title: words.unitPrice, width: 70, align: 'right' },
    ...(showDiscounts ? [{ title: words.discount, width: 60, align: 'right' as const }] : []),
    { title: words.tax, width: 85, align: 'right' },
    { title: words.net, width: 80, align: 'right' },
  ];
}

function drawTableHeader(canvas: Canvas, columns: Column[], xs: number[]) {
  columns.forEach((column, index) =>
    text(canvas, column.title, xs[index]!, canvas.y, {
      font: canvas.bold,
      align: column.align,
      width: column.width - 4,
    }),
  );
  rule(canvas, canvas.y - 4);
  canvas.y -= LINE + 4;
}

/** The line items table; a row that does not fit starts a new page, which repeats the header. */
function drawLineItems(canvas: Canvas) {
  const { view } = canvas;
  const columns = lineColumns(view);
  const xs = columns.reduce<number[]>(
    (acc, column, index) => [...acc, index === 0 ? MARGIN : acc[index - 1]! + columns[index - 1]!.width],
    [],
  );
  drawTableHeader(canvas, columns, xs);
  for (const line of view.lines) {
    // Every cell wraps in its column (a long description, a tax category's name); the row is as tall as its tallest cell.
    const cells = [
      line.description,
      line.quantity,
      line.unitPrice,
      ...(view.showDiscounts ? [line.discount] : []),
      line.tax,
      line.net,
    ];
    const wrapped = cells.map((cell, index) => wrap(canvas.regular, cell, columns[index]!.width - 8));
    const height = Math.max(...wrapped.map((parts) => parts.length));
    if (room(canvas, height * LINE)) drawTableHeader(canvas, columns, xs);
    wrapped.forEach((parts, index) =>
      parts.forEach((part, row) =>
        text(canvas, part, xs[index]!, canvas.y - row * LINE, {
          align: columns[index]!.align,
          width: columns[index]!.width - 4,
        }),
      ),
    );
    canvas.y -= height * LINE;
  }
  rule(canvas, canvas.y + LINE - 4);
}

/** Subtotal to amount due on the right, kept together on one page. */
function drawTotals(canvas: Canvas) {
  room(canvas, canvas.view.totals.length * LINE + LINE);
  canvas.y -= 4;
  for (const total of canvas.view.totals) {
    const font = total.strong ? canvas.bold : canvas.regular;
    text(canvas, total.label, RIGHT - 250, canvas.y, { font });
    text(canvas, total.value, RIGHT - 130, canvas.y, { font, align: 'right', width: 130 });
    canvas.y -= LINE;
  }
  canvas.y -= LINE;
}

/** Rate, taxable amount and tax per rate, each with its exemption note beneath. */
function drawTaxBreakdown(canvas: Canvas) {
  const { view, words } = canvas;
  room(canvas, (view.breakdown.length + 2) * LINE);
  text(canvas, words.taxBreakdown, MARGIN, canvas.y, { font: canvas.bold });
  canvas.y -= LINE;
  for (const [index, title] of [words.rate, words.taxableAmount, words.taxAmount].entries())
    text(canvas, title, MARGIN + [0, 120, 240][index]!, canvas.y, {
      color: MUTED,
      align: index ? 'right' : 'left',
      width: index ? 110 : 0,
    });
  canvas.y -= LINE;
  if (view.accounting) text(canvas, view.accounting.title, MARGIN + 360, canvas.y + LINE, ACCOUNTING_COLUMN);
  for (const [index, row] of view.breakdown.entries()) {
    room(canvas, LINE * 2);
    text(canvas, row.label, MARGIN, canvas.y);
    text(canvas, row.taxable, MARGIN + 120, canvas.y, { align: 'right', width: 110 });
    text(canvas, row.tax, MARGIN + 240, canvas.y, { align: 'right', width: 110 });
    if (view.accounting) text(canvas, view.accounting.rows[index]!, MARGIN + 360, canvas.y, ACCOUNTING_COLUMN);
    canvas.y -= LINE;
    if (row.note) {
      for (const part of wrap(canvas.regular, row.note, RIGHT - MARGIN - 10)) {
        text(canvas, part, MARGIN + 10, canvas.y, { color: MUTED });
        canvas.y -= LINE;
      }
    }
  }
}

/** Left edges of a deduction's columns: deposit invoice, rate, net and VAT (these two right-aligned). */
const DEDUCTION_AT = [MARGIN, MARGIN + 295, RIGHT - 165, RIGHT - 80] as const;
const DEPOSIT_WIDTH = 290;

/** A final invoice's deductions: per deposit invoice and rate the net and the VAT taken off, and their sums. */
function drawDeductions(canvas: Canvas) {
  const { view, words } = canvas;
  if (!view.deductions) return;
  // The deposit's words wrap within their column, the figures on its first line.
  const row = ([first, ...cells]: readonly string[], options: { font?: Canvas['bold']; color?: typeof MUTED } = {}) => {
    const parts = wrap(options.font ?? canvas.regular, first!, DEPOSIT_WIDTH);
    room(canvas, LINE * (parts.length + 1));
    for (const [index, cell] of cells.entries())
      text(canvas, cell, DEDUCTION_AT[index + 1]!, canvas.y, {
        ...options,
        ...(index > 0 ? { align: 'right', width: 80 } : {}),
      });
    for (const part of parts) {
      text(canvas, part, MARGIN, canvas.y, options);
      canvas.y -= LINE;
    }
  };
  canvas.y -= LINE / 2;
  room(canvas, LINE * 4);
  text(canvas, view.deductions.title, MARGIN, canvas.y, { font: canvas.bold });
  canvas.y -= LINE;
  row([words.invoice, words.rate, words.net, words.taxAmount], { color: MUTED });
  for (const deduction of view.deductions.rows) row([deduction.deposit, deduction.rate, deduction.net, deduction.tax]);
  const { total } = view.deductions;
  row([total.label, '', total.net, total.tax], { font: canvas.bold });
}

const ACCOUNTING_COLUMN = { align: 'right', width: RIGHT - MARGIN - 360, color: MUTED } as const;

/** The VAT in the accounting currency: its total, and the rate it was converted at with its source and day. */
function drawAccountingVat(canvas: Canvas) {
  const { accounting } = canvas.view;
  if (!accounting) return;
  room(canvas, LINE * 3);
  text(canvas, accounting.title, MARGIN, canvas.y, { font: canvas.bold });
  text(canvas, accounting.total, MARGIN + 360, canvas.y, { ...ACCOUNTING_COLUMN, font: canvas.bold, color: undefined });
  canvas.y -= LINE;
  for (const part of wrap(canvas.regular, accounting.rate, RIGHT - MARGIN)) {
    text(canvas, part, MARGIN, canvas.y, { color: MUTED });
    canvas.y -= LINE;
  }
  canvas.y -= LINE / 2;
}

const QR_SIDE = 84;

/** Payment instructions, with the EPC QR code beside them while money is due. */
function drawPayment(canvas: Canvas) {
  const { payment } = canvas.view;
  if (!payment) return;
  const qr = payment.qr ? qrModules(payment.qr) : undefined;
  room(canvas, Math.max((payment.lines.length + 2) * LINE, qr ? QR_SIDE + LINE * 2 : 0));
  canvas.y -= LINE;
  text(canvas, canvas.words.paymentInstructions, MARGIN, canvas.y, { font: canvas.bold });
  const top = canvas.y;
  canvas.y -= LINE;
  for (const line of payment.lines.flatMap((each) => wrap(canvas.regular, each, 330))) {
    text(canvas, line, MARGIN, canvas.y);
    canvas.y -= LINE;
  }
  if (qr) {
    drawQrCode(canvas, qr, top);
    canvas.y = Math.min(canvas.y, top - QR_SIDE - LINE * 2);
  }
}

/** The QR code's dark modules at the right margin from `top` down, captioned "scan to pay". */
function drawQrCode(canvas: Canvas, qr: ReturnType<typeof qrModules>, top: number) {
  const cell = QR_SIDE / qr.size;
  const left = RIGHT - QR_SIDE;
  // Each row's runs of dark modules as rectangles of one path, filled once.
  const runs = [];
  for (let row = 0; row < qr.size; row++)
    for (let column = 0; column < qr.size; column++) {
      if (!qr.dark(row, column)) continue;
      let end = column;
      while (end + 1 < qr.size && qr.dark(row, end + 1)) end++;
      runs.push(rectangle(left + column * cell, top - (row + 1) * cell, (end - column + 1) * cell, cell));
      column = end;
    }
  canvas.page.pushOperators(pushGraphicsState(), setFillingRgbColor(0, 0, 0), ...runs, fill(), popGraphicsState());
  text(canvas, canvas.words.scanToPay, left - 60, top - QR_SIDE - LINE, {
    size: 7,
    color: MUTED,
    align: 'right',
    width: QR_SIDE + 60,
  });
}

/** Notes and terms, each headed, at most 40 lines long, breaking across pages. */
function drawNotes(canvas: Canvas) {
  const { view, words } = canvas;
  for (const [label, value] of [
    [words.notes, view.notes],
    [words.terms, view.terms],
  ] as const) {
    if (!value) continue;
    room(canvas, LINE * 3);
    canvas.y -= LINE;
    text(canvas, label, MARGIN, canvas.y, { font: canvas.bold });
    canvas.y -= LINE;
    for (const part of wrap(canvas.regular, value, RIGHT - MARGIN).slice(0, 40)) {
      room(canvas, LINE);
      text(canvas, part, MARGIN, canvas.y);
      canvas.y -= LINE;
    }
  }
}
