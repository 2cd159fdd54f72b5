// Stripe's webhook: the signature is verified on the raw body; a paid Checkout session records its
// payment once per Stripe event id, whatever Stripe's retries.
import { systemActor } from '#shared/domain/actor';
import { config } from '#shared/config';
import { correlated } from '#shared/data/table';
import { publicEndpoint } from '#shared/http/endpoint';
import { header } from '#shared/http/request';
import { notFound } from '#shared/domain/errors';
import { configuredGateway } from '#shared/payments/gateway';
import { applyStripeEvent } from '#shared/payments/stripe-webhook';
import { route } from '#functions/stripe-webhook/route';

const settings = config();
// The signature is checked by the payment gateway, which holds the webhook secret.
const gateway = settings.PAYMENT_PROVIDER === 'stripe' ? configuredGateway() : undefined;

export const handler = publicEndpoint(route, {}, async ({ db, rawBody, headers, log, requestId }) => {
  if (!gateway) throw notFound('Stripe webhook (Stripe is not configured)');
  const event = await gateway.verifyWebhook(rawBody, header(headers, 'stripe-signature'));
  const outcome = await applyStripeEvent(
    correlated(db, requestId, systemActor('stripe-webhook')),
    event,
    settings.PUBLIC_BASE_URL,
  );
  // Money Stripe took that the invoice could not take (settled or voided meanwhile) needs a person.
  if (outcome === 'refused') log.warn('Stripe payment not applied to its invoice', { stripe_event: event.id });
  return { status: 200, body: { received: true, outcome } };
});
