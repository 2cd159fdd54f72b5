// The payment functions' shared wiring, built once per cold start from configuration.
import { config } from '../config.ts';
import type { Db } from '../data/client.ts';
import type { PaymentDeps } from './checkout.ts';
import { checkoutProvider } from './provider.ts';

export async function paymentDeps(db: Db): Promise<PaymentDeps> {
  const settings = config();
  return {
    db,
    provider: await checkoutProvider(settings),
    publicBaseUrl: settings.PUBLIC_BASE_URL,
    linkTtlSeconds: settings.PAYMENT_LINK_TTL_SECONDS,
  };
}
