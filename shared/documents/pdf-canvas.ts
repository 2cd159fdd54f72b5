// The surface the invoice PDF's sections draw on (invoice-pdf.ts): the page being drawn and the cursor
// down it, the fonts, the view, and the few primitives every section uses — a text run, a rule, and a
// page break that repeats the document's title.
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import type { InvoiceView } from '#shared/documents/invoice-view';

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 50;
export const RIGHT = A4.width - MARGIN;
export const SIZE = 9;
export const LINE = 13;
export const INK = rgb(0.1, 0.1, 0.1);
export const MUTED = rgb(0.4, 0.4, 0.4);

/** Where drawing stands: sections move `y` down the page and `room` moves `page` on to the next. */
export type Canvas = {
  pdf: PDFDocument;
  page: PDFPage;
  y: number;
  regular: PDFFont;
  bold: PDFFont;
  view: InvoiceView;
  words: InvoiceView['words'];
};

type TextOptions = {
  font?: PDFFont;
  size?: number;
  align?: 'left' | 'right';
  width?: number;
  color?: ReturnType<typeof rgb>;
};

/** Text a PDF text run can hold: no control characters (a line break is a new run, not a glyph). */
const clean = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ');

export function wrap(font: PDFFont, text: string, width: number, size = SIZE): string[] {
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

/** One run of text on the current page; right-aligned text ends at x + width. */
export function text(
  canvas: Canvas,
  value: string,
  x: number,
  at: number,
  { font = canvas.regular, size = SIZE, align = 'left', width = 0, color = INK }: TextOptions = {},
) {
  const safe = clean(value);
  const left = align === 'right' ? x + width - font.widthOfTextAtSize(safe, size) : x;
  canvas.page.drawText(safe, { x: left, y: at, size, font, color });
}

/** A hairline across the text width. */
export const rule = (canvas: Canvas, at: number) =>
  canvas.page.drawLine({
    start: { x: MARGIN, y: at },
    end: { x: RIGHT, y: at },
    thickness: 0.5,
    color: rgb(0.7, 0.7, 0.7),
  });

/** Starts a new page, headed "<title> (continued)", unless `needed` points still fit; true when it did. */
export function room(canvas: Canvas, needed: number): boolean {
  if (canvas.y - needed >= MARGIN) return false;
  canvas.page = canvas.pdf.addPage([A4.width, A4.height]);
  canvas.y = A4.height - MARGIN;
  text(canvas, `${canvas.view.title} (${canvas.words.continued})`, MARGIN, canvas.y, { font: canvas.bold });
  canvas.y -= LINE * 2;
  return true;
}
