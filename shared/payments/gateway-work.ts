// The payment gateway's work (functions/payment-gateway): Stripe's SDK with the deployment's keys,
// behind the requests of gateway-requests.ts. Only the gateway imports this module.
import type Stripe from 'stripe';
import type { GatewayAnswer, GatewayRequest } from '#shared/payments/gateway-requests';
import { stripeRefunds } from '#shared/payments/refunds';
import { stripeProvider } from '#shared/payments/stripe';
import { verifyStripeEvent } from '#shared/payments/stripe-webhook';

const configured = (stripe: Stripe | undefined) => {
  if (stripe) return stripe;
  throw new Error(
    'Invalid configuration: PAYMENT_PROVIDER is stripe but no Stripe key is configured (STRIPE_SECRET_KEY or STRIPE_SECRET_ARN)',
  );
};

/** `stripe` is undefined where the deployment has no Stripe keys: a webhook is then not found, anything else fails. */
export async function gatewayWork(
  stripe: Stripe | undefined,
  webhookSecret: string | undefined,
  request: GatewayRequest,
): Promise<GatewayAnswer> {
  switch (request.kind) {
    case 'verify-webhook':
      return { event: verifyStripeEvent(stripe, webhookSecret, request.rawBody, request.signature) };
    case 'checkout-session':
      return { session: await stripeProvider(configured(stripe)).create(request.checkout) };
    case 'refund':
      return { refund: await stripeRefunds(configured(stripe)).refund(request.refund) };
  }
}
