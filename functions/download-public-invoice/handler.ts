// The PDF behind pdf_url: the same figures as the API, found by the invoice's public token.
import { findPublicInvoice } from '#shared/data/public-invoices';
import { notFoundPage } from '#shared/documents/not-found-page';
import { publicEndpoint } from '#shared/http/endpoint';
import { fileReply } from '#shared/http/file-reply';
import { htmlPage } from '#shared/http/html';
import { tokenParams } from '#shared/http/schemas/public';
import { configuredDocumentFiles, documentFile } from '#shared/archive/document-file';
import { route } from '#functions/download-public-invoice/route';

const files = configuredDocumentFiles();

export const handler = publicEndpoint(route, { params: tokenParams }, async ({ db, params }) => {
  const found = await findPublicInvoice(db, params.token);
  if (!found) return htmlPage(404, notFoundPage());
  const file = await documentFile({ ...files, db }, found, 'pdf');
  return fileReply(file, 'inline', { 'cache-control': 'no-store' });
});
