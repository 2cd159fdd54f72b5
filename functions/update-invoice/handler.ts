import { config } from '#shared/config';
import { updateInvoice } from '#shared/invoicing/update-invoice';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { invoiceChangesOf, updateInvoiceBody } from '#shared/http/schemas/invoices';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { route } from '#functions/update-invoice/route';

const { PUBLIC_BASE_URL: publicBaseUrl } = config();

export const handler = endpoint(
  route,
  { params: idParams('inv'), body: updateInvoiceBody },
  async ({ db, organizationId, params, body }) => {
    const invoice = await updateInvoice({ db, publicBaseUrl }, organizationId, params.id, invoiceChangesOf(body));
    return { status: 200, body: invoiceResource(invoice, publicBaseUrl) };
  },
);
