// The payment gateway as routes use it: Stripe's checkout sessions, refunds and webhook signatures,
// each one synchronous invocation of functions/payment-gateway, the only function with the Stripe SDK
// and keys. A refusal it answers (a signature that does not verify) is thrown here as it was.
import type Stripe from 'stripe';
import { callFunction, FunctionFailedError, type Invoke, lambdaInvoker } from '#shared/aws/lambda';
import { config } from '#shared/config';
import type { CheckoutProvider } from '#shared/payments/checkout';
import type { GatewayAnswer, GatewayRequest } from '#shared/payments/gateway-requests';
import type { RefundProvider } from '#shared/payments/refunds';

export type PaymentGateway = {
  checkouts: CheckoutProvider;
  refunds: RefundProvider;
  verifyWebhook(rawBody: string, signature: string | undefined): Promise<Stripe.Event>;
};

/** The gateway behind `functionName` (PAYMENT_GATEWAY_FUNCTION); without one, every call fails saying so. */
export function paymentGateway(invoke: Invoke, functionName: string | undefined): PaymentGateway {
  const call = async (request: GatewayRequest) => {
    if (!functionName) throw new FunctionFailedError('PAYMENT_GATEWAY_FUNCTION is not configured');
    return (await callFunction(invoke, functionName, request)) as GatewayAnswer;
  };
  return {
    checkouts: {
      name: 'stripe',
      create: async (checkout) => ((await call({ kind: 'checkout-session', checkout })) as { session: never }).session,
    },
    refunds: {
      name: 'stripe',
      refund: async (refund) => ((await call({ kind: 'refund', refund })) as { refund: never }).refund,
    },
    verifyWebhook: async (rawBody, signature) =>
      ((await call({ kind: 'verify-webhook', rawBody, signature })) as { event: Stripe.Event }).event,
  };
}

/** The gateway this process's configuration names, through the process's invoker. */
export const configuredGateway = () => paymentGateway(lambdaInvoker(), config().PAYMENT_GATEWAY_FUNCTION);
