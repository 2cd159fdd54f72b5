// The quote sweep: every sent quote past its expiry day, in its organization's own time zone, becomes
// expired with quote.expired — once: one accepted or declined meanwhile stays as it is.
import { getOrganization } from '#shared/data/organizations';
import { sentQuotesExpiringBefore } from '#shared/data/quotes';
import { dateIn, latestDateAnywhere } from '#shared/domain/dates';
import { timeZoneOf } from '#shared/domain/organization';
import { isPastExpiry } from '#shared/domain/quote';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import { changeQuote } from '#shared/quotes/change-quote';

class StillValidError extends Error {}

/** Sweeps as of the instant `now` (each organization's own date), or with `today` forced (tests, `npm run tick`). */
export async function sweepQuotes(deps: InvoicingDeps, clock: { now: Date } | { today: string }, now = new Date()) {
  const zones = new Map<string, Promise<string>>();
  const todayOf = async (organizationId: string) => {
    if ('today' in clock) return clock.today;
    if (!zones.has(organizationId))
      zones.set(organizationId, getOrganization(deps.db, organizationId).then(timeZoneOf));
    return dateIn(await zones.get(organizationId)!, clock.now);
  };
  let expired = 0;
  let examined = 0;
  const latest = 'today' in clock ? clock.today : latestDateAnywhere(clock.now);
  for await (const due of sentQuotesExpiringBefore(deps.db, latest)) {
    const today = await todayOf(due.organizationId);
    if (due.expiryDate >= today) continue;
    examined += 1;
    const changed = await changeQuote(deps, due.organizationId, due.quoteId, (current) => {
      if (!isPastExpiry(current, today)) throw new StillValidError();
      return { quote: { ...current, status: 'expired', expired_at: now.toISOString() }, events: ['quote.expired'] };
    }).catch((error: unknown) => {
      if (error instanceof StillValidError) return undefined;
      throw error;
    });
    if (changed) expired += 1;
  }
  return { expired, examined };
}
