import { formatMinor } from '#shared/domain/decimal';
import type { Payment } from '#shared/domain/payment';

export const paymentResource = (payment: Payment) => ({
  id: payment.id,
  invoice: payment.invoice_id,
  amount: formatMinor(payment.amount_minor),
  currency: payment.currency,
  paid_at: payment.paid_at,
  method: payment.method,
  reference: payment.reference ?? null,
  provider: payment.provider,
  created_at: payment.created_at,
  reversed_at: payment.reversed_at ?? null,
});
