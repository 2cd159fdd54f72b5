// The ECB's rate on its main refinancing operations, as changes take effect, for the EU statutory
// late-payment interest (Directive 2011/7/EU art. 2(7): the rate in force on 1 January applies to
// the first half-year, the one on 1 July to the second). Source: European Central Bank, "Key ECB
// interest rates" (ecb.europa.eu/stats/policy_and_exchange_rates/key_ecb_interest_rates). Rates in
// percent as the ECB states them; a new decision is added here as a row (docs/collections.md).

export const MAIN_REFINANCING_RATES: readonly { from: string; rate: string }[] = [
  { from: '2016-03-16', rate: '0.00' },
  { from: '2022-07-27', rate: '0.50' },
  { from: '2022-09-14', rate: '1.25' },
  { from: '2022-11-02', rate: '2.00' },
  { from: '2022-12-21', rate: '2.50' },
  { from: '2023-02-08', rate: '3.00' },
  { from: '2023-03-22', rate: '3.50' },
  { from: '2023-05-10', rate: '3.75' },
  { from: '2023-06-21', rate: '4.00' },
  { from: '2023-08-02', rate: '4.25' },
  { from: '2023-09-20', rate: '4.50' },
  { from: '2024-06-12', rate: '4.25' },
  { from: '2024-09-18', rate: '3.65' },
  { from: '2024-10-23', rate: '3.40' },
  { from: '2024-12-18', rate: '3.15' },
  { from: '2025-02-05', rate: '2.90' },
  { from: '2025-03-12', rate: '2.65' },
  { from: '2025-04-23', rate: '2.40' },
  { from: '2025-06-11', rate: '2.15' },
];

/** The rate in force on `date`; undefined before the table begins. */
export function mainRefinancingRate(date: string): string | undefined {
  return MAIN_REFINANCING_RATES.filter((row) => row.from <= date).at(-1)?.rate;
}

/** The statutory reference date of `date`: 1 January or 1 July of its half-year. */
export const referenceDate = (date: string) => `${date.slice(0, 4)}-${date.slice(5, 7) < '07' ? '01' : '07'}-01`;
