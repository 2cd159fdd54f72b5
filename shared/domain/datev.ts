// DATEV's booking batch (EXTF "Buchungsstapel", format 700, category 21, version 13): a header line,
// the column names, then one booking per document and VAT row. Invoices are booked on the debtor
// account (Soll) against the revenue account of their rate; credit notes the other way round (Haben).
// Revenue accounts are SKR03's automatic accounts unless the organization names its own
// (docs/exports.md "DATEV").
import { formatMinor } from '#shared/domain/decimal';
import { type DatevSettings, rateKey, SKR03_REVENUE_ACCOUNTS } from '#shared/domain/datev-settings';
import type { TaxRow } from '#shared/domain/invoice';

/** The columns written, in DATEV's order (the first fourteen of the format; DATEV reads the rest as empty). */
export const DATEV_COLUMNS = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
] as const;

/** Fields are separated by semicolons; text is always quoted (its quotes doubled), numbers never. */
const record = (fields: readonly string[]) => `${fields.join(';')}\r\n`;
const FORMULA_START = /^[=+\-@\t\r]/;
/** A text field, defused as the CSV exports' cells are: one a spreadsheet would run gets an apostrophe. */
const quoted = (value: string) => `"${(FORMULA_START.test(value) ? `'${value}` : value).replaceAll('"', '""')}"`;
const compact = (date: string) => date.replaceAll('-', '');
const dayMonth = (date: string) => `${date.slice(8, 10)}${date.slice(5, 7)}`;
/** DATEV writes amounts with a decimal comma and no sign (the sign is the Soll/Haben column). */
const datevAmount = (minor: number) => formatMinor(Math.abs(minor)).replace('.', ',');

/** The first day of the fiscal year that holds `date`. */
export function fiscalYearStart(date: string, startMonth: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const first = month >= startMonth ? year : year - 1;
  return `${first}-${String(startMonth).padStart(2, '0')}-01`;
}

export type DatevBatch = { from: string; to: string; label: string; createdAt: Date; currency: string };

/** The header line (31 fields) and the column names. */
export function datevHead(settings: DatevSettings, batch: DatevBatch): string {
  const created = batch.createdAt
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 17);
  const header = [
    quoted('EXTF'),
    '700',
    '21',
    quoted('Buchungsstapel'),
    '13',
    created,
    '',
    quoted('RE'),
    quoted(''),
    quoted(''),
    String(settings.consultant_number),
    String(settings.client_number),
    compact(fiscalYearStart(batch.from, settings.fiscal_year_start_month)),
    String(settings.account_length),
    compact(batch.from),
    compact(batch.to),
    quoted(batch.label.slice(0, 30)),
    quoted(''),
    '1',
    '0',
    '0',
    quoted(batch.currency),
    '',
    quoted(''),
    '',
    '',
    quoted(settings.chart),
    '',
    '',
    quoted(''),
    quoted(''),
  ];
  return record(header) + record(DATEV_COLUMNS.map(quoted));
}

export type Bookable = {
  number: string;
  issue_date: string;
  due_date?: string;
  client_name: string;
  currency: string;
  tax_breakdown: TaxRow[];
};

export const revenueAccountOf = (settings: DatevSettings, row: TaxRow) =>
  (row.tax_category === 'S'
    ? settings.revenue_accounts[rateKey(row.tax_rate)]
    : settings.revenue_accounts[row.tax_category]) ??
  settings.revenue_accounts.other ??
  SKR03_REVENUE_ACCOUNTS.other!;

/** One booking per VAT row: its gross amount, Soll for an invoice, Haben for a credit note. */
export function datevBookings(settings: DatevSettings, document: Bookable, direction: 'invoice' | 'credit_note') {
  return document.tax_breakdown
    .filter((row) => row.taxable_minor + row.tax_minor !== 0)
    .map((row) => {
      const gross = row.taxable_minor + row.tax_minor;
      // A negative row (a deduction) is booked the other way round.
      const debit = (direction === 'invoice') === gross > 0;
      return record([
        datevAmount(gross),
        quoted(debit ? 'S' : 'H'),
        quoted(document.currency),
        '',
        '',
        '',
        settings.debtor_account,
        revenueAccountOf(settings, row),
        '',
        dayMonth(document.issue_date),
        quoted(document.number.slice(0, 36)),
        quoted(document.due_date ? `${dayMonth(document.due_date)}${document.due_date.slice(0, 4)}` : ''),
        '',
        quoted(document.client_name.slice(0, 60)),
      ]);
    })
    .join('');
}
