// Booking every open invoice of an organization on its reminder schedule, after the policy changed:
// each gets the date of its next step under the new policy (or leaves the schedule). Run by the
// sweep a page at a time; where it stops is kept, and the next sweep goes on from there.
import { getOrganization } from '#shared/data/organizations';
import { invoicesWithStatusPage, saveBackfill, saveSchedules, type BackfillCursor } from '#shared/data/reminders';
import type { Db } from '#shared/data/table';
import { OPEN_STATUSES } from '#shared/domain/invoice-lifecycle';
import { timeZoneOf } from '#shared/domain/organization';
import { nextReminderDate, remindedOf } from '#shared/domain/reminders';

export async function backfillReminders(
  db: Db,
  organizationId: string,
  cursor: BackfillCursor | undefined,
  timeLeft: () => boolean = () => true,
): Promise<'done' | 'unfinished'> {
  const organization = await getOrganization(db, organizationId);
  const policy = organization?.reminder_policy;
  const zone = timeZoneOf(organization);
  const statuses = OPEN_STATUSES.slice(cursor ? Math.max(0, OPEN_STATUSES.indexOf(cursor.status as never)) : 0);
  for (const [index, status] of statuses.entries()) {
    let startKey = index === 0 ? cursor?.startKey : undefined;
    do {
      if (!timeLeft()) {
        await saveBackfill(db, organizationId, { status, ...(startKey ? { startKey } : {}) });
        return 'unfinished';
      }
      const page = await invoicesWithStatusPage(db, organizationId, status, startKey);
      const looks = page.invoices.map((invoice) => ({
        invoiceId: invoice.id,
        date: policy?.enabled ? nextReminderDate(policy, remindedOf(invoice, zone)) : undefined,
      }));
      await saveSchedules(db, organizationId, looks);
      startKey = page.next;
    } while (startKey);
  }
  await saveBackfill(db, organizationId);
  return 'done';
}
