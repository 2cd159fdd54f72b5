// The surface the invoice PDF's sections draw on (invoice-pdf.ts): the page being drawn and the cursor
// down it, the fonts, the view, and the few primitives every section uses — a text run, a rule, and a
// page break that repeats the document's title. The statement PDF draws with the same text and rule.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { documentFonts } from '#shared/documents/assets';
import type { Faces } from '#shared/documents/font-faces';
import type { InvoiceView } from '#shared/documents/invoice-view';
import { logoDecodes } from '#shared/documents/logo-image';
import type { Logo } from '#shared/domain/logo';

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
  canvas: Pick<Canvas, 'page' | 'regular'>,
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
export const rule = (canvas: Pick<Canvas, 'page'>, at: number) =>
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

/**
 * A new document, its metadata dated `date` (its own date, never a request's: the same document
 * renders the same bytes on every download), DejaVu Sans embedded as subsets under fixed names, and the
 * logo — unless it is damaged (stored before logos were decoded on arrival): then it prints without.
 */
export async function openPdf(meta: {
  title: string;
  author: string;
  language: string;
  date: Date;
  logo: Logo | null;
  /** Which faces its texts need (shared/documents/font-faces.ts). */
  faces: Faces;
}) {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setCreationDate(meta.date);
  pdf.setModificationDate(meta.date);
  pdf.setProducer('Invoicing service');
  pdf.registerFontkit(fontkit);
  pdf.setTitle(meta.title);
  pdf.setAuthor(meta.author);
  pdf.setLanguage(meta.language);
  pdf.setCreator('Invoicing service');
  const fonts = await documentFonts(meta.faces);
  const regular = await pdf.embedFont(fonts.regular, { subset: true, customName: 'INVREG+DejaVuSans' });
  const bold = await pdf.embedFont(fonts.bold, { subset: true, customName: 'INVBLD+DejaVuSans-Bold' });
  let logo: PDFImage | undefined;
  if (meta.logo && (await logoDecodes(meta.logo)))
    logo =
      meta.logo.content_type === 'image/png'
        ? await pdf.embedPng(meta.logo.bytes)
        : await pdf.embedJpg(meta.logo.bytes);
  return { pdf, regular, bold, logo };
}

/** The logo (at most 150 × 56 points), or the seller's name where there is none. */
export function drawLogoOrName(
  canvas: Pick<Canvas, 'page' | 'regular' | 'bold' | 'y'>,
  logo: PDFImage | undefined,
  name: string,
) {
  if (!logo) return text(canvas, name, MARGIN, canvas.y, { font: canvas.bold, size: 15 });
  const scale = Math.min(150 / logo.width, 56 / logo.height, 1);
  canvas.page.drawImage(logo, {
    x: MARGIN,
    y: canvas.y - logo.height * scale + 12,
    width: logo.width * scale,
    height: logo.height * scale,
  });
}

/** "Page n of m" at the foot of every page. */
export function drawPageNumbers(
  canvas: Pick<Canvas, 'pdf' | 'page' | 'regular'>,
  label: (page: number, of: number) => string,
) {
  const pages = canvas.pdf.getPages();
  pages.forEach((each, index) => {
    canvas.page = each;
    text(canvas, label(index + 1, pages.length), RIGHT - 150, MARGIN / 2, {
      size: 8,
      align: 'right',
      width: 150,
      color: MUTED,
    });
  });
}
