// The fetch of the ECB's reference rates: the last 90 days of the feed are stored every time, so a
// day a run missed is filled in by the next; a run that does not find the day the ECB should have
// published by now says so (its job fails, is retried and alarms). The history since 1999 is loaded
// by the run that finds it missing: on a new table, or when a gap opened before the 90 days (the
// job was down longer than that). A request never fetches: it reads what is stored.
import { type DailyRates, saveDailyRates, storedDaysAround } from '#shared/data/exchange-rates';
import type { Db } from '#shared/data/table';
import { addDays, dateIn } from '#shared/domain/dates';
import { isTargetDay, targetDayOnOrBefore } from '#shared/domain/target-days';
import { parseEcbFeed } from '#shared/exchange-rates/ecb-feed';

/** The ECB publishes around 16:00 Frankfurt time on each TARGET day. */
const PUBLISHED_AT_HOUR = 16;
/** The first day of the ECB's reference rates. */
export const HISTORY_BEGINS = '1999-01-04';
/** The ECB never goes longer without publishing (Easter: Thursday to Tuesday). */
const LONGEST_PAUSE_DAYS = 7;
/** The history is some 8 MB; a feed much larger is not the ECB's. */
const MAX_FEED_BYTES = 32 * 1024 * 1024;

/** The history (eurofxref-hist.xml) is published beside the 90-day feed. */
export const historyUrlOf = (feedUrl: string) => new URL('eurofxref-hist.xml', feedUrl).href;

/** The latest day whose rates the ECB has published by `now`. */
export function expectedPublication(now: Date): string {
  const today = dateIn('Europe/Berlin', now);
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', hourCycle: 'h23' }).format(now),
  );
  return isTargetDay(today) && hour >= PUBLISHED_AT_HOUR ? today : targetDayOnOrBefore(addDays(today, -1));
}

async function readFeed(url: string): Promise<DailyRates[]> {
  const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (!response.ok || !response.body) throw new Error(`the ECB rate feed ${url} answered ${response.status}`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_FEED_BYTES) throw new Error(`the ECB rate feed ${url} is over ${MAX_FEED_BYTES} bytes`);
    chunks.push(chunk);
  }
  return parseEcbFeed(Buffer.concat(chunks).toString('utf8'));
}

/** Whether the history is to be loaded: its first day is not stored, or no day of the week before `oldest`. */
async function historyMissing(db: Db, oldest: string): Promise<boolean> {
  const before = addDays(oldest, -LONGEST_PAUSE_DAYS);
  const stored = await storedDaysAround(db, [HISTORY_BEGINS, before, addDays(oldest, -1)]);
  return !stored.includes(HISTORY_BEGINS) || !stored.some((day) => day >= before && day < oldest);
}

/** `days`: of the 90-day feed; `history_days`: of the history, when this run loaded it, else 0. */
export type FetchResult = { days: number; history_days: number; latest: string | null; missing: string | null };

export async function fetchEcbRates(deps: { db: Db; feedUrl: string }, now = new Date()): Promise<FetchResult> {
  const days = await readFeed(deps.feedUrl);
  const dates = days.map((day) => day.date).sort();
  const history =
    dates[0] && (await historyMissing(deps.db, dates[0])) ? await readFeed(historyUrlOf(deps.feedUrl)) : [];
  await saveDailyRates(deps.db, [...history, ...days]);
  const expected = expectedPublication(now);
  const latest = dates.at(-1) ?? null;
  return {
    days: days.length,
    history_days: history.length,
    latest,
    missing: dates.includes(expected) ? null : expected,
  };
}
