// CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, a field quoted when
// it holds a comma, a quote, CR or LF, its quotes doubled. A text field a spreadsheet would read as a
// formula (starting with =, +, -, @, tab or CR) is prefixed with an apostrophe (OWASP's advice).
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type Cell = string | { number: string };

/** A text cell that could start a formula is defused; a number cell (an amount, "-5.00") is written as it is. */
export function csvField(cell: Cell, separator = ','): string {
  const text = typeof cell === 'string' ? (FORMULA_START.test(cell) ? `'${cell}` : cell) : cell.number;
  return NEEDS_QUOTES.test(text) || text.includes(separator) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRecord = (cells: readonly Cell[], separator = ',') =>
  `${cells.map((cell) => csvField(cell, separator)).join(separator)}\r\n`;

/** A money or decimal cell. */
export const amount = (text: string): Cell => ({ number: text });
