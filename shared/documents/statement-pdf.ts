// A client's statement of account as a PDF (GET …/clients/<id>/statement/ with Accept:
// application/pdf): the organization's letterhead, both parties, then per currency the opening
// balance, every entry with the running balance, the closing balance and the open amounts by age —
// in the client's language, dated the statement's last day, so the same statement prints the same bytes.
import { facesFor } from '#shared/documents/font-faces';
import type { PDFImage } from 'pdf-lib';
import { documentFormat, partyBlocks } from '#shared/documents/document-format';
import {
  A4,
  type Canvas,
  drawLogoOrName,
  drawPageNumbers,
  LINE,
  MARGIN,
  MUTED,
  openPdf,
  RIGHT,
  rule,
  text,
} from '#shared/documents/pdf-canvas';
import type { Logo } from '#shared/domain/logo';
import type { StatementLetter } from '#shared/documents/render-requests';
import type { StatementResource } from '#shared/domain/resources/statement';
import { AGEING_BUCKETS } from '#shared/domain/statement';

export type StatementDocument = StatementLetter & { logo?: Logo };

type Sheet = Omit<Canvas, 'view' | 'words'> & { title: string; continued: string };

/** Columns: date, entry, number, amount, balance (x and width in points). */
const COLUMNS = [
  { x: MARGIN, width: 80, align: 'left' },
  { x: MARGIN + 85, width: 110, align: 'left' },
  { x: MARGIN + 200, width: 135, align: 'left' },
  { x: RIGHT - 190, width: 90, align: 'right' },
  { x: RIGHT - 90, width: 90, align: 'right' },
] as const;

export async function renderStatementPdf({ statement, seller, buyer, locale, logo }: StatementDocument) {
  const { words, date } = documentFormat(locale, statement.currencies[0]?.currency ?? 'EUR');
  const parties = partyBlocks(seller, buyer, statement.client.name, documentFormat(locale, 'EUR'));
  const title = words.statement.title;
  const opened = await openPdf({
    title: `${title} ${statement.client.name}`,
    author: parties.seller.name,
    language: locale,
    date: new Date(`${statement.to}T00:00:00Z`),
    logo: logo ?? null,
    faces: facesFor(locale, { statement, parties, words }),
  });
  const { pdf, regular, bold } = opened;
  const page = pdf.addPage([A4.width, A4.height]);
  const sheet: Sheet = { pdf, page, y: A4.height - MARGIN, regular, bold, title, continued: words.continued };
  drawHeading(sheet, opened.logo, parties, statement, { words, date });
  if (statement.currencies.length === 0) text(sheet, words.statement.nothing, MARGIN, sheet.y);
  for (const section of statement.currencies) drawCurrency(sheet, section, locale);
  drawPageNumbers(sheet, words.page);
  return pdf.save();
}

type Words = ReturnType<typeof documentFormat>['words'];

function drawHeading(
  sheet: Sheet,
  logo: PDFImage | undefined,
  parties: ReturnType<typeof partyBlocks>,
  statement: StatementResource,
  { words, date }: { words: Words; date: (value: string) => string },
) {
  drawLogoOrName(sheet, logo, parties.seller.name);
  text(sheet, sheet.title, RIGHT - 260, sheet.y, { font: sheet.bold, size: 15, align: 'right', width: 260 });
  const period = statement.from ? words.statement.period(date(statement.from), date(statement.to)) : date(statement.to);
  text(sheet, period, RIGHT - 260, sheet.y - LINE * 1.5, { align: 'right', width: 260, color: MUTED });
  sheet.y -= 56;
  const top = sheet.y;
  const block = (label: string, party: { name: string; lines: string[] }, x: number) => {
    let at = top;
    text(sheet, label, x, at, { color: MUTED });
    text(sheet, party.name, x, (at -= LINE), { font: sheet.bold });
    for (const line of party.lines) text(sheet, line, x, (at -= LINE));
    return at;
  };
  sheet.y = Math.min(block(words.from, parties.seller, MARGIN), block(words.billedTo, parties.buyer, MARGIN + 260));
  sheet.y -= LINE * 2;
}

/** A new page headed "<title> (continued)" unless `needed` points still fit. */
function room(sheet: Sheet, needed: number) {
  if (sheet.y - needed >= MARGIN) return;
  sheet.page = sheet.pdf.addPage([A4.width, A4.height]);
  sheet.y = A4.height - MARGIN;
  text(sheet, `${sheet.title} (${sheet.continued})`, MARGIN, sheet.y, { font: sheet.bold });
  sheet.y -= LINE * 2;
}

function row(sheet: Sheet, cells: string[], options: { bold?: boolean } = {}) {
  room(sheet, LINE);
  cells.forEach((cell, index) => {
    const column = COLUMNS[index]!;
    text(sheet, cell, column.x, sheet.y, {
      align: column.align,
      width: column.width,
      ...(options.bold ? { font: sheet.bold } : {}),
    });
  });
  sheet.y -= LINE;
}

function drawCurrency(sheet: Sheet, section: StatementResource['currencies'][number], locale: string) {
  const { words, date, amount } = documentFormat(locale, section.currency);
  const labels = words.statement;
  room(sheet, LINE * 6);
  text(sheet, labels.currency(section.currency), MARGIN, sheet.y, { font: sheet.bold, size: 11 });
  sheet.y -= LINE * 1.5;
  row(sheet, [labels.date, labels.entry, labels.number, labels.amount, labels.balance], { bold: true });
  rule(sheet, sheet.y + LINE - 3);
  row(sheet, ['', labels.opening, '', '', amount(section.opening_balance)]);
  for (const entry of section.entries)
    row(sheet, [date(entry.date), labels.types[entry.type], entry.number, amount(entry.amount), amount(entry.balance)]);
  rule(sheet, sheet.y + LINE - 3);
  row(sheet, ['', labels.closing, '', '', amount(section.closing_balance)], { bold: true });
  sheet.y -= LINE;
  room(sheet, LINE * 3);
  text(sheet, labels.ageing, MARGIN, sheet.y, { font: sheet.bold });
  sheet.y -= LINE;
  const width = (RIGHT - MARGIN) / AGEING_BUCKETS.length;
  AGEING_BUCKETS.forEach((bucket, index) => {
    const x = MARGIN + index * width;
    text(sheet, labels.buckets[bucket], x, sheet.y, { color: MUTED, align: 'right', width: width - 6 });
    text(sheet, amount(section.ageing[bucket]), x, sheet.y - LINE, { align: 'right', width: width - 6 });
  });
  sheet.y -= LINE * 3;
}
