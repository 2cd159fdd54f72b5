// The cost bench's monthly runs of each schedule: a job added with a schedule it cannot count stops
// the bench instead of being priced as free.
import { describe, expect, it } from 'vitest';
import { runsPerMonth } from '#bench/sections/cost';
import { JOBS } from '#functions/jobs';

describe('monthly runs of a schedule', () => {
  it('counts rates, hourly crons and weekday crons over a 30-day month', () => {
    expect(runsPerMonth('rate(5 minutes)')).toBe(8640);
    expect(runsPerMonth('rate(1 minute)')).toBe(43200);
    expect(runsPerMonth('cron(15 * * * ? *)')).toBe(720);
    expect(runsPerMonth('cron(30 15,17 ? * MON-FRI *)')).toBeCloseTo((2 * 30 * 5) / 7);
  });

  it('refuses a schedule it does not know how to count', () => {
    expect(() => runsPerMonth('rate(2 hours)')).toThrow(/no monthly count/);
  });

  it('counts every job of the stack', () => {
    for (const job of JOBS) expect(runsPerMonth(job.schedule)).toBeGreaterThan(0);
  });
});
