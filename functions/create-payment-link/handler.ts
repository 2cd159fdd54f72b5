import { serviceTable } from '#shared/data/table';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { createPaymentLink } from '#shared/payments/checkout';
import { paymentDeps } from '#shared/payments/payment-deps';
import { paymentLinkResource } from '#shared/domain/resources/checkout';
import { route } from '#functions/create-payment-link/route';

const deps = paymentDeps(serviceTable());

export const handler = endpoint(route, { params: idParams('inv') }, async ({ organizationId, params }) => {
  const checkout = await createPaymentLink(deps, organizationId, params.id);
  return { status: 201, body: paymentLinkResource(checkout) };
});
