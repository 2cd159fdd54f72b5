// The invoice as a PDF (pdf-lib, A4, DejaVu Sans embedded as a subset so any Latin, Greek, Cyrillic or
// Vietnamese text prints as written). It draws the view of invoice-view.ts, so the PDF, the page and
// the e-mail say the same. Long invoices continue on further pages with the table header repeated.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, degrees, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { qrModules } from '#shared/documents/epc-qr';
import { logoDecodes } from '#shared/documents/logo-image';
import { documentFonts } from '#shared/documents/assets';
import { creditNoteView, type CreditNoteDocument } from '#shared/documents/credit-note-view';
import { invoiceView, type InvoiceDocument, type InvoiceView } from '#shared/documents/invoice-view';

export type { InvoiceDocument } from '#shared/documents/invoice-view';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const RIGHT = A4.width - MARGIN;
const SIZE = 9;
const LINE = 13;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.4, 0.4, 0.4);

type Column = { title: string; width: number; align: 'left' | 'right' };

/** Text a PDF text run can hold: no control characters (a line break is a new run, not a glyph). */
const clean = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ');

function wrap(font: PDFFont, text: string, width: number, size = SIZE): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let current = '';
    for (const word of clean(paragraph).split(' ')) {
      const candidate = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) current = candidate;
      else {
        if (current) lines.push(current);
        current = word;
        while (font.widthOfTextAtSize(current, size) > width) {
          let cut = current.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > width) cut--;
          lines.push(current.slice(0, cut));
          current = current.slice(cut);
        }
      }
    }
    lines.push(current);
  }
  return lines;
}

export const renderInvoicePdf = (document: InvoiceDocument) => renderDocumentPdf(invoiceView(document));

export const renderCreditNotePdf = (document: CreditNoteDocument) => renderDocumentPdf(creditNoteView(document));

