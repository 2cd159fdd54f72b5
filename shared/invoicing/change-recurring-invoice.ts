// The frame of every change to a stored template, on readDecideCommit (shared/data/change.ts): written
// only if nobody moved it meanwhile (its version, period and status), decided again from a fresh read
// otherwise — a recurring run generating its next period is such a move.
import { existing, RACED, readDecideCommit } from '#shared/data/change';
import { getRecurringInvoice, saveRecurringInvoice } from '#shared/data/recurring-invoices';
import type { CorrelatedDb } from '#shared/data/table';
import type { EventType } from '#shared/domain/events';
import type { RecurringInvoice } from '#shared/domain/recurring-invoice';
import { recurringInvoiceResource } from '#shared/domain/resources/recurring-invoice';

export async function changeRecurringInvoice(
  db: CorrelatedDb,
  organizationId: string,
  recurringId: string,
  decide: (current: RecurringInvoice) => RecurringInvoice,
  eventType: EventType,
): Promise<RecurringInvoice> {
  return readDecideCommit({
    subject: { resource: 'recurring_invoice', id: recurringId },
    read: () => existing(getRecurringInvoice(db, organizationId, recurringId), 'Recurring invoice'),
    decide,
    commit: async (next, current) =>
      (await saveRecurringInvoice(db, current, next, (template) => ({
        type: eventType,
        object: recurringInvoiceResource(template),
      }))) ?? RACED,
  });
}
