// The daily fetch of the ECB's reference rates: the last 90 days of the feed are stored every time,
// so a day a run missed is filled in by the next; a run that does not find the day the ECB should
// have published by now says so (its job fails, is retried and alarms).
import { type DailyRates, saveDailyRates } from '#shared/data/exchange-rates';
import type { Db } from '#shared/data/table';
import { addDays, dateIn } from '#shared/domain/dates';
import { isTargetDay, targetDayOnOrBefore } from '#shared/domain/target-days';
import { parseEcbFeed } from '#shared/exchange-rates/ecb-feed';

/** The ECB publishes around 16:00 Frankfurt time on each TARGET day. */
const PUBLISHED_AT_HOUR = 16;

/** The latest day whose rates the ECB has published by `now`. */
export function expectedPublication(now: Date): string {
  const today = dateIn('Europe/Berlin', now);
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', hourCycle: 'h23' }).format(now),
  );
  return isTargetDay(today) && hour >= PUBLISHED_AT_HOUR ? today : targetDayOnOrBefore(addDays(today, -1));
}

export type FetchResult = { days: number; latest: string | null; missing: string | null };

export async function fetchEcbRates(deps: { db: Db; feedUrl: string }, now = new Date()): Promise<FetchResult> {
  const response = await fetch(deps.feedUrl, { signal: AbortSignal.timeout(20_000) });
  if (!response.ok) throw new Error(`the ECB rate feed answered ${response.status}`);
  const days: DailyRates[] = parseEcbFeed(await response.text());
  await saveDailyRates(deps.db, days);
  const expected = expectedPublication(now);
  const latest =
    days
      .map((day) => day.date)
      .sort()
      .at(-1) ?? null;
  return { days: days.length, latest, missing: days.some((day) => day.date === expected) ? null : expected };
}
