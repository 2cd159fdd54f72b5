// Void keeps the invoice and its number (numbering stays gapless); only unpaid invoices can be voided.
import { isRefusal, refusalError, settlementOf, voidInvoice as voided } from '#shared/domain/invoice-lifecycle';
import type { Invoice } from '#shared/domain/invoice';
import { assertNotDeducted } from '#shared/domain/quote-conversion';
import { changed, changeInvoice } from '#shared/invoicing/change-invoice';
import type { InvoicingDeps } from '#shared/invoicing/deps';

export async function voidInvoice(
  deps: InvoicingDeps,
  organizationId: string,
  invoiceId: string,
  now = new Date(),
): Promise<Invoice> {
  const result = await changeInvoice(
    deps,
    organizationId,
    invoiceId,
    (current) => {
      assertNotDeducted(current);
      const next = voided(settlementOf(current));
      if (isRefusal(next)) throw refusalError(next);
      return { invoice: { ...current, status: next.status, voided_at: now.toISOString() }, events: ['invoice.voided'] };
    },
    now,
  );
  return changed(result);
}
