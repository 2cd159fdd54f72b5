// The sliding count every rate limit holds to, by shared/domain/rate-window.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOverLimit, retryAfterSeconds, windowAt } from '#shared/domain/rate-window';

const limit = { scope: 'test', max: 20, windowSeconds: 300 };
const at = (elapsedSeconds: number) => ({ window: 7, elapsedSeconds });

describe('a sliding rate window', () => {
  it('places an instant in its fixed window by whole seconds', () => {
    expect(windowAt(limit, new Date(300_000 * 7 + 299_999))).toEqual({ window: 7, elapsedSeconds: 299 });
    expect(windowAt(limit, new Date(300_000 * 8))).toEqual({ window: 8, elapsedSeconds: 0 });
  });

  it('still holds a burst of the window before, fading with the part of it that has passed', () => {
    expect(isOverLimit(limit, { current: 1, previous: 40 }, at(0))).toBe(true);
    expect(isOverLimit(limit, { current: 1, previous: 40 }, at(149))).toBe(true);
    // 40 × 143/300 + 1 = 20.07 > 20 at 157 s; 40 × 142/300 + 1 = 19.93 at 158 s
    expect(isOverLimit(limit, { current: 1, previous: 40 }, at(157))).toBe(true);
    expect(isOverLimit(limit, { current: 1, previous: 40 }, at(158))).toBe(false);
    expect(isOverLimit(limit, { current: 20, previous: 0 }, at(0))).toBe(false);
    expect(isOverLimit(limit, { current: 21, previous: 0 }, at(299))).toBe(true);
  });

  it('lets no more than the limit through across a boundary, where fixed windows let twice through', () => {
    // 20 at the end of one window: the next window's first attempt is refused.
    expect(isOverLimit(limit, { current: 1, previous: 20 }, at(0))).toBe(true);
  });

  it('answers Retry-After as the first second at which one more attempt fits, never sooner', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 299 }),
        (current, previous, elapsed) => {
          const counts = { current, previous };
          fc.pre(isOverLimit(limit, counts, at(elapsed)));
          const wait = retryAfterSeconds(limit, counts, at(elapsed));
          expect(wait).toBeGreaterThan(0);
          const then = (seconds: number) => {
            const moment = elapsed + seconds;
            return moment < 300
              ? isOverLimit(limit, { current: current + 1, previous }, at(moment))
              : isOverLimit(limit, { current: 1, previous: current }, at(moment - 300));
          };
          expect(then(wait)).toBe(false);
          if (wait > 1) expect(then(wait - 1)).toBe(true);
        },
      ),
    );
  });
});
