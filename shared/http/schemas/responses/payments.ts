// Payments, refunds and payment links as the API answers them (shared/domain/resources).
import * as z from 'zod/mini';
import type { StripeOutcome } from '#shared/payments/stripe-webhook';
import { REFUND_VIA } from '#shared/domain/refund';
import type { paymentLinkResource } from '#shared/domain/resources/checkout';
import type { paymentResource } from '#shared/domain/resources/payment';
import type { refundResource } from '#shared/domain/resources/refund';
import {
  pageOf,
  currency,
  idOfResource,
  money,
  nullableText,
  type Same,
  timestamp,
} from '#shared/http/schemas/responses/common';

export const paymentResponse = z
  .strictObject({
    id: idOfResource('pay'),
    invoice: idOfResource('inv'),
    amount: money,
    currency,
    paid_at: timestamp,
    method: z.string(),
    reference: nullableText,
    provider: z.enum(['manual', 'stripe', 'sandbox', 'bank']),
    created_at: timestamp,
    reversed_at: z.nullable(timestamp),
  })
  .register(z.globalRegistry, { id: 'Payment' });

export const paymentList = pageOf(paymentResponse).register(z.globalRegistry, { id: 'PaymentList' });

export const refundResponse = z
  .strictObject({
    id: idOfResource('ref'),
    credit_note: idOfResource('cn'),
    invoice: idOfResource('inv'),
    amount: money,
    currency,
    method: z.string(),
    reference: nullableText,
    refunded_at: timestamp,
    status: z.enum(['pending', 'succeeded', 'failed']),
    provider: z.enum(REFUND_VIA),
    created_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'Refund' });

export const paymentLinkResponse = z
  .strictObject({
    url: z.url(),
    provider: z.enum(['stripe', 'sandbox']),
    amount: money,
    currency,
    expires_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'PaymentLink' });

/** Stripe's webhook: what became of the event it sent (docs/api.md "Paying online"). */
export const stripeReceiptResponse = z
  .strictObject({ received: z.literal(true), outcome: z.enum(['recorded', 'duplicate', 'refused', 'ignored']) })
  .register(z.globalRegistry, { id: 'StripeReceipt' });

const _agree: [
  Same<z.output<typeof paymentResponse>, ReturnType<typeof paymentResource>>,
  Same<z.output<typeof refundResponse>, ReturnType<typeof refundResource>>,
  Same<z.output<typeof paymentLinkResponse>, ReturnType<typeof paymentLinkResource>>,
  Same<z.output<typeof stripeReceiptResponse>['outcome'], StripeOutcome>,
] = [true, true, true, true];
