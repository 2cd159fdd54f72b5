// Which payment provider this deployment uses, decided once from configuration.
import type { Config } from '../config.ts';
import { sandboxProvider, type CheckoutProvider } from './checkout.ts';
import { stripeClient, stripeProvider } from './stripe.ts';

export async function checkoutProvider(config: Config): Promise<CheckoutProvider> {
  if (!config.STRIPE_SECRET_KEY) return sandboxProvider(config.PUBLIC_BASE_URL);
  return stripeProvider(await stripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE_URL));
}
