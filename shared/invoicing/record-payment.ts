// A payment against an invoice — by hand, or from a provider's event — written with `payment.received`
// (and `invoice.paid` when it settles the invoice) in one transaction with the invoice's change.
import { paymentPart, providerEventApplied, providerEventClaim } from '#shared/data/payments';
import { validationError } from '#shared/domain/errors';
import { newId } from '#shared/domain/ids';
import { isRefusal, pay, refusalError, settlementOf } from '#shared/domain/invoice-lifecycle';
import type { Invoice } from '#shared/domain/invoice';
import type { Payment } from '#shared/domain/payment';
import { paymentResource } from '#shared/domain/resources/payment';
import { changeInvoice } from '#shared/invoicing/change-invoice';
import type { InvoicingDeps } from '#shared/invoicing/deps';

export class PaymentAlreadyRecordedError extends Error {}

export type NewPayment = Omit<Payment, 'id' | 'invoice_id' | 'created_at' | 'currency'> & { currency?: string };

/** The same provider event applied twice is refused as PaymentAlreadyRecordedError and changes nothing. */
export async function recordPayment(
  deps: InvoicingDeps,
  organizationId: string,
  invoiceId: string,
  input: NewPayment,
  now = new Date(),
): Promise<{ invoice: Invoice; payment: Payment }> {
  const eventId = input.provider_event_id;
  const alreadyApplied = () => new PaymentAlreadyRecordedError(`event ${eventId} was already applied`);
  // A redelivered event usually finds the invoice already settled; say "already recorded", not "refused".
  if (eventId && (await providerEventApplied(deps.db, input.provider, eventId))) throw alreadyApplied();
  let payment!: Payment;
  const result = await changeInvoice(
    deps,
    organizationId,
    invoiceId,
    (current) => {
      if (input.currency && current.currency !== input.currency)
        throw validationError({ currency: `must be the invoice's currency, ${current.currency}` });
      payment = {
        ...input,
        currency: current.currency,
        id: newId('pay', now.getTime()),
        invoice_id: invoiceId,
        created_at: now.toISOString(),
      };
      const next = pay(settlementOf(current), input.amount_minor);
      if (isRefusal(next)) throw refusalError(next);
      return {
        invoice: {
          ...current,
          status: next.status,
          amount_paid_minor: next.paid_minor,
          ...(next.settled ? { paid_at: input.paid_at } : {}),
        },
        events: next.settled ? ['payment.received', 'invoice.paid'] : ['payment.received'],
        eventData: { payment: paymentResource(payment) },
        parts: {
          payment: paymentPart(deps.db, organizationId, payment),
          provider_event: eventId ? providerEventClaim(deps.db, input.provider, eventId, payment.id) : undefined,
        },
      };
    },
    now,
  );
  if (!result.ok) throw alreadyApplied();
  return { invoice: result.invoice, payment };
}
