// Recurring schedules as pure date math on calendar dates (YYYY-MM-DD, the organization's day;
// organizations are on UTC for now). Period k's date is computed from the start, never from the
// previous period, so clamping (31 Jan → 28 Feb) never drifts later periods (→ 31 Mar).

export const FREQUENCIES = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export type Schedule = {
  frequency: Frequency;
  interval: number;
  start_date: string;
  /** For month-based frequencies: the day to aim for (29–31 clamp to the month's last day). */
  day_of_month?: number;
  end_date?: string;
  max_count?: number;
};

const MONTHS: Record<Exclude<Frequency, 'weekly'>, number> = { monthly: 1, quarterly: 3, yearly: 12 };

const parts = (date: string) => date.split('-').map(Number) as [number, number, number];
const format = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The date of period `index` (0 is the first), or undefined when the schedule has ended by then. */
export function periodDate(schedule: Schedule, index: number): string | undefined {
  if (schedule.max_count !== undefined && index >= schedule.max_count) return undefined;
  const [year, month, day] = parts(schedule.start_date);
  let date: string;
  if (schedule.frequency === 'weekly') {
    date = new Date(Date.UTC(year, month - 1, day + 7 * schedule.interval * index)).toISOString().slice(0, 10);
  } else {
    const months = month - 1 + MONTHS[schedule.frequency] * schedule.interval * index;
    const targetYear = year + Math.floor(months / 12);
    const targetMonth = (months % 12) + 1;
    date = format(targetYear, targetMonth, Math.min(schedule.day_of_month ?? day, lastDay(targetYear, targetMonth)));
  }
  if (schedule.end_date !== undefined && date > schedule.end_date) return undefined;
  return date;
}
