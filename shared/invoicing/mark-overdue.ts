// Moving one invoice to overdue, as the sweep finds it past due in its organization's time zone.
import { unchanged } from '#shared/data/change';
import { becomeOverdue, isRefusal } from '#shared/domain/invoice-lifecycle';
import { changeInvoice } from '#shared/invoicing/change-invoice';
import type { InvoicingDeps } from '#shared/invoicing/deps';

/** False when the invoice is no longer due for the move (paid, already overdue…). */
export async function markOverdue(
  deps: InvoicingDeps,
  organizationId: string,
  invoiceId: string,
  today: string,
  now = new Date(),
): Promise<boolean> {
  const moved = await changeInvoice(
    deps,
    organizationId,
    invoiceId,
    (current) => {
      const next = becomeOverdue(current, today);
      if (isRefusal(next)) return unchanged(false as const);
      return {
        invoice: { ...current, status: next.status, overdue_at: now.toISOString() },
        events: ['invoice.overdue'],
      };
    },
    now,
  );
  return moved !== false;
}
