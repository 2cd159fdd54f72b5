// Which payment provider this deployment uses, decided once from configuration: none unless one
// was chosen, so a deployment never takes "payments" that move no money.
import type { Config } from '#shared/config';
import { sandboxProvider, type CheckoutProvider } from '#shared/payments/checkout';
import { configuredGateway } from '#shared/payments/gateway';
import { sandboxRefunds, type RefundProvider } from '#shared/payments/refunds';

export type PaymentProvider = Config['PAYMENT_PROVIDER'];

/** Who pays refunds back where the money came in online: the same provider. */
export function refundProvider(config: Config): RefundProvider | undefined {
  if (config.PAYMENT_PROVIDER === 'sandbox') return sandboxRefunds;
  if (config.PAYMENT_PROVIDER === 'none') return undefined;
  return configuredGateway().refunds;
}

/** Stripe's side is the payment gateway's (functions/payment-gateway): the routes carry no Stripe SDK or key. */
export function checkoutProvider(config: Config): CheckoutProvider | undefined {
  if (config.PAYMENT_PROVIDER === 'sandbox') return sandboxProvider(config.PUBLIC_BASE_URL);
  if (config.PAYMENT_PROVIDER === 'none') return undefined;
  return configuredGateway().checkouts;
}
