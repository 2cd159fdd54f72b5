import { config } from '#shared/config';
import { notFoundPage } from '#shared/documents/not-found-page';
import { sandboxCheckoutPage } from '#shared/documents/sandbox-page';
import { publicEndpoint } from '#shared/http/endpoint';
import { htmlPage } from '#shared/http/html';
import { checkoutParams } from '#shared/http/schemas/public';
import { getCheckout } from '#shared/payments/checkout';
import { route } from '#functions/view-sandbox-checkout/route';

const { PAYMENT_PROVIDER } = config();

export const handler = publicEndpoint(route, { params: checkoutParams }, async ({ db, params }) => {
  const checkout = await getCheckout(db, params.id);
  if (PAYMENT_PROVIDER !== 'sandbox' || !checkout || checkout.provider !== 'sandbox')
    return htmlPage(404, notFoundPage());
  return htmlPage(200, sandboxCheckoutPage(checkout));
});
