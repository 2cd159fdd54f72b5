// The payment functions' shared wiring, built once per cold start from configuration.
import { config } from '#shared/config';
import type { Db } from '#shared/data/table';
import type { PaymentDeps } from '#shared/payments/checkout';
import { checkoutProvider } from '#shared/payments/provider';

export function paymentDeps(db: Db): PaymentDeps {
  const settings = config();
  return {
    db,
    provider: checkoutProvider(settings),
    publicBaseUrl: settings.PUBLIC_BASE_URL,
    linkTtlSeconds: settings.PAYMENT_LINK_TTL_SECONDS,
  };
}
