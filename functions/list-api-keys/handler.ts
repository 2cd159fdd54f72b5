import { config } from '#shared/config';
import { listApiKeys } from '#shared/data/api-keys';
import { endpoint } from '#shared/http/endpoint';
import { cursorSecret, listing } from '#shared/http/pagination';
import { pageQuery } from '#shared/http/schemas/common';
import { apiKeyResource } from '#shared/domain/resources/api-key';
import { route } from '#functions/list-api-keys/route';

const cursorKey = cursorSecret(config());

export const handler = endpoint(route, { query: pageQuery }, async ({ db, organizationId, query, baseUrl }) => {
  const link = { scope: `${organizationId}|api-keys`, baseUrl, path: '/api/v1/api-keys/' };
  const list = listing(await cursorKey(), { ...link, query: { limit: String(query.limit) } }, query.cursor);
  const page = await listApiKeys(db, organizationId, { limit: query.limit, startKey: list.startKey });
  return { status: 200, body: list.page(page, (key) => apiKeyResource(key)) };
});
