// The payment gateway: Stripe's checkout sessions, refunds and webhook signatures for the payment
// routes that invoke it (functions/topology.ts PAYMENT_GATEWAY). The only function with the Stripe SDK
// and the Stripe secret; it reads no table.
import { gatewayConfig } from '#shared/config';
import { stripeClient } from '#shared/payments/stripe';
import { stripeSettings } from '#shared/payments/stripe-settings';
import { gatewayWork } from '#shared/payments/gateway-work';
import type { GatewayRequest } from '#shared/payments/gateway-requests';
import { invokedWorker } from '#shared/workers/invoked-worker';

const settings = gatewayConfig();
const keys = settings.PAYMENT_PROVIDER === 'stripe' ? await stripeSettings(settings) : undefined;
const stripe = keys ? await stripeClient(keys.secretKey, keys.apiBaseUrl) : undefined;

export const handler = invokedWorker('payment-gateway', { logLevel: settings.LOG_LEVEL }, (request: GatewayRequest) =>
  gatewayWork(stripe, keys?.webhookSecret, request),
);
