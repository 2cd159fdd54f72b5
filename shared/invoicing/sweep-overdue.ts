// The overdue sweep: every open invoice past due in its organization's own time zone moves to overdue.
import { getOrganization } from '#shared/data/organizations';
import { openInvoicesDueBefore } from '#shared/data/open-invoices';
import { dateIn, latestDateAnywhere } from '#shared/domain/dates';
import { timeZoneOf } from '#shared/domain/organization';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import { markOverdue } from '#shared/invoicing/mark-overdue';

/**
 * Sweeps as of the instant `now` (each organization's own date), or with `today` forced for every
 * organization (tests, `npm run tick`).
 */
export async function sweepOverdue(
  deps: InvoicingDeps,
  clock: { now: Date } | { today: string },
): Promise<{ moved: number; examined: number }> {
  const zones = new Map<string, Promise<string>>();
  const todayOf = async (organizationId: string) => {
    if ('today' in clock) return clock.today;
    if (!zones.has(organizationId))
      zones.set(organizationId, getOrganization(deps.db, organizationId).then(timeZoneOf));
    return dateIn(await zones.get(organizationId)!, clock.now);
  };
  const latest = 'today' in clock ? clock.today : latestDateAnywhere(clock.now);
  let moved = 0;
  let examined = 0;
  for await (const due of openInvoicesDueBefore(deps.db, latest)) {
    const today = await todayOf(due.organizationId);
    // Past due somewhere on Earth but not yet where the organization is: the next sweep.
    if (due.dueDate >= today) continue;
    examined += 1;
    if (await markOverdue(deps, due.organizationId, due.invoiceId, today)) moved += 1;
  }
  return { moved, examined };
}
