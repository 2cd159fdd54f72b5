// The Accept and Decline buttons of the public quote page: the answer is recorded (or refused as stale
// or closed) and the browser goes back to the page, which shows where the quote stands. A form another
// site posted is refused with 403 before this runs (`form`, shared/http/same-origin.ts).
import { config } from '#shared/config';
import { findPublicQuote } from '#shared/data/public-invoices';
import { publicQuoteUrl } from '#shared/domain/resources/quote';
import { notFoundPage } from '#shared/documents/not-found-page';
import { publicEndpoint } from '#shared/http/endpoint';
import { htmlPage } from '#shared/http/html';
import { quoteAnswerForm, tokenParams } from '#shared/http/schemas/public';
import { answerQuote } from '#shared/quotes/answer-quote';
import { route } from '#functions/answer-public-quote/route';

const { PUBLIC_BASE_URL } = config();

export const handler = publicEndpoint(
  route,
  { params: tokenParams, body: quoteAnswerForm, form: true },
  async ({ db, params, body }) => {
    const page = publicQuoteUrl(PUBLIC_BASE_URL, params.token);
    const found = await findPublicQuote(db, params.token);
    if (!found || found.quote.status === 'draft') return htmlPage(404, notFoundPage('quote'));
    const deps = { db, publicBaseUrl: PUBLIC_BASE_URL };
    const outcome = await answerQuote(deps, found.organization, found.quote.id, { ...body, name: body.name?.trim() });
    return { status: 303, headers: { location: outcome === 'stale' ? `${page}?notice=stale` : page } };
  },
);
