import type { Checkout } from '../payments/checkout.ts';
import { formatMinor } from '../domain/decimal.ts';

export const paymentLinkResource = (checkout: Checkout) => ({
  url: checkout.url,
  provider: checkout.provider,
  amount: formatMinor(BigInt(checkout.amount_minor)),
  currency: checkout.currency,
  expires_at: checkout.expires_at,
});
