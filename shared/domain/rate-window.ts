// Sliding-window rate limits, approximated from two fixed windows: the attempts of the window now
// running plus the previous window's, weighed by how much of it still overlaps the last
// `windowSeconds`. A fixed window alone lets twice the limit through across a boundary and forgets
// a burst the second its window closes. Integer arithmetic only: counts are compared scaled by the
// window length.

export type Limit = { scope: string; max: number; windowSeconds: number };

/** The attempts counted in the window now running (this one included) and in the one before it. */
export type WindowCounts = { current: number; previous: number };

export type WindowPosition = { window: number; elapsedSeconds: number };

export const windowAt = (limit: Limit, now: Date): WindowPosition => {
  const seconds = Math.floor(now.getTime() / 1000);
  return { window: Math.floor(seconds / limit.windowSeconds), elapsedSeconds: seconds % limit.windowSeconds };
};

/** The sliding count scaled by the window length: previous × (W − elapsed) + current × W. */
const scaledCount = (limit: Limit, counts: WindowCounts, elapsed: number) =>
  counts.previous * Math.max(0, limit.windowSeconds - elapsed) + counts.current * limit.windowSeconds;

export const isOverLimit = (limit: Limit, counts: WindowCounts, at: WindowPosition): boolean =>
  scaledCount(limit, counts, at.elapsedSeconds) > limit.max * limit.windowSeconds;

/**
 * Whole seconds until one more attempt would fit under the limit, if none is made meanwhile: later
 * in this window while the previous one's weight fades, or in the next once this one's does.
 */
export function retryAfterSeconds(limit: Limit, counts: WindowCounts, at: WindowPosition): number {
  const W = limit.windowSeconds;
  const fits = (scaled: number) => scaled + W <= limit.max * W;
  for (let elapsed = at.elapsedSeconds + 1; elapsed <= W; elapsed++) {
    if (fits(scaledCount(limit, counts, elapsed))) return elapsed - at.elapsedSeconds;
  }
  const next = { current: 0, previous: counts.current };
  for (let elapsed = 0; elapsed < W; elapsed++) {
    if (fits(scaledCount(limit, next, elapsed))) return W - at.elapsedSeconds + elapsed;
  }
  return 2 * W - at.elapsedSeconds;
}
