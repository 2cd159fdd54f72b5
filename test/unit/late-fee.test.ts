// The late-fee arithmetic of shared/domain/late-fee.ts, against figures worked by hand.
import { describe, expect, it } from 'vitest';
import { mainRefinancingRate, referenceDate } from '#shared/domain/ecb-rates';
import { lateInterest, rateOn, wasLate } from '#shared/domain/late-fee';

const statutory = { basis: 'statutory', margin: '8.00' } as const;

describe('the statutory rate', () => {
  it('is the ECB rate in force on 1 January or 1 July of the day’s half-year, plus the margin', () => {
    expect([referenceDate('2025-06-30'), referenceDate('2025-07-01'), referenceDate('2025-12-31')]).toEqual([
      '2025-01-01',
      '2025-07-01',
      '2025-07-01',
    ]);
    expect([mainRefinancingRate('2024-12-17'), mainRefinancingRate('2024-12-18')]).toEqual(['3.40', '3.15']);
    expect([rateOn(statutory, '2025-06-30'), rateOn(statutory, '2025-07-01')]).toEqual(['11.15', '10.15']);
    expect(rateOn({ basis: 'statutory', margin: '9.00' }, '2023-03-01')).toBe('11.50');
    expect(rateOn({ basis: 'statutory', margin: '8.00' }, '2016-01-01')).toBeUndefined();
    expect(rateOn({ basis: 'fixed', rate: '5.00' }, '2001-01-01')).toBe('5.00');
  });
});

describe('late interest', () => {
  const owed = { interest: { basis: 'fixed', rate: '36.50' } as const, totalMinor: 100_000, dueDate: '2026-01-31' };

  it('accrues from the day after the due date through the as-of day on what was unpaid at each day’s end', () => {
    // 36.5 % a year is 0.1 % a day: 1.00 a day on 1000.00, 0.40 on 400.00.
    const result = lateInterest({
      ...owed,
      asOf: '2026-02-10',
      settlements: [{ date: '2026-02-06', amount_minor: 60_000 }],
    });
    expect(result).toEqual({
      rows: [
        { from: '2026-02-01', to: '2026-02-05', days: 5, base_minor: 100_000, rate: '36.50', interest_minor: 500 },
        { from: '2026-02-06', to: '2026-02-10', days: 5, base_minor: 40_000, rate: '36.50', interest_minor: 200 },
      ],
      interest_minor: 700,
    });
  });

  it('rounds each row half up to the cent, and starts after a day charged already', () => {
    // 0.5 cent exactly: 1.00 × 36.5 % × 5/365 = 0.005 → 0.01.
    const result = lateInterest({
      ...owed,
      totalMinor: 100,
      asOf: '2026-02-10',
      chargedThrough: '2026-02-05',
      settlements: [],
    });
    expect(result).toEqual({
      rows: [{ from: '2026-02-06', to: '2026-02-10', days: 5, base_minor: 100, rate: '36.50', interest_minor: 1 }],
      interest_minor: 1,
    });
  });

  it('charges nothing once paid, and nothing for days the statutory table does not reach', () => {
    expect(
      lateInterest({ ...owed, asOf: '2026-03-01', settlements: [{ date: '2026-01-31', amount_minor: 100_000 }] }),
    ).toEqual({
      rows: [],
      interest_minor: 0,
    });
    expect(
      lateInterest({ ...owed, interest: statutory, dueDate: '2016-01-01', asOf: '2016-01-05', settlements: [] }),
    ).toEqual({
      unknownRateOn: '2016-01-02',
    });
  });

  it('calls an invoice late only when something was owed after its due date', () => {
    const late = (paidOn: string, asOf = '2026-03-01') =>
      wasLate({ totalMinor: 100, dueDate: '2026-01-31', asOf, settlements: [{ date: paidOn, amount_minor: 100 }] });
    expect([late('2026-01-31'), late('2026-02-01'), late('2026-02-01', '2026-01-31')]).toEqual([false, true, false]);
  });
});
