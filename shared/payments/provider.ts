// Which payment provider this deployment uses, decided once from configuration.
import type { Config } from '../config.ts';
import { sandboxProvider, type CheckoutProvider } from './checkout.ts';
import { stripeClient, stripeProvider } from './stripe.ts';
import { stripeSettings } from './stripe-settings.ts';

export async function checkoutProvider(config: Config): Promise<CheckoutProvider> {
  const stripe = await stripeSettings(config);
  if (!stripe) return sandboxProvider(config.PUBLIC_BASE_URL);
  return stripeProvider(await stripeClient(stripe.secretKey, stripe.apiBaseUrl));
}
