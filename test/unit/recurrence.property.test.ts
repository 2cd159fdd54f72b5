// Ten years of periods for random schedules, checked against a calendar walked day by day.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '#shared/domain/dates';
import { FREQUENCIES, periodDate, type Schedule } from '#shared/domain/recurrence';

const date = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const schedule = fc.record({
  frequency: fc.constantFrom(...FREQUENCIES),
  interval: fc.integer({ min: 1, max: 4 }),
  start_date: date,
  day_of_month: fc.option(fc.integer({ min: 1, max: 31 }), { nil: undefined }),
});
const monthsPerStep = { monthly: 1, quarterly: 3, yearly: 12, weekly: 0 } as const;

function periodsOverTenYears(s: Schedule) {
  const dates: string[] = [];
  for (let index = 0; ; index++) {
    const next = periodDate(s, index);
    if (!next || next > addDays(s.start_date, 3653)) return dates;
    dates.push(next);
  }
}

describe('recurrence dates', () => {
  it('are strictly increasing, one per period, with no period skipped or doubled', () => {
    fc.assert(
      fc.property(schedule, (s) => {
        const dates = periodsOverTenYears(s);
        for (let index = 1; index < dates.length; index++) expect(dates[index]! > dates[index - 1]!).toBe(true);
        if (s.frequency === 'weekly') {
          for (let index = 1; index < dates.length; index++)
            expect(dates[index]).toBe(addDays(dates[index - 1]!, 7 * s.interval));
        } else {
          const step = monthsPerStep[s.frequency] * s.interval;
          const monthNumber = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7)) - 1;
          dates.forEach((d, index) => expect(monthNumber(d) - monthNumber(s.start_date)).toBe(step * index));
        }
        const expected = s.frequency === 'weekly' ? Math.floor(3653 / (7 * s.interval)) + 1 : undefined;
        if (expected) expect(dates.length).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('clamp the 29th–31st to the month’s last day without drifting later periods, leap years included', () => {
    fc.assert(
      fc.property(
        schedule.filter((s) => s.frequency !== 'weekly'),
        (s) => {
          const wanted = s.day_of_month ?? Number(s.start_date.slice(8));
          for (const d of periodsOverTenYears(s)) {
            const [year, month] = [Number(d.slice(0, 4)), Number(d.slice(5, 7))];
            const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
            expect(Number(d.slice(8))).toBe(Math.min(wanted, last));
          }
        },
      ),
      { numRuns: 2000 },
    );
    const monthEnd: Schedule = { frequency: 'monthly', interval: 1, start_date: '2027-12-31' };
    expect([0, 1, 2, 3].map((index) => periodDate(monthEnd, index))).toEqual([
      '2027-12-31',
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
    ]);
    expect(periodDate({ frequency: 'yearly', interval: 1, start_date: '2028-02-29' }, 1)).toBe('2029-02-28');
  });

  it('end by date and by count', () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: 1, max: 30 }), date, (s, count, end) => {
        const byCount = { ...s, max_count: count };
        expect(periodDate(byCount, count - 1)).toBeDefined();
        expect(periodDate(byCount, count)).toBeUndefined();
        const byDate = { ...s, end_date: end };
        for (let index = 0; index < 200; index++) {
          const d = periodDate(byDate, index);
          if (d === undefined) {
            expect(periodDate(s, index)! > end).toBe(true);
            break;
          }
          expect(d <= end).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
