// Where an organization's DATEV exports book (docs/exports.md "DATEV"): its consultant and client
// numbers, fiscal year, account length and accounts; SKR03's automatic accounts unless it names its own.
import { parseDecimal, trimmedText } from '#shared/domain/decimal';

export type DatevSettings = {
  /** Beraternummer, 1001–9999999. */
  consultant_number: number;
  /** Mandantennummer, 1–99999. */
  client_number: number;
  /** The month the fiscal year starts (1–12). */
  fiscal_year_start_month: number;
  /** Sachkontenlänge, 4–8 digits. */
  account_length: number;
  /** The debtor account invoices are booked on (a collective debtor by default). */
  debtor_account: string;
  /** Revenue account by VAT rate ("19", "7") for standard-rated rows, by category for the others. */
  revenue_accounts: Record<string, string>;
  /** The chart of accounts the header names: "03" (SKR03) or "04" (SKR04). */
  chart: '03' | '04';
};

/** SKR03: 8400 and 8300 are the automatic accounts of 19 % and 7 %; the rest by EN 16931 tax category. */
export const SKR03_REVENUE_ACCOUNTS: Record<string, string> = {
  '19': '8400',
  '7': '8300',
  E: '8100',
  G: '8120',
  K: '8125',
  AE: '8337',
  O: '8338',
  Z: '8200',
  other: '8200',
};

export const DEFAULT_DATEV = {
  fiscal_year_start_month: 1,
  account_length: 4,
  debtor_account: '10000',
  chart: '03',
} as const;

/** Settings as given, completed with the defaults: SKR03's accounts for the rates and categories not named. */
export function datevSettingsOf(
  given: Pick<DatevSettings, 'consultant_number' | 'client_number'> & Partial<DatevSettings>,
): DatevSettings {
  return {
    ...DEFAULT_DATEV,
    ...given,
    revenue_accounts: {
      ...SKR03_REVENUE_ACCOUNTS,
      ...Object.fromEntries(
        Object.entries(given.revenue_accounts ?? {}).map(([key, account]) => [rateKey(key), account]),
      ),
    },
  };
}

/** Rates are named as written shortest ("19", "7.5"), whatever digits the row stores ("19.00"). */
export const rateKey = (rate: string) => {
  const parsed = parseDecimal(rate);
  return parsed ? trimmedText(parsed) : rate;
};
