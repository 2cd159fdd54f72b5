// A received e-invoice as a readable page in the organization's language: the service's own invoice
// page, every value the supplier's escaped once by the page's drawing, no script.
import { incomingStore } from '#shared/aws/incoming-store';
import { incomingInvoiceView } from '#shared/documents/incoming-invoice-view';
import { renderDocumentPage } from '#shared/documents/invoice-page';
import { endpoint } from '#shared/http/endpoint';
import { htmlPage } from '#shared/http/html';
import { idParams } from '#shared/http/schemas/common';
import { readableIncomingInvoice } from '#shared/inbox/incoming-invoice-files';
import { route } from '#functions/get-incoming-invoice-html/route';

const store = incomingStore();

export const handler = endpoint(route, { params: idParams('inc') }, async ({ db, organizationId, params }) => {
  const { read, locale } = await readableIncomingInvoice(db, store, organizationId, params.id);
  return htmlPage(200, renderDocumentPage(incomingInvoiceView(read, locale), {}));
});
