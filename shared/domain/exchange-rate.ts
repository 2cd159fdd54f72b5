// Exchange rates fixed at issue and the VAT in the accounting currency (docs/invoices.md "Foreign
// currency"). A rate is a decimal string, kept exactly as given or as the ECB publishes it (euro →
// currency); conversions are exact rationals, rounded half up to cents only at the end.
import { parseDecimal } from '#shared/domain/decimal';

/** `rate` units of `to` per one unit of `from`. */
export type RateLeg = { rate: string; from: string; to: string };

export type ExchangeRate = RateLeg & {
  /** The day the rate is of: the ECB publication day, or the issue date of a manual rate. */
  date: string;
  source: 'manual' | 'ecb';
  /** A cross rate through the euro: the two ECB figures it is made of (`rate` then shows it to 6 significant digits). */
  legs?: [RateLeg, RateLeg];
};

export type ExchangeRateDate = 'issue_date' | 'previous_business_day';
export const EXCHANGE_RATE_DATES: readonly ExchangeRateDate[] = ['issue_date', 'previous_business_day'];

/** How many significant digits a rate may have: as many as the ECB publishes. */
export const RATE_DIGITS = 6;

/** A fraction of two integers, the denominator positive. */
export type Ratio = { num: bigint; den: bigint };

const ratioOf = (text: string): Ratio => {
  const scaled = parseDecimal(text);
  if (!scaled) throw new Error(`not a decimal rate: ${text}`);
  return { num: scaled.units, den: 10n ** BigInt(scaled.scale) };
};

/** Why a given rate text is no rate, or undefined when it is one (positive, at most 6 significant digits). */
export function rateProblem(text: string): string | undefined {
  const scaled = /^\d+(\.\d+)?$/.test(text) ? parseDecimal(text) : null;
  if (!scaled) return 'must be a decimal number such as "1.0876"';
  if (scaled.units <= 0n) return 'must be more than 0';
  const digits = scaled.units.toString().replace(/^0+/, '').replace(/0+$/, '');
  if (digits.length > RATE_DIGITS) return `may have at most ${RATE_DIGITS} significant digits`;
  return undefined;
}

/** How far a rate given by hand may lie from the ECB's of its day, either way: ×10 (docs/invoices.md). */
export const MANUAL_RATE_FACTOR = 10n;
/** The bounds of a rate given by hand, as given, when the ECB has no rate of its day: 1e-6 … 1e6. */
export const MANUAL_RATE_BOUNDS = { min: '0.000001', max: '1000000' } as const;

const isBelow = (a: Ratio, b: Ratio) => a.num * b.den < b.num * a.den;
const times = ({ num, den }: Ratio, factor: bigint): Ratio => ({ num: num * factor, den });

/**
 * Why a rate given by hand (already a rate, `rateProblem`) is out of reason, or undefined: more than
 * ×10 from `ecb` (the ECB's factor from the invoice's currency to the accounting currency, of the
 * rate's day) when there is one, else outside 1e-6 … 1e6 as given. Exact rationals, no floats.
 */
export function manualRateProblem(
  given: RateLeg,
  invoiceCurrency: string,
  ecb?: { factor: Ratio; date: string },
): string | undefined {
  const rate = ratioOf(given.rate);
  if (!ecb) {
    const [min, max] = [ratioOf(MANUAL_RATE_BOUNDS.min), ratioOf(MANUAL_RATE_BOUNDS.max)];
    return isBelow(rate, min) || isBelow(max, rate)
      ? `must be between ${MANUAL_RATE_BOUNDS.min} and ${MANUAL_RATE_BOUNDS.max} (the ECB has no rate of that day to compare it with)`
      : undefined;
  }
  // The ECB's rate the way round the rate was given.
  const reference = given.from === invoiceCurrency ? ecb.factor : { num: ecb.factor.den, den: ecb.factor.num };
  if (isBelow(times(reference, MANUAL_RATE_FACTOR), rate) || isBelow(times(rate, MANUAL_RATE_FACTOR), reference))
    return `must be within ${MANUAL_RATE_FACTOR} times the ECB's rate of ${ecb.date} (${significant(reference)} ${given.to} per ${given.from})`;
  return undefined;
}

