// The PDF behind a credit note's pdf_url.
import { config } from '#shared/config';
import { findPublicCreditNote } from '#shared/data/public-invoices';
import { notFoundPage } from '#shared/documents/not-found-page';
import { publicEndpoint } from '#shared/http/endpoint';
import { fileReply } from '#shared/http/file-reply';
import { htmlPage } from '#shared/http/html';
import { tokenParams } from '#shared/http/schemas/public';
import { configuredRenderer } from '#shared/documents/renderer';
import { logoText } from '#shared/documents/render-requests';
import { route } from '#functions/download-public-credit-note/route';

const { PUBLIC_BASE_URL } = config();
const renderer = configuredRenderer();

export const handler = publicEndpoint(route, { params: tokenParams }, async ({ db, params }) => {
  const found = await findPublicCreditNote(db, params.token);
  if (!found) return htmlPage(404, notFoundPage());
  const file = await renderer.render({
    kind: 'credit-note-pdf',
    creditNote: found.creditNote,
    logo: logoText(found.logo),
    publicBaseUrl: PUBLIC_BASE_URL,
  });
  return fileReply(file, 'inline', { 'cache-control': 'no-store' });
});
