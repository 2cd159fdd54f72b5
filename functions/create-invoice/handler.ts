import { config } from '#shared/config';
import { createInvoice } from '#shared/invoicing/create-invoice';
import { endpoint } from '#shared/http/endpoint';
import { createInvoiceBody, newInvoiceContent } from '#shared/http/schemas/invoices';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { route } from '#functions/create-invoice/route';

const { PUBLIC_BASE_URL: publicBaseUrl } = config();

export const handler = endpoint(route, { body: createInvoiceBody }, async ({ db, organizationId, body }) => {
  const invoice = await createInvoice({ db, publicBaseUrl }, organizationId, newInvoiceContent(body));
  return { status: 201, body: invoiceResource(invoice, publicBaseUrl) };
});
