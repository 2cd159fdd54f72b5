// The credit note's e-invoice behind its public page's link, in the organization's default format
// (404 when it has none).
import { config } from '#shared/config';
import { findPublicCreditNote } from '#shared/data/public-invoices';
import { configuredRenderer } from '#shared/documents/renderer';
import { logoText } from '#shared/documents/render-requests';
import { notFoundPage } from '#shared/documents/not-found-page';
import { publicEndpoint } from '#shared/http/endpoint';
import { fileReply } from '#shared/http/file-reply';
import { htmlPage } from '#shared/http/html';
import { tokenParams } from '#shared/http/schemas/public';
import { route } from '#functions/download-public-credit-note-e-invoice/route';

const { PUBLIC_BASE_URL } = config();
const renderer = configuredRenderer();

export const handler = publicEndpoint(route, { params: tokenParams }, async ({ db, params }) => {
  const found = await findPublicCreditNote(db, params.token);
  const format = found?.organization.e_invoice_format;
  if (!found || !format) return htmlPage(404, notFoundPage());
  const file = await renderer.render({
    kind: 'credit-note-e-invoice',
    format,
    creditNote: found.creditNote,
    logo: logoText(found.logo),
    publicBaseUrl: PUBLIC_BASE_URL,
  });
  return fileReply(file, 'attachment', { 'cache-control': 'no-store' });
});
