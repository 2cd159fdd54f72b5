// The e-invoice behind the public page's link, in the organization's default format (404 when it has none).
import { findPublicInvoice } from '#shared/data/public-invoices';
import { notFoundPage } from '#shared/documents/not-found-page';
import { publicEndpoint } from '#shared/http/endpoint';
import { fileReply } from '#shared/http/file-reply';
import { htmlPage } from '#shared/http/html';
import { tokenParams } from '#shared/http/schemas/public';
import { configuredDocumentFiles, documentFile } from '#shared/archive/document-file';
import { route } from '#functions/download-public-e-invoice/route';

const files = configuredDocumentFiles();

export const handler = publicEndpoint(route, { params: tokenParams }, async ({ db, params }) => {
  const found = await findPublicInvoice(db, params.token);
  const format = found?.organization.e_invoice_format;
  if (!found || !format) return htmlPage(404, notFoundPage());
  const file = await documentFile({ ...files, db }, found, format);
  return fileReply(file, 'attachment', { 'cache-control': 'no-store' });
});
