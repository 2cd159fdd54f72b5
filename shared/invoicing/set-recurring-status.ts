// Pausing, resuming and ending a template: a status change written only if nobody moved it meanwhile.
import type { Db } from '#shared/data/table';
import { getRecurringInvoice, saveRecurringInvoice } from '#shared/data/recurring-invoices';
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
