// The PDF behind a credit note's pdf_url.
import { findPublicCreditNote } from '#shared/data/public-invoices';
import { notFoundPage } from '#shared/documents/not-found-page';
import { publicEndpoint } from '#shared/http/endpoint';
import { fileReply } from '#shared/http/file-reply';
import { htmlPage } from '#shared/http/html';
import { tokenParams } from '#shared/http/schemas/public';
import { configuredDocumentFiles, documentFile } from '#shared/archive/document-file';
import { route } from '#functions/download-public-credit-note/route';

const files = configuredDocumentFiles();

export const handler = publicEndpoint(route, { params: tokenParams }, async ({ db, params }) => {
  const found = await findPublicCreditNote(db, params.token);
  if (!found) return htmlPage(404, notFoundPage());
  const file = await documentFile({ ...files, db }, found, 'pdf');
  return fileReply(file, 'inline', { 'cache-control': 'no-store' });
});
