// The PDF behind pdf_url: the same figures as the API, found by the invoice's public token.
import { config } from '#shared/config';
import { findPublicInvoice } from '#shared/data/public-invoices';
import { notFoundPage } from '#shared/documents/not-found-page';
import { publicEndpoint } from '#shared/http/endpoint';
import { fileReply } from '#shared/http/file-reply';
import { htmlPage } from '#shared/http/html';
import { tokenParams } from '#shared/http/schemas/public';
import { configuredRenderer } from '#shared/documents/renderer';
import { logoText } from '#shared/documents/render-requests';
import { route } from '#functions/download-public-invoice/route';

const { PUBLIC_BASE_URL } = config();
const renderer = configuredRenderer();

export const handler = publicEndpoint(route, { params: tokenParams }, async ({ db, params }) => {
  const found = await findPublicInvoice(db, params.token);
  if (!found) return htmlPage(404, notFoundPage());
  const file = await renderer.render({
    kind: 'invoice-pdf',
    invoice: found.invoice,
    logo: logoText(found.logo),
    publicBaseUrl: PUBLIC_BASE_URL,
  });
  return fileReply(file, 'inline', { 'cache-control': 'no-store' });
});
