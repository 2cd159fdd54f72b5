// The quote sweep: every sent quote past its expiry day, in its organization's own time zone, becomes
// expired with quote.expired — once: one accepted or declined meanwhile stays as it is.
import { unchanged } from '#shared/data/change';
import { sentQuotesExpiringBefore } from '#shared/data/quotes';
import { organizationDay } from '#shared/organizations/organization-day';
import { isPastExpiry } from '#shared/domain/quote';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import { changeQuote } from '#shared/quotes/change-quote';

/** Sweeps as of the instant `now` (each organization's own date), or with `today` forced (tests, `npm run tick`). */
export async function sweepQuotes(deps: InvoicingDeps, clock: { now: Date } | { today: string }, now = new Date()) {
  const { latest, todayOf } = organizationDay(deps.db, clock);
  let expired = 0;
  let examined = 0;
  for await (const due of sentQuotesExpiringBefore(deps.db, latest)) {
    const today = await todayOf(due.organizationId);
    if (due.expiryDate >= today) continue;
    examined += 1;
    const changed = await changeQuote(deps, due.organizationId, due.quoteId, (current) => {
      if (!isPastExpiry(current, today)) return unchanged(undefined);
      return { quote: { ...current, status: 'expired', expired_at: now.toISOString() }, events: ['quote.expired'] };
    });
    if (changed) expired += 1;
  }
  return { expired, examined };
}
