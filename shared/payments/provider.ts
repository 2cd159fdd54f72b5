// Which payment provider this deployment uses, decided once from configuration: none unless one
// was chosen, so a deployment never takes "payments" that move no money.
import type { Config } from '#shared/config';
import { sandboxProvider, type CheckoutProvider } from '#shared/payments/checkout';
import { stripeClient, stripeProvider } from '#shared/payments/stripe';
import { stripeSettings } from '#shared/payments/stripe-settings';
import { sandboxRefunds, stripeRefunds, type RefundProvider } from '#shared/payments/refunds';

export type PaymentProvider = Config['PAYMENT_PROVIDER'];

/** Who pays refunds back where the money came in online: the same provider. */
export async function refundProvider(config: Config): Promise<RefundProvider | undefined> {
  if (config.PAYMENT_PROVIDER === 'sandbox') return sandboxRefunds;
  if (config.PAYMENT_PROVIDER === 'none') return undefined;
  const stripe = await stripeSettings(config);
  return stripe ? stripeRefunds(await stripeClient(stripe.secretKey, stripe.apiBaseUrl)) : undefined;
}

export async function checkoutProvider(config: Config): Promise<CheckoutProvider | undefined> {
  if (config.PAYMENT_PROVIDER === 'sandbox') return sandboxProvider(config.PUBLIC_BASE_URL);
  if (config.PAYMENT_PROVIDER === 'none') return undefined;
  const stripe = await stripeSettings(config);
  if (!stripe)
    throw new Error(
      'Invalid configuration: PAYMENT_PROVIDER is stripe but no Stripe key is configured ' +
        '(STRIPE_SECRET_KEY or STRIPE_SECRET_ARN)',
    );
  return stripeProvider(await stripeClient(stripe.secretKey, stripe.apiBaseUrl));
}
