import { formatMinor } from '#shared/domain/decimal';
import type { Checkout } from '#shared/domain/checkout';

export const paymentLinkResource = (checkout: Checkout) => ({
  url: checkout.url,
  provider: checkout.provider,
  amount: formatMinor(checkout.amount_minor),
  currency: checkout.currency,
  expires_at: checkout.expires_at,
});
