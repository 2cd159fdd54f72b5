// What the payment gateway (functions/payment-gateway) is asked for: the three things that need
// Stripe's SDK and keys. Routes send these as the JSON payload of a synchronous invocation.
import type Stripe from 'stripe';
import type { CheckoutProvider } from '#shared/payments/checkout';
import type { RefundAnswer, RefundProvider } from '#shared/payments/refunds';

export type CheckoutRequest = Parameters<CheckoutProvider['create']>[0];
export type RefundRequest = Parameters<RefundProvider['refund']>[0];

export type GatewayRequest =
  | { kind: 'checkout-session'; checkout: CheckoutRequest }
  | { kind: 'refund'; refund: RefundRequest }
  | { kind: 'verify-webhook'; rawBody: string; signature: string | undefined };

export type GatewayAnswer =
  | { session: Awaited<ReturnType<CheckoutProvider['create']>> }
  | { refund: RefundAnswer }
  | { event: Stripe.Event };
