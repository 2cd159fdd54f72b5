// Calendar dates as `YYYY-MM-DD` strings; comparisons are plain string comparisons.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date (no 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const utc = (date: string) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return Date.UTC(year, month - 1, day);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** True for a time zone name this runtime knows: IANA names such as "Europe/Berlin", or "UTC". */
export function isTimeZone(name: string): boolean {
  // Node 24's Intl (Lambda's runtime) also takes UTC offsets such as "+02:00"; a zone here is an IANA name.
  if (!name || name.length > 64 || /^[+-]/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

// Building a formatter costs far more than using one; invoice creation asks on every request.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date it is at `now` in a time zone. */
export function dateIn(timeZone: string, now = new Date()): string {
  let formatter = formatters.get(timeZone);
  if (!formatter)
    formatters.set(
      timeZone,
      (formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })),
    );
  const parts = Object.fromEntries(formatter.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The furthest-ahead date anywhere on Earth (UTC+14): no organization's "today" is later. */
export const latestDateAnywhere = (now = new Date()) => dateIn('Etc/GMT-14', now);

/**
 * The first instant of `date` in a time zone, found by bisection over the day's possible UTC offsets
 * (−12 h to +14 h): exact whatever the zone's rules, daylight saving included.
 */
export function startOfDayIn(timeZone: string, date: string): Date {
  let low = Date.parse(`${date}T00:00:00Z`) - 14 * 3_600_000;
  let high = low + 27 * 3_600_000;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (dateIn(timeZone, new Date(middle)) < date) low = middle;
    else high = middle;
  }
  return new Date(high);
}
