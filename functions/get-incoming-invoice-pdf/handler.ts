// A received e-invoice as a readable PDF, drawn by the document renderer in the organization's language.
import { incomingStore } from '#shared/aws/incoming-store';
import { configuredRenderer } from '#shared/documents/renderer';
import { fileNameOf } from '#shared/domain/file-name';
import { endpoint } from '#shared/http/endpoint';
import { fileReply } from '#shared/http/file-reply';
import { idParams } from '#shared/http/schemas/common';
import { readableIncomingInvoice } from '#shared/inbox/incoming-invoice-files';
import { route } from '#functions/get-incoming-invoice-pdf/route';

const store = incomingStore();
const renderer = configuredRenderer();

export const handler = endpoint(route, { params: idParams('inc') }, async ({ db, organizationId, params }) => {
  const { invoice, read, locale } = await readableIncomingInvoice(db, store, organizationId, params.id);
  const fileName = fileNameOf(invoice.summary.number ?? invoice.id, '.pdf');
  return fileReply(await renderer.render({ kind: 'incoming-invoice-pdf', read, locale, fileName }), 'inline');
});
