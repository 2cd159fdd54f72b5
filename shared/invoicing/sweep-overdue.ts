// The overdue sweep: every open invoice past due in its organization's own time zone moves to overdue.
import { openInvoicesDueBefore } from '#shared/data/open-invoices';
import { organizationDay } from '#shared/organizations/organization-day';
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
  const { latest, todayOf } = organizationDay(deps.db, clock);
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
