// One received e-invoice with its view and every rule the checks fired.
import { incomingStore } from '#shared/aws/incoming-store';
import { config } from '#shared/config';
import { incomingInvoiceResource } from '#shared/domain/resources/incoming-invoice';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { incomingInvoiceWithReading } from '#shared/inbox/incoming-invoice-files';
import { route } from '#functions/get-incoming-invoice/route';

const { PUBLIC_BASE_URL } = config();
const store = incomingStore();

export const handler = endpoint(route, { params: idParams('inc') }, async ({ db, organizationId, params }) => {
  const { invoice, read } = await incomingInvoiceWithReading(db, store, organizationId, params.id);
  return { status: 200, body: incomingInvoiceResource(invoice, read, PUBLIC_BASE_URL) };
});
