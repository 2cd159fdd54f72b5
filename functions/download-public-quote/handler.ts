// The PDF of a quote's public page: the same figures as the API, found by the quote's public token.
import { config } from '#shared/config';
import { findPublicQuote } from '#shared/data/public-invoices';
import { logoText } from '#shared/documents/render-requests';
import { configuredRenderer } from '#shared/documents/renderer';
import { notFoundPage } from '#shared/documents/not-found-page';
import { publicEndpoint } from '#shared/http/endpoint';
import { fileReply } from '#shared/http/file-reply';
import { htmlPage } from '#shared/http/html';
import { tokenParams } from '#shared/http/schemas/public';
import { route } from '#functions/download-public-quote/route';

const { PUBLIC_BASE_URL } = config();
const renderer = configuredRenderer();

export const handler = publicEndpoint(route, { params: tokenParams }, async ({ db, params }) => {
  const found = await findPublicQuote(db, params.token);
  if (!found || found.quote.status === 'draft') return htmlPage(404, notFoundPage('quote'));
  const logo = logoText(found.logo);
  const file = await renderer.render({ kind: 'quote-pdf', quote: found.quote, logo, publicBaseUrl: PUBLIC_BASE_URL });
  return fileReply(file, 'inline', { 'cache-control': 'no-store' });
});
