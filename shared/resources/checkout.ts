import type { Checkout } from '#shared/payments/checkout';
import { formatMinor } from '#shared/domain/decimal';

export const paymentLinkResource = (checkout: Checkout) => ({
  url: checkout.url,
  provider: checkout.provider,
  amount: formatMinor(BigInt(checkout.amount_minor)),
  currency: checkout.currency,
  expires_at: checkout.expires_at,
});
