// The sandbox's "pay" and "fail": the same completion a provider's webhook triggers, then back to the invoice.
import { publicActor } from '#shared/domain/actor';
import { config } from '#shared/config';
import { correlated } from '#shared/data/table';
import { notFoundPage } from '#shared/documents/not-found-page';
import { publicEndpoint } from '#shared/http/endpoint';
import { htmlPage } from '#shared/http/html';
import { checkoutOutcomeParams } from '#shared/http/schemas/public';
import { completeCheckout, getCheckout } from '#shared/payments/checkout';
import { publicInvoiceUrl } from '#shared/domain/resources/invoice';
import { route } from '#functions/complete-sandbox-checkout/route';

const { PUBLIC_BASE_URL, PAYMENT_PROVIDER } = config();

export const handler = publicEndpoint(route, { params: checkoutOutcomeParams }, async ({ db, params, requestId }) => {
  const checkout = await getCheckout(db, params.id);
  if (PAYMENT_PROVIDER !== 'sandbox' || !checkout || checkout.provider !== 'sandbox')
    return htmlPage(404, notFoundPage());
  const outcome = await completeCheckout(
    correlated(db, requestId, publicActor('complete-sandbox-checkout')),
    checkout,
    params.outcome,
    PUBLIC_BASE_URL,
  );
  const result = outcome === 'paid' || outcome === 'already_paid' ? 'succeeded' : 'failed';
  return {
    status: 303,
    headers: { location: `${publicInvoiceUrl(PUBLIC_BASE_URL, checkout.public_token)}?payment=${result}` },
  };
});
