// When a failed delivery is tried again: about a day in all, then the delivery is marked failed.

/** Seconds to wait after the 1st, 2nd, … failed attempt. */
export const DEFAULT_SCHEDULE = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;

/**
 * The delay before the next attempt after `failedAttempts` failures, honouring a receiver's
 * Retry-After when it asks for longer; undefined when the schedule is spent.
 */
export function nextRetryDelay(
  failedAttempts: number,
  schedule: readonly number[] = DEFAULT_SCHEDULE,
  retryAfterSeconds?: number,
): number | undefined {
  const planned = schedule[failedAttempts - 1];
  if (planned === undefined) return undefined;
  return Math.max(planned, retryAfterSeconds ?? 0);
}
