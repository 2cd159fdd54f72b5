// Pausing, resuming and ending a template: status changes written only if nobody moved it meanwhile.
import type { Db } from '../data/client.ts';
import { getRecurringInvoice, saveRecurringInvoice, type RecurringInvoice } from '../data/recurring-invoices.ts';
import { invalidState, notFound } from '../http/errors.ts';

const ALLOWED: Record<'paused' | 'active' | 'ended', RecurringInvoice['status'][]> = { paused: ['active'], active: ['paused'], ended: ['active', 'paused'] };

export async function setRecurringStatus(db: Db, organizationId: string, recurringId: string, status: keyof typeof ALLOWED): Promise<RecurringInvoice> {
  const current = await getRecurringInvoice(db, organizationId, recurringId);
  if (!current) throw notFound('Recurring invoice');
  if (!ALLOWED[status].includes(current.status)) throw invalidState(`A ${current.status} recurring invoice cannot become ${status}`);
  return saveRecurringInvoice(db, current, { ...current, status });
}
