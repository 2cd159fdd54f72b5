// Pausing, resuming and ending a template: a status change written only if nobody moved it meanwhile
// (decided again on a fresh read otherwise).
import type { CorrelatedDb } from '#shared/data/table';
import { invalidState } from '#shared/domain/errors';
import type { RecurringInvoice } from '#shared/domain/recurring-invoice';
import { changeRecurringInvoice } from '#shared/invoicing/change-recurring-invoice';

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
  return changeRecurringInvoice(
    db,
    organizationId,
    recurringId,
    (current) => {
      if (!ALLOWED[status].includes(current.status))
        throw invalidState(`A ${current.status} recurring invoice cannot become ${status}`);
      return { ...current, status };
    },
    STATUS_EVENTS[status],
  );
}
