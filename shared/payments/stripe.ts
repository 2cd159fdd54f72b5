// Stripe: Checkout sessions for payment links, and verified webhooks that record the payment.
// The SDK is loaded only by the functions that talk to Stripe, and only when a key is configured.
import type Stripe from 'stripe';
import type { CheckoutProvider } from '#shared/payments/checkout';

export async function stripeClient(secretKey: string, apiBaseUrl?: string): Promise<Stripe> {
  const { default: StripeSdk } = await import('stripe');
  const base = apiBaseUrl ? new URL(apiBaseUrl) : undefined;
  return new StripeSdk(secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || 80),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

export const stripeProvider = (stripe: Stripe): CheckoutProvider => ({
  name: 'stripe',
  async create(checkout) {
    const metadata = {
      organization_id: checkout.organization_id,
      invoice_id: checkout.invoice_id,
      checkout_id: checkout.id,
    };
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: checkout.currency.toLowerCase(),
              unit_amount: checkout.amount_minor,
              product_data: { name: `Invoice ${checkout.invoiceNumber}` },
            },
          },
        ],
        metadata,
        payment_intent_data: { metadata },
        client_reference_id: checkout.id,
        success_url: `${checkout.returnUrl}?payment=succeeded`,
        cancel_url: checkout.returnUrl,
        expires_at: Math.floor(Date.parse(checkout.expires_at) / 1000),
      },
      { idempotencyKey: checkout.id },
    );
    if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
    return { url: session.url, sessionId: session.id };
  },
});
