// How a refund looks in responses and events.
import { formatMinor } from '#shared/domain/decimal';
import type { Refund } from '#shared/domain/refund';

export const refundResource = (refund: Refund) => ({
  id: refund.id,
  credit_note: refund.credit_note_id,
  invoice: refund.invoice_id,
  amount: formatMinor(refund.amount_minor),
  currency: refund.currency,
  method: refund.method,
  reference: refund.reference ?? null,
  refunded_at: refund.refunded_at,
  status: refund.status,
  provider: refund.provider,
  created_at: refund.created_at,
});
