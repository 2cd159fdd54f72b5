// Void keeps the invoice and its number (numbering stays gapless); only unpaid invoices can be voided.
import { config } from '#shared/config';
import { voidInvoice } from '#shared/invoicing/void-invoice';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { route } from '#functions/void-invoice/route';

const { PUBLIC_BASE_URL: publicBaseUrl } = config();

export const handler = endpoint(route, { params: idParams('inv') }, async ({ db, organizationId, params }) => {
  const invoice = await voidInvoice({ db, publicBaseUrl }, organizationId, params.id);
  return { status: 200, body: invoiceResource(invoice, publicBaseUrl) };
});
