// Stripe's webhook: the signature is verified on the raw body; a paid Checkout session records its
// payment once per Stripe event id, whatever Stripe's retries.
import { config } from '#shared/config';
import { createDb } from '#shared/data/client';
import { publicEndpoint } from '#shared/http/endpoint';
import { header } from '#shared/http/request';
import { applyStripeEvent, verifyStripeEvent } from '#shared/payments/stripe-webhook';
import { stripeClient } from '#shared/payments/stripe';
import { stripeSettings } from '#shared/payments/stripe-settings';
import { stripeReceiptResponse } from '#shared/http/schemas/responses/payments';
import { routeNamed } from '#functions/routes';

const settings = config();
const db = createDb(settings.TABLE_NAME);
const keys = settings.PAYMENT_PROVIDER === 'stripe' ? await stripeSettings(settings) : undefined;
const stripe = keys ? await stripeClient(keys.secretKey, keys.apiBaseUrl) : undefined;

export const handler = publicEndpoint(
  routeNamed('stripe-webhook'),
  { response: stripeReceiptResponse },
  async ({ rawBody, headers, log }) => {
    const event = verifyStripeEvent(stripe, keys?.webhookSecret, rawBody, header(headers, 'stripe-signature'));
    const outcome = await applyStripeEvent(db, event, settings.PUBLIC_BASE_URL);
    // Money Stripe took that the invoice could not take (settled or voided meanwhile) needs a person.
    if (outcome === 'refused') log.warn('Stripe payment not applied to its invoice', { stripe_event: event.id });
    return { status: 200, body: { received: true, outcome } };
  },
);
