// The Pay button of the public page: opens a checkout for what is due and sends the payer there.
import { serviceTable } from '#shared/data/table';
import { findPublicInvoice } from '#shared/data/public-invoices';
import { notFoundPage } from '#shared/documents/not-found-page';
import { publicEndpoint } from '#shared/http/endpoint';
import { htmlPage } from '#shared/http/html';
import { tokenParams } from '#shared/http/schemas/public';
import { createPaymentLink } from '#shared/payments/checkout';
import { paymentDeps } from '#shared/payments/payment-deps';
import { publicInvoiceUrl } from '#shared/domain/resources/invoice';
import { route } from '#functions/pay-public-invoice/route';

const deps = paymentDeps(serviceTable());

export const handler = publicEndpoint(route, { params: tokenParams }, async ({ db, params }) => {
  const found = await findPublicInvoice(db, params.token);
  if (!found) return htmlPage(404, notFoundPage());
  try {
    const checkout = await createPaymentLink(deps, found.organizationId, found.invoice);
    return { status: 303, headers: { location: checkout.url } };
  } catch {
    // Nothing is due any more (paid meanwhile, voided): back to the page, which says so.
    return { status: 303, headers: { location: publicInvoiceUrl(deps.publicBaseUrl, params.token) } };
  }
});
