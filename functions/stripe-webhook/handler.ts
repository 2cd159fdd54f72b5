// Stripe's webhook: the signature is verified on the raw body; a paid Checkout session records its
// payment once per Stripe event id, whatever Stripe's retries.
import { config } from '#shared/config';
import { createDb } from '#shared/data/client';
import { publicEndpoint } from '#shared/http/endpoint';
import { header } from '#shared/http/request';
import { applyStripeEvent, verifyStripeEvent } from '#shared/payments/stripe-webhook';
import { stripeClient } from '#shared/payments/stripe';

const { TABLE_NAME, PUBLIC_BASE_URL, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE_URL } = config();
const db = createDb(TABLE_NAME);
const stripe = STRIPE_SECRET_KEY ? await stripeClient(STRIPE_SECRET_KEY, STRIPE_API_BASE_URL) : undefined;

export const handler = publicEndpoint('stripe-webhook', {}, async ({ rawBody, headers, log }) => {
  const event = verifyStripeEvent(stripe, STRIPE_WEBHOOK_SECRET, rawBody, header(headers, 'stripe-signature'));
  const outcome = await applyStripeEvent(db, event, PUBLIC_BASE_URL);
  // Money Stripe took that the invoice could not take (settled or voided meanwhile) needs a person.
  if (outcome === 'refused') log.warn('Stripe payment not applied to its invoice', { stripe_event: event.id });
  return { status: 200, body: { received: true, outcome } };
});
