// The days the ECB publishes its euro reference rates: TARGET2 business days — every weekday but
// New Year's Day, Good Friday, Easter Monday, 1 May, and 25 and 26 December.
import { addDays } from '#shared/domain/dates';
import type { ExchangeRateDate } from '#shared/domain/exchange-rate';

/** Easter Sunday of `year` (the Gregorian computus), as YYYY-MM-DD. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isTargetDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const monthDay = date.slice(5);
  if (['01-01', '05-01', '12-25', '12-26'].includes(monthDay)) return false;
  const easter = easterSunday(Number(date.slice(0, 4)));
  return date !== addDays(easter, -2) && date !== addDays(easter, 1);
}

/** The latest TARGET day on or before `date`. */
export function targetDayOnOrBefore(date: string): string {
  let day = date;
  while (!isTargetDay(day)) day = addDays(day, -1);
  return day;
}

/** The publication day whose rate an invoice issued on `issueDate` takes, by the organization's choice. */
export const rateDayFor = (issueDate: string, choice: ExchangeRateDate) =>
  targetDayOnOrBefore(choice === 'issue_date' ? issueDate : addDays(issueDate, -1));
