// Limits on authentication attempts (docs/security.md). Counted in the table, so they hold across
// Lambda instances; over a limit the answer is 429 rate_limited with Retry-After.
import { countAttempt } from '#shared/data/rate-limits';
import type { Db } from '#shared/data/table';
import { rateLimited } from '#shared/domain/errors';
import { isOverLimit, type Limit, retryAfterSeconds, windowAt } from '#shared/domain/rate-window';

export const LIMITS = {
  exchangePerIp: { scope: 'exchange-ip', max: 30, windowSeconds: 60 },
  exchangePerSubject: { scope: 'exchange-subject', max: 10, windowSeconds: 60 },
  refreshPerIp: { scope: 'refresh-ip', max: 60, windowSeconds: 60 },
  refreshPerSession: { scope: 'refresh-session', max: 20, windowSeconds: 60 },
  failedBearerPerIp: { scope: 'bearer-failures-ip', max: 20, windowSeconds: 300 },
} as const satisfies Record<string, Limit>;

/** Counts an attempt and refuses it when the window is already full. */
export async function enforceLimit(db: Db, limit: Limit, subject: string, now = new Date()): Promise<void> {
  const counts = await countAttempt(db, limit, subject, now);
  const at = windowAt(limit, now);
  if (isOverLimit(limit, counts, at)) throw rateLimited(retryAfterSeconds(limit, counts, at));
}