/** Draws a document's view: an invoice's or a credit note's; `finish` may add to it before it is saved. */
export async function renderDocumentPdf(
  view: InvoiceView,
  finish?: (pdf: PDFDocument) => Promise<void>,
): Promise<Uint8Array> {
  const { words } = view;
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(view.title);
  pdf.setAuthor(view.seller.name);
  pdf.setLanguage(view.locale);
  pdf.setCreator('Invoicing service');
  const fonts = await documentFonts();
  const regular = await pdf.embedFont(fonts.regular, { subset: true });
  const bold = await pdf.embedFont(fonts.bold, { subset: true });
  // A logo stored before logos were decoded on arrival may be damaged: the document is printed without it.
  const logo: PDFImage | undefined =
    view.logo && (await logoDecodes(view.logo))
      ? view.logo.content_type === 'image/png'
        ? await pdf.embedPng(view.logo.bytes)
        : await pdf.embedJpg(view.logo.bytes)
      : undefined;

  let page: PDFPage = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const text = (
    value: string,
    x: number,
    at: number,
    {
      font = regular,
      size = SIZE,
      align = 'left',
      width = 0,
      color = INK,
    }: {
      font?: PDFFont;
      size?: number;
      align?: 'left' | 'right';
      width?: number;
      color?: ReturnType<typeof rgb>;
    } = {},
  ) => {
    const safe = clean(value);
    const left = align === 'right' ? x + width - font.widthOfTextAtSize(safe, size) : x;
    page.drawText(safe, { x: left, y: at, size, font, color });
  };
  const rule = (at: number) =>
    page.drawLine({ start: { x: MARGIN, y: at }, end: { x: RIGHT, y: at }, thickness: 0.5, color: rgb(0.7, 0.7, 0.7) });
  const room = (needed: number) => {
    if (y - needed >= MARGIN) return false;
    page = pdf.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
    text(`${view.title} (${words.continued})`, MARGIN, y, { font: bold });
    y -= LINE * 2;
    return true;
  };

  // Header: logo or name on the left, title and mark on the right.
  if (logo) {
    const scale = Math.min(150 / logo.width, 56 / logo.height, 1);
    page.drawImage(logo, {
      x: MARGIN,
      y: y - logo.height * scale + 12,
      width: logo.width * scale,
      height: logo.height * scale,
    });
  } else text(view.seller.name, MARGIN, y, { font: bold, size: 15 });
  text(view.title, RIGHT - 260, y, { font: bold, size: 15, align: 'right', width: 260 });
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
  y -= 56;

  // Seller and buyer side by side.
  const blockTop = y;
  const block = (title: string, party: { name: string; lines: string[] }, x: number) => {
    let at = blockTop;
    text(title, x, at, { color: MUTED });
    at -= LINE;
    text(party.name, x, at, { font: bold });
    at -= LINE;
    for (const line of party.lines.flatMap((each) => wrap(regular, each, 230))) {
      text(line, x, at);
      at -= LINE;
    }
    return at;
  };
  y = Math.min(block(words.from, view.seller, MARGIN), block(words.billedTo, view.buyer, MARGIN + 260)) - LINE;
  for (const [label, value] of view.facts) {
    text(label, MARGIN, y, { font: bold });
    text(value, MARGIN + 120, y);
    y -= LINE;
  }
  y -= LINE;

  // Lines.
  const columns: Column[] = [
    { title: words.description, width: view.showDiscounts ? 150 : 210, align: 'left' },
    { title: words.quantity, width: 50, align: 'right' },
    { title: words.unitPrice, width: 70, align: 'right' },
    ...(view.showDiscounts ? [{ title: words.discount, width: 60, align: 'right' as const }] : []),
    { title: words.tax, width: 85, align: 'right' },
    { title: words.net, width: 80, align: 'right' },
  ];
  const xs = columns.reduce<number[]>(
    (acc, column, index) => [...acc, index === 0 ? MARGIN : acc[index - 1]! + columns[index - 1]!.width],
    [],
  );
  const header = () => {
    columns.forEach((column, index) =>
      text(column.title, xs[index]!, y, { font: bold, align: column.align, width: column.width - 4 }),
    );
    rule(y - 4);
    y -= LINE + 4;
  };
  header();
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
    const wrapped = cells.map((cell, index) => wrap(regular, cell, columns[index]!.width - 8));
    const height = Math.max(...wrapped.map((parts) => parts.length));
    if (room(height * LINE)) header();
    wrapped.forEach((parts, index) =>
      parts.forEach((part, row) =>
        text(part, xs[index]!, y - row * LINE, { align: columns[index]!.align, width: columns[index]!.width - 4 }),
      ),
    );
    y -= height * LINE;
  }
  rule(y + LINE - 4);

  // Totals on the right, the tax breakdown beneath.
  room(view.totals.length * LINE + LINE);
  y -= 4;
  for (const total of view.totals) {
    text(total.label, RIGHT - 250, y, { font: total.strong ? bold : regular });
    text(total.value, RIGHT - 130, y, { font: total.strong ? bold : regular, align: 'right', width: 130 });
    y -= LINE;
  }
  y -= LINE;
  room((view.breakdown.length + 2) * LINE);
  text(words.taxBreakdown, MARGIN, y, { font: bold });
  y -= LINE;
  for (const [index, title] of [words.rate, words.taxableAmount, words.taxAmount].entries())
    text(title, MARGIN + [0, 120, 240][index]!, y, {
      color: MUTED,
      align: index ? 'right' : 'left',
      width: index ? 110 : 0,
    });
  y -= LINE;
  for (const row of view.breakdown) {
    room(LINE * 2);
    text(row.label, MARGIN, y);
    text(row.taxable, MARGIN + 120, y, { align: 'right', width: 110 });
    text(row.tax, MARGIN + 240, y, { align: 'right', width: 110 });
    y -= LINE;
    if (row.note) {
      for (const part of wrap(regular, row.note, RIGHT - MARGIN - 10)) {
        text(part, MARGIN + 10, y, { color: MUTED });
        y -= LINE;
      }
    }
  }

  // Payment instructions, with the EPC QR code beside them.
  if (view.payment) {
    const qr = view.payment.qr ? qrModules(view.payment.qr) : undefined;
    const side = 84;
    room(Math.max((view.payment.lines.length + 2) * LINE, qr ? side + LINE * 2 : 0));
    y -= LINE;
    text(words.paymentInstructions, MARGIN, y, { font: bold });
    const top = y;
    y -= LINE;
    for (const line of view.payment.lines.flatMap((each) => wrap(regular, each, 330))) {
      text(line, MARGIN, y);
      y -= LINE;
    }
    if (qr) {
      const cell = side / qr.size;
      const left = RIGHT - side;
      for (let row = 0; row < qr.size; row++)
        for (let column = 0; column < qr.size; column++)
          if (qr.dark(row, column))
            page.drawRectangle({
              x: left + column * cell,
              y: top - (row + 1) * cell,
              width: cell,
              height: cell,
              color: rgb(0, 0, 0),
            });
      text(words.scanToPay, left - 60, top - side - LINE, { size: 7, color: MUTED, align: 'right', width: side + 60 });
      y = Math.min(y, top - side - LINE * 2);
    }
  }

  for (const [label, value] of [
    [words.notes, view.notes],
    [words.terms, view.terms],
  ] as const) {
    if (!value) continue;
    room(LINE * 3);
    y -= LINE;
    text(label, MARGIN, y, { font: bold });
    y -= LINE;
    for (const part of wrap(regular, value, RIGHT - MARGIN).slice(0, 40)) {
      room(LINE);
      text(part, MARGIN, y);
      y -= LINE;
    }
  }

  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    page = each;
    text(words.page(index + 1, pages.length), RIGHT - 150, MARGIN / 2, {
      size: 8,
      align: 'right',
      width: 150,
      color: MUTED,
    });
  });
  await finish?.(pdf);
  return pdf.save();
}
