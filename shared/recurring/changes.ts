// Pausing, resuming and ending a template: status changes written only if nobody moved it meanwhile.
import type { Db } from '#shared/data/table';
import { getRecurringInvoice, saveRecurringInvoice } from '#shared/data/recurring-invoices';
import { periodDate } from '#shared/domain/recurrence';
import { invalidState, notFound } from '#shared/domain/errors';
import type { RecurringInvoice } from '#shared/domain/recurring-invoice';

const ALLOWED: Record<'paused' | 'active' | 'ended', RecurringInvoice['status'][]> = {
  paused: ['active'],
  active: ['paused'],
  ended: ['active', 'paused'],
};

export async function setRecurringStatus(
  db: Db,
  organizationId: string,
  recurringId: string,
  status: keyof typeof ALLOWED,
): Promise<RecurringInvoice> {
  const current = await getRecurringInvoice(db, organizationId, recurringId);
  if (!current) throw notFound('Recurring invoice');
  if (!ALLOWED[status].includes(current.status))
    throw invalidState(`A ${current.status} recurring invoice cannot become ${status}`);
  return saveRecurringInvoice(db, current, { ...current, status });
}

/**
 * Applies a change to a template and recomputes its next run from its period count, so a new end
 * or day of month takes effect from the next period; a template left without periods ends.
 */
export async function changeRecurring(
  db: Db,
  organizationId: string,
  recurringId: string,
  change: (current: RecurringInvoice) => RecurringInvoice,
): Promise<RecurringInvoice> {
  const current = await getRecurringInvoice(db, organizationId, recurringId);
  if (!current) throw notFound('Recurring invoice');
  if (current.status === 'ended') throw invalidState('An ended recurring invoice cannot be changed');
  const changed = change(current);
  const next = periodDate(changed, changed.next_index);
  return saveRecurringInvoice(db, current, {
    ...changed,
    next_run_date: next,
    status: next ? changed.status : 'ended',
  });
}
