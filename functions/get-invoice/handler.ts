// An invoice; a draft in another currency than the accounting currency with the rate it would be issued with.
import { config } from '#shared/config';
import { getInvoice } from '#shared/data/invoices';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { withDraftRate } from '#shared/invoicing/draft-rate';
import { route } from '#functions/get-invoice/route';

const { PUBLIC_BASE_URL } = config();

export const handler = endpoint(route, { params: idParams('inv') }, async ({ db, organizationId, params }) => {
  const invoice = await getInvoice(db, organizationId, params.id);
  if (!invoice) throw notFound('Invoice');
  return { status: 200, body: invoiceResource(await withDraftRate(db, organizationId, invoice), PUBLIC_BASE_URL) };
});
