// Pausing, resuming and ending a template: a status change written only if nobody moved it meanwhile.
import type { CorrelatedDb } from '#shared/data/table';
import { recurringInvoiceResource } from '#shared/domain/resources/recurring-invoice';
import { getRecurringInvoice, saveRecurringInvoice } from '#shared/data/recurring-invoices';
import { invalidState, notFound } from '#shared/domain/errors';
import type { RecurringInvoice } from '#shared/domain/recurring-invoice';

const ALLOWED: Record<'paused' | 'active' | 'ended', RecurringInvoice['status'][]> = {
  paused: ['active'],
  active: ['paused'],
  ended: ['active', 'paused'],
};

const STATUS_EVENTS = {
  paused: 'recurring_invoice.paused',
  active: 'recurring_invoice.resumed',
  ended: 'recurring_invoice.ended',
} as const;

export async function setRecurringStatus(
  db: CorrelatedDb,
  organizationId: string,
  recurringId: string,
  status: keyof typeof ALLOWED,
): Promise<RecurringInvoice> {
  const current = await getRecurringInvoice(db, organizationId, recurringId);
  if (!current) throw notFound('Recurring invoice');
  if (!ALLOWED[status].includes(current.status))
    throw invalidState(`A ${current.status} recurring invoice cannot become ${status}`);
  const saved = await saveRecurringInvoice(db, current, { ...current, status }, (template) => ({
    type: STATUS_EVENTS[status],
    object: recurringInvoiceResource(template),
  }));
  if (!saved) throw invalidState('The recurring invoice changed meanwhile; read it again');
  return saved;
}
