// The page behind a quote's public_url: found by its unguessable token, readable without an account,
// with the form to accept or decline it while it is open.
import { config } from '#shared/config';
import { findPublicQuote } from '#shared/data/public-invoices';
import { dateIn } from '#shared/domain/dates';
import { timeZoneOf } from '#shared/domain/organization';
import { pageVersionOf } from '#shared/domain/quote';
import { quoteResource } from '#shared/domain/resources/quote';
import { notFoundPage } from '#shared/documents/not-found-page';
import { renderQuotePage } from '#shared/documents/quote-page';
import { publicEndpoint } from '#shared/http/endpoint';
import { FORM_PAGE_HEADERS, htmlPage } from '#shared/http/html';
import { quotePageQuery, tokenParams } from '#shared/http/schemas/public';
import { route } from '#functions/view-public-quote/route';

const { PUBLIC_BASE_URL } = config();

export const handler = publicEndpoint(
  route,
  { params: tokenParams, query: quotePageQuery },
  async ({ db, params, query }) => {
    const found = await findPublicQuote(db, params.token);
    if (!found || found.quote.status === 'draft') return htmlPage(404, notFoundPage('quote'));
    const { quote, organization, logo } = found;
    const open = quote.status === 'sent' && quote.expiry_date >= dateIn(timeZoneOf(organization), new Date());
    const respond = open ? { action: 'answer/', version: pageVersionOf(quote) } : undefined;
    const page = renderQuotePage({ quote: quoteResource(quote, PUBLIC_BASE_URL), logo, respond, notice: query.notice });
    return htmlPage(200, page, open ? FORM_PAGE_HEADERS : {});
  },
);
