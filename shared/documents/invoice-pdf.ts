// The invoice as a PDF (pdf-lib, standard Helvetica, A4). Every figure is the API's own string, so
// the document and the API can never disagree. Long invoices continue on further pages with the
// table header repeated; each page is numbered.
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

export type InvoiceDocument = {
  organization: { name: string };
  invoice: {
    invoice_number: string;
    status: string;
    issue_date: string;
    due_date: string;
    currency: string;
    client: { name: string };
    notes: string;
    terms: string;
    line_items: { description: string; quantity: number; unit_price: string; tax_rate: string; total: string }[];
    subtotal: string;
    tax_amount: string;
    total_amount: string;
    amount_paid: string;
    amount_due: string;
  };
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const SIZE = 10;
const LINE = 14;
const COLUMNS = [
  { title: 'Description', x: MARGIN, width: 235, align: 'left' as const },
  { title: 'Qty', x: 290, width: 50, align: 'right' as const },
  { title: 'Unit price', x: 345, width: 70, align: 'right' as const },
  { title: 'Tax %', x: 420, width: 45, align: 'right' as const },
  { title: 'Total', x: 470, width: 75, align: 'right' as const },
];

/** Standard fonts cover WinAnsi only; anything else prints as "?" instead of failing the document. */
function printable(font: PDFFont, text: string): string {
  const charset = new Set(font.getCharacterSet());
  return [...text.replace(/[\r\n\t]+/g, ' ')]
    .map((character) => (charset.has(character.codePointAt(0)!) ? character : '?'))
    .join('');
}

function wrap(font: PDFFont, text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of printable(font, text).split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, SIZE) <= width) current = candidate;
    else {
      if (current) lines.push(current);
      current = word;
      while (font.widthOfTextAtSize(current, SIZE) > width) {
        let cut = current.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), SIZE) > width) cut--;
        lines.push(current.slice(0, cut));
        current = current.slice(cut);
      }
    }
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

export async function renderInvoicePdf({ organization, invoice }: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${invoice.invoice_number}`);
  pdf.setAuthor(organization.name);
  pdf.setCreator('Invoicing service');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

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
    }: { font?: PDFFont; size?: number; align?: 'left' | 'right'; width?: number } = {},
  ) => {
    const safe = printable(font, value);
    const left = align === 'right' ? x + width - font.widthOfTextAtSize(safe, size) : x;
    page.drawText(safe, { x: left, y: at, size, font, color: rgb(0.1, 0.1, 0.1) });
  };
  const tableHeader = () => {
    for (const column of COLUMNS)
      text(column.title, column.x, y, { font: bold, align: column.align, width: column.width });
    page.drawLine({
      start: { x: MARGIN, y: y - 4 },
      end: { x: A4.width - MARGIN, y: y - 4 },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    });
    y -= LINE + 4;
  };
  const newPage = () => {
    page = pdf.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
    text(`${invoice.invoice_number} (continued)`, MARGIN, y, { font: bold });
    y -= LINE * 2;
    tableHeader();
  };

  text(organization.name, MARGIN, y, { font: bold, size: 16 });
  text(`Invoice ${invoice.invoice_number}`, 345, y, { font: bold, size: 16, align: 'right', width: 200 });
  y -= LINE * 2;
  for (const [label, value] of [
    ['Billed to', invoice.client.name],
    ['Issue date', invoice.issue_date],
    ['Due date', invoice.due_date],
    ['Status', invoice.status],
    ['Currency', invoice.currency],
  ]) {
    text(label!, MARGIN, y, { font: bold });
    text(value!, MARGIN + 80, y);
    y -= LINE;
  }
  y -= LINE;
  tableHeader();

  for (const line of invoice.line_items) {
    const description = wrap(regular, line.description, COLUMNS[0]!.width);
    if (y - description.length * LINE < MARGIN + LINE * 2) newPage();
    const cells = [String(line.quantity), line.unit_price, line.tax_rate, line.total];
    cells.forEach((cell, index) =>
      text(cell, COLUMNS[index + 1]!.x, y, { align: 'right', width: COLUMNS[index + 1]!.width }),
    );
    for (const part of description) {
      text(part, MARGIN, y);
      y -= LINE;
    }
  }

  if (y < MARGIN + LINE * 8) newPage();
  y -= LINE;
  for (const [label, value, strong] of [
    ['Subtotal', invoice.subtotal, false],
    ['Tax', invoice.tax_amount, false],
    ['Total', invoice.total_amount, true],
    ['Paid', invoice.amount_paid, false],
    ['Amount due', `${invoice.amount_due} ${invoice.currency}`, true],
  ] as const) {
    text(label, 345, y, { font: strong ? bold : regular });
    text(value, 420, y, { font: strong ? bold : regular, align: 'right', width: 125 });
    y -= LINE;
  }
  for (const [label, value] of [
    ['Notes', invoice.notes],
    ['Terms', invoice.terms],
  ] as const) {
    if (!value) continue;
    if (y < MARGIN + LINE * 3) newPage();
    y -= LINE;
    text(label, MARGIN, y, { font: bold });
    y -= LINE;
    for (const part of wrap(regular, value, A4.width - 2 * MARGIN).slice(0, 20)) {
      if (y < MARGIN + LINE) newPage();
      text(part, MARGIN, y);
      y -= LINE;
    }
  }

  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    page = each;
    text(`Page ${index + 1} of ${pages.length}`, A4.width - MARGIN - 100, MARGIN / 2, {
      size: 8,
      align: 'right',
      width: 100,
    });
  });
  return pdf.save();
}