/**
 * What one unit of the invoice's currency is worth in the accounting currency, exactly: the rate as
 * given, its inverse when given the other way round, or the quotient of the two euro legs.
 */
export function conversionFactor(rate: ExchangeRate, from: string, to: string): Ratio {
  if (rate.legs) {
    const [toInvoice, toAccounting] = rate.legs.map((leg) => ratioOf(leg.rate)) as [Ratio, Ratio];
    return { num: toAccounting.num * toInvoice.den, den: toAccounting.den * toInvoice.num };
  }
  const given = ratioOf(rate.rate);
  if (rate.from === from && rate.to === to) return given;
  if (rate.from === to && rate.to === from) return { num: given.den, den: given.num };
  throw new Error(`a rate ${rate.from} → ${rate.to} does not convert ${from} to ${to}`);
}

/** Rounds num/den half away from zero to an integer. */
export function roundHalfUp({ num, den }: Ratio): bigint {
  const negative = num < 0n !== den < 0n;
  const [n, d] = [num < 0n ? -num : num, den < 0n ? -den : den];
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

const floorDiv = (num: bigint, den: bigint) => {
  const quotient = num / den;
  return num % den !== 0n && num < 0n !== den < 0n ? quotient - 1n : quotient;
};

/**
 * Each amount (in minor units) converted by `factor`, and their total: the total is the exact sum
 * converted and rounded half up; the rows are the exact conversions rounded down, and the cents still
 * missing go one each to the rows with the largest remainders (the earlier row first on a tie), so the
 * rows add up to the total.
 */
export function convertRows(amounts: readonly bigint[], factor: Ratio): { rows: bigint[]; total: bigint } {
  const exact = amounts.map((amount) => ({ num: amount * factor.num, den: factor.den }));
  const total = roundHalfUp({ num: exact.reduce((sum, each) => sum + each.num, 0n), den: factor.den });
  const rows = exact.map((each) => floorDiv(each.num, each.den));
  const remainders = exact.map((each, index) => ({ index, rest: each.num - rows[index]! * each.den }));
  let missing = total - rows.reduce((sum, row) => sum + row, 0n);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (missing <= 0n) break;
    rows[index]! += 1n;
    missing -= 1n;
  }
  return { rows, total };
}

/** A ratio as a decimal with `digits` significant digits (half up): a cross rate as people read it. */
export function significant({ num, den }: Ratio, digits = RATE_DIGITS): string {
  if (num === 0n) return '0';
  let scale = 0;
  while (num * 10n ** BigInt(Math.max(scale, 0)) < den * 10n ** BigInt(digits - 1 + Math.max(-scale, 0))) scale++;
  while (num * 10n ** BigInt(Math.max(scale, 0)) >= den * 10n ** BigInt(digits + Math.max(-scale, 0))) scale--;
  const scaled =
    scale >= 0
      ? roundHalfUp({ num: num * 10n ** BigInt(scale), den })
      : roundHalfUp({ num, den: den * 10n ** BigInt(-scale) });
  if (scale <= 0) return (scaled * 10n ** BigInt(-scale)).toString();
  const text = scaled.toString().padStart(scale + 1, '0');
  return `${text.slice(0, -scale)}.${text.slice(-scale)}`.replace(/\.?0+$/, '');
}

/** What fixes a document's VAT in the accounting currency; absent on a document in the accounting currency. */
export type FixedRate = { currency: string; accounting_currency?: string; exchange_rate?: ExchangeRate };

/** The document's VAT breakdown rows and total in its accounting currency, or null when it needs none. */
export function vatInAccountingCurrency(document: FixedRate, taxMinor: readonly number[]) {
  const { accounting_currency: accounting, exchange_rate: rate } = document;
  if (!accounting || !rate || accounting === document.currency) return null;
  const factor = conversionFactor(rate, document.currency, accounting);
  const { rows, total } = convertRows(
    taxMinor.map((minor) => BigInt(minor)),
    factor,
  );
  return { currency: accounting, rows, total };
}
