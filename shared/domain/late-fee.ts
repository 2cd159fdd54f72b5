// Late-payment interest and compensation (docs/collections.md "Late fees"). Interest is simple,
// actual/365: each day from the day after the due date up to and including the as-of day accrues
// on what was still unpaid at the end of that day, at the rate of that day's half-year. Days with
// the same base and rate form one row; each row is rounded half up to the cent, and the interest is
// the sum of the rows. Exact: integers and bigints only.
import { addDays } from '#shared/domain/dates';
import { parseDecimal } from '#shared/domain/decimal';
import { mainRefinancingRate, referenceDate } from '#shared/domain/ecb-rates';
import type { LateFeePolicy } from '#shared/domain/late-fee-policy';

export type InterestRow = {
  from: string;
  to: string;
  days: number;
  base_minor: number;
  rate: string;
  interest_minor: number;
};

/** Money that lowered what was owed, on the day it did: a payment's day, a credit note's issue date. */
export type Settlement = { date: string; amount_minor: number };

/** Adds two decimal texts exactly ("2.15" + "8.00" = "10.15"). */
function plus(a: string, b: string): string {
  const [x, y] = [parseDecimal(a)!, parseDecimal(b)!];
  const scale = Math.max(x.scale, y.scale);
  const units = x.units * 10n ** BigInt(scale - x.scale) + y.units * 10n ** BigInt(scale - y.scale);
  const text = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  const whole = scale ? `${text.slice(0, -scale)}.${text.slice(-scale)}` : text;
  return units < 0n ? `-${whole}` : whole;
}

/** The yearly rate for `day`, or undefined when the statutory table does not reach that far back. */
export function rateOn(interest: NonNullable<LateFeePolicy['interest']>, day: string): string | undefined {
  if (interest.basis === 'fixed') return interest.rate;
  const ecb = mainRefinancingRate(referenceDate(day));
  return ecb === undefined ? undefined : plus(ecb, interest.margin);
}

/** base × rate % × days / 365, half up to the cent. */
function rowInterest(baseMinor: number, rate: string, days: number): number {
  const { units, scale } = parseDecimal(rate)!;
  const numerator = BigInt(baseMinor) * units * BigInt(days);
  const denominator = 100n * 365n * 10n ** BigInt(scale);
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** The interest on a document of `totalMinor` due on `dueDate`, for the days after `from` up to `asOf`. */
export function lateInterest(input: {
  interest: NonNullable<LateFeePolicy['interest']>;
  totalMinor: number;
  dueDate: string;
  /** The last day charged already (an earlier late fee); absent: the due date. */
  chargedThrough?: string;
  asOf: string;
  settlements: Settlement[];
}): { rows: InterestRow[]; interest_minor: number } | { unknownRateOn: string } {
  const rows: InterestRow[] = [];
  const start = input.chargedThrough && input.chargedThrough > input.dueDate ? input.chargedThrough : input.dueDate;
  for (let day = addDays(start, 1); day <= input.asOf; day = addDays(day, 1)) {
    const paid = input.settlements.filter((each) => each.date <= day).reduce((sum, each) => sum + each.amount_minor, 0);
    const base = input.totalMinor - paid;
    if (base <= 0) continue;
    const rate = rateOn(input.interest, day);
    if (rate === undefined) return { unknownRateOn: day };
    const last = rows.at(-1);
    if (last && last.base_minor === base && last.rate === rate && addDays(last.to, 1) === day) {
      last.to = day;
      last.days += 1;
    } else rows.push({ from: day, to: day, days: 1, base_minor: base, rate, interest_minor: 0 });
  }
  for (const row of rows) row.interest_minor = rowInterest(row.base_minor, row.rate, row.days);
  return { rows, interest_minor: rows.reduce((sum, row) => sum + row.interest_minor, 0) };
}

/** Whether the invoice was late on any day up to `asOf`: something was still owed after its due date. */
export function wasLate(input: { totalMinor: number; dueDate: string; asOf: string; settlements: Settlement[] }) {
  if (input.asOf <= input.dueDate) return false;
  const paid = input.settlements
    .filter((each) => each.date <= input.dueDate)
    .reduce((sum, each) => sum + each.amount_minor, 0);
  return paid < input.totalMinor;
}
