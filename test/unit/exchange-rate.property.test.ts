// The VAT in the accounting currency (docs/invoices.md "Foreign currency"), against a rational
// oracle over random breakdowns and rates: the total is the exact sum converted and rounded half up,
// every row is within a cent of its exact share, and the rows add up to the total by largest remainder.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  conversionFactor,
  convertRows,
  type ExchangeRate,
  rateProblem,
  significant,
} from '#shared/domain/exchange-rate';
import { easterSunday, isTargetDay, rateDayFor } from '#shared/domain/target-days';

/** A rate as the ECB or a person writes it: 1 to 6 significant digits, 0 to 6 decimals. */
const rateText = fc
  .tuple(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 0, max: 6 }))
  .map(([digits, decimals]) => {
    const padded = String(digits).padStart(decimals + 1, '0');
    return decimals === 0 ? padded : `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
  });

const rateOf = fc.oneof(
  fc
    .record({ rate: rateText, direction: fc.constantFrom('forward', 'inverse') })
    .map(
      ({ rate, direction }): ExchangeRate =>
        direction === 'forward'
          ? { rate, from: 'USD', to: 'EUR', date: '2026-11-24', source: 'manual' }
          : { rate, from: 'EUR', to: 'USD', date: '2026-11-24', source: 'ecb' },
    ),
  fc.tuple(rateText, rateText).map(
    ([toUsd, toGbp]): ExchangeRate => ({
      rate: '1',
      from: 'USD',
      to: 'GBP',
      date: '2026-11-24',
      source: 'ecb',
      legs: [
        { rate: toUsd, from: 'EUR', to: 'USD' },
        { rate: toGbp, from: 'EUR', to: 'GBP' },
      ],
    }),
  ),
);

/** The value of a decimal text as a fraction, read digit by digit. */
function fraction(text: string): [bigint, bigint] {
  const [whole, decimals = ''] = text.split('.');
  return [BigInt(whole! + decimals), 10n ** BigInt(decimals.length)];
}

/** What one USD is in the accounting currency, from the rate's own figures (not the code under test). */
function oracleFactor(rate: ExchangeRate): [bigint, bigint] {
  if (rate.legs) {
    const [[usdN, usdD], [gbpN, gbpD]] = [fraction(rate.legs[0].rate), fraction(rate.legs[1].rate)];
    return [gbpN * usdD, gbpD * usdN];
  }
  const [n, d] = fraction(rate.rate);
  return rate.from === 'USD' ? [n, d] : [d, n];
}

describe('VAT in the accounting currency', () => {
  it('converts the total exactly, half up, and spreads it over the rows by largest remainder', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 11n }), { minLength: 1, maxLength: 8 }),
        rateOf,
        (amounts, rate) => {
          const [num, den] = oracleFactor(rate);
          const { rows, total } = convertRows(amounts, conversionFactor(rate, 'USD', rate.legs ? 'GBP' : 'EUR'));
          // Total: floor(x + 1/2) of x = sum × num / den, computed as floor((2·sum·num + den) / (2·den)).
          const sum = amounts.reduce((a, b) => a + b, 0n);
          expect(total).toBe((2n * sum * num + den) / (2n * den));
          expect(rows.reduce((a, b) => a + b, 0n)).toBe(total);
          // Each row is its exact share rounded down, or one cent more; the cents go to the largest remainders.
          const exact = amounts.map((amount) => amount * num);
          const floors = exact.map((each) => each / den);
          rows.forEach((row, index) => expect(row - floors[index]!).toBeGreaterThanOrEqual(0n));
          rows.forEach((row, index) => expect(row - floors[index]!).toBeLessThanOrEqual(1n));
          const remainder = (index: number) => exact[index]! - floors[index]! * den;
          const raised = rows.map((row, index) => row > floors[index]!);
          for (let a = 0; a < rows.length; a++)
            for (let b = 0; b < rows.length; b++)
              if (raised[a] && !raised[b]) {
                expect(remainder(a) >= remainder(b)).toBe(true);
                if (remainder(a) === remainder(b)) expect(a).toBeLessThan(b);
              }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('shows a cross rate to 6 significant digits, half up', () => {
    expect(significant({ num: 85169n * 10000n, den: 100000n * 10801n })).toBe('0.788529');
    expect(significant({ num: 2n, den: 3n })).toBe('0.666667');
    expect(significant({ num: 162_451_234n, den: 1000n })).toBe('162451');
    expect(significant({ num: 1n, den: 8n })).toBe('0.125');
    expect(significant({ num: 999_9995n, den: 10_000_000n })).toBe('1');
  });

  it('takes a rate of at most 6 significant digits, above zero', () => {
    for (const good of ['1', '1.0876', '0.000123', '162.45', '17355.1', '0.85640'])
      expect(rateProblem(good)).toBeUndefined();
    for (const bad of ['0', '0.000', '-1', '1.2345678', '1e3', '', '1,08', ' 1.08'])
      expect(rateProblem(bad), bad).toBeDefined();
  });
});

describe('the ECB publication days (TARGET)', () => {
  it('knows Easter, its Friday and Monday, 1 May, Christmas and the weekends', () => {
    expect([easterSunday(2024), easterSunday(2025), easterSunday(2026), easterSunday(2027)]).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
    ]);
    const closed = ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-12-25', '2026-12-26', '2026-11-28'];
    for (const day of closed) expect(isTargetDay(day), day).toBe(false);
    for (const day of ['2026-04-02', '2026-04-07', '2026-12-24', '2026-12-31', '2026-11-27'])
      expect(isTargetDay(day), day).toBe(true);
    expect(rateDayFor('2026-04-06', 'issue_date')).toBe('2026-04-02');
    expect(rateDayFor('2026-04-07', 'previous_business_day')).toBe('2026-04-02');
    expect(rateDayFor('2026-11-24', 'issue_date')).toBe('2026-11-24');
    expect(rateDayFor('2026-11-24', 'previous_business_day')).toBe('2026-11-23');
  });
});
