// The reminder sweep: every invoice whose next reminder look has come, in its organization's own
// date, gets that look (remind-invoice.ts). Reads only the invoices due a look, never all open ones.
import { remindersDueBy } from '#shared/data/reminders';
import { getOrganization } from '#shared/data/organizations';
import { dateIn, latestDateAnywhere } from '#shared/domain/dates';
import { timeZoneOf } from '#shared/domain/organization';
import type { SendDeps } from '#shared/invoicing/mail-invoice';
import { remindInvoice, type ReminderOutcome } from '#shared/invoicing/remind-invoice';
import { backfillReminders } from '#shared/invoicing/backfill-reminders';

/** How many looks ended each way; `backfilled`: organizations whose open invoices were booked anew. */
export type ReminderSweep = Record<ReminderOutcome, number> & {
  backfilled: number;
  failed: number;
  unfinished: boolean;
};

export async function sweepReminders(
  deps: SendDeps,
  now: Date,
  options: { timeLeft?: () => boolean; log?: (message: string, fields: Record<string, unknown>) => void } = {},
): Promise<ReminderSweep> {
  const result: ReminderSweep = {
    sent: 0,
    passed: 0,
    not_yet: 0,
    ended: 0,
    taken: 0,
    unknown: 0,
    suppressed: 0,
    backfilled: 0,
    failed: 0,
    unfinished: false,
  };
  const zones = new Map<string, Promise<string>>();
  const todayOf = (organizationId: string) => {
    if (!zones.has(organizationId))
      zones.set(organizationId, getOrganization(deps.db, organizationId).then(timeZoneOf));
    return zones.get(organizationId)!.then((zone) => dateIn(zone, now));
  };
  for await (const due of remindersDueBy(deps.db, latestDateAnywhere(now))) {
    if (options.timeLeft && !options.timeLeft()) {
      // What is left stays due, and the next sweep takes it.
      result.unfinished = true;
      break;
    }
    try {
      if ('backfill' in due) {
        const done = await backfillReminders(deps.db, due.organizationId, due.cursor, options.timeLeft);
        result.backfilled += done === 'done' ? 1 : 0;
        continue;
      }
      // Due somewhere on Earth but not yet where the organization is: a later sweep.
      if (due.date > (await todayOf(due.organizationId))) continue;
      result[await remindInvoice(deps, due.organizationId, due.invoiceId, now)] += 1;
    } catch (error) {
      // One invoice that cannot be reminded (SES refused, a broken client) must not hold up the others.
      result.failed += 1;
      options.log?.('reminder failed', { ...due, error: String(error) });
    }
  }
  return result;
}
