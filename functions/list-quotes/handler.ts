import { config } from '#shared/config';
import { listQuotes } from '#shared/data/quotes';
import { quoteResource } from '#shared/domain/resources/quote';
import { endpoint } from '#shared/http/endpoint';
import { cursorSecret, listing } from '#shared/http/pagination';
import { listQuotesQuery } from '#shared/http/schemas/quote-list';
import { route } from '#functions/list-quotes/route';

const settings = config();
const cursorKey = cursorSecret(settings);

export const handler = endpoint(route, { query: listQuotesQuery }, async ({ db, organizationId, query, baseUrl }) => {
  const filters = { limit: String(query.limit), status: query.status, metadata: query.metadata };
  const scope = `${organizationId}|quotes|${query.status ?? ''}|${JSON.stringify(query.metadata ?? {})}`;
  const link = { scope, baseUrl, path: '/api/v1/quotes/' };
  const list = listing(await cursorKey(), { ...link, query: filters }, query.cursor);
  const page = await listQuotes(db, organizationId, {
    limit: query.limit,
    status: query.status,
    metadata: query.metadata,
    startKey: list.startKey,
  });
  return { status: 200, body: list.page(page, (quote) => quoteResource(quote, settings.PUBLIC_BASE_URL)) };
});
