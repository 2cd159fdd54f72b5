// Stripe's events, verified and applied. Only a completed, paid Checkout session moves money here.
import type Stripe from 'stripe';
import type { CorrelatedDb } from '#shared/data/table';
import { getRefund } from '#shared/data/refunds';
import { PaymentAlreadyRecordedError, recordPayment } from '#shared/invoicing/record-payment';
import { settleRefund } from '#shared/invoicing/settle-refund';
import { DomainError, ErrorCode, notFound, validationError } from '#shared/domain/errors';

export function verifyStripeEvent(
  stripe: Stripe | undefined,
  secret: string | undefined,
  rawBody: string,
  signature: string | undefined,
): Stripe.Event {
  if (!stripe || !secret) throw notFound('Stripe webhook (Stripe is not configured)');
  if (!signature) throw validationError({ 'Stripe-Signature': 'is missing' });
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new DomainError(ErrorCode.validationError, 'The Stripe signature does not match the payload', {
      fields: { 'Stripe-Signature': 'does not verify' },
    });
  }
}

export type StripeOutcome = 'recorded' | 'duplicate' | 'refused' | 'ignored';

/** Stripe's word on a refund this service issued: settles it when final. */
async function applyRefundEvent(db: CorrelatedDb, event: Stripe.Event, publicBaseUrl: string): Promise<StripeOutcome> {
  const answer = event.data.object as Stripe.Refund;
  const { organization_id: organizationId, credit_note_id: creditNoteId, refund_id: refundId } = answer.metadata ?? {};
  const status =
    answer.status === 'succeeded'
      ? 'succeeded'
      : answer.status === 'failed' || answer.status === 'canceled'
        ? 'failed'
        : undefined;
  if (!organizationId || !creditNoteId || !refundId || !status) return 'ignored';
  const refund = await getRefund(db, organizationId, creditNoteId, refundId);
  if (!refund) return 'ignored';
  if (refund.status !== 'pending') return 'duplicate';
  await settleRefund({ db, publicBaseUrl }, organizationId, refund, { status, provider_refund_id: answer.id });
  return 'recorded';
}

const REFUND_EVENTS = new Set(['refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated']);

export async function applyStripeEvent(
  db: CorrelatedDb,
  event: Stripe.Event,
  publicBaseUrl: string,
): Promise<StripeOutcome> {
  if (REFUND_EVENTS.has(event.type)) return applyRefundEvent(db, event, publicBaseUrl);
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded')
    return 'ignored';
  const session = event.data.object as Stripe.Checkout.Session;
  const organizationId = session.metadata?.organization_id;
  const invoiceId = session.metadata?.invoice_id;
  if (
    session.payment_status !== 'paid' ||
    !organizationId ||
    !invoiceId ||
    session.amount_total === null ||
    !session.currency
  )
    return 'ignored';
  try {
    await recordPayment({ db, publicBaseUrl }, organizationId, invoiceId, {
      amount_minor: session.amount_total,
      currency: session.currency.toUpperCase(),
      paid_at: new Date(event.created * 1000).toISOString(),
      method: 'card',
      reference: typeof session.payment_intent === 'string' ? session.payment_intent : session.id,
      provider: 'stripe',
      provider_event_id: event.id,
    });
    return 'recorded';
  } catch (error) {
    if (error instanceof PaymentAlreadyRecordedError) return 'duplicate';
    // Already settled by another channel, voided meanwhile…: acknowledged so Stripe stops retrying.
    if (error instanceof DomainError) return 'refused';
    throw error;
  }
}
