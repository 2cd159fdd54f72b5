// The provider's answer on a pending refund: succeeded, or failed (the money is owed back again, on
// the invoice and on the credit note). A refund already settled stays as it is: answers are idempotent.
import { creditNoteRefundReturnedPart } from '#shared/data/credit-notes';
import { getRefund, refundSettledPart } from '#shared/data/refunds';
import type { Refund } from '#shared/domain/refund';
import { refundResource } from '#shared/domain/resources/refund';
import { changeInvoice } from '#shared/invoicing/change-invoice';
import type { InvoicingDeps } from '#shared/invoicing/deps';

export async function settleRefund(
  deps: InvoicingDeps,
  organizationId: string,
  pending: Refund,
  outcome: { status: 'succeeded' | 'failed'; provider_refund_id?: string },
  now = new Date(),
): Promise<Refund> {
  const settled: Refund = {
    ...pending,
    status: outcome.status,
    ...(outcome.provider_refund_id ? { provider_refund_id: outcome.provider_refund_id } : {}),
  };
  const failed = outcome.status === 'failed';
  const result = await changeInvoice(
    deps,
    organizationId,
    pending.invoice_id,
    (current) => ({
      invoice: failed
        ? { ...current, amount_refunded_minor: (current.amount_refunded_minor ?? 0) - pending.amount_minor }
        : current,
      events: [failed ? 'refund.failed' : 'refund.succeeded'],
      eventData: { refund: refundResource(settled) },
      parts: {
        refund: refundSettledPart(deps.db, organizationId, settled),
        credit_note: failed
          ? creditNoteRefundReturnedPart(deps.db, organizationId, pending.credit_note_id, pending.amount_minor)
          : undefined,
      },
    }),
    now,
  );
  // Settled already by an earlier answer (the provider's reply and its webhook both report it).
  if (!result.ok) return (await getRefund(deps.db, organizationId, pending.credit_note_id, pending.id))!;
  return settled;
}
