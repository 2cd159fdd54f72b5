import { config } from '#shared/config';
import { webhooksPage } from '#shared/data/webhooks';
import { endpoint } from '#shared/http/endpoint';
import { cursorSecret, listing } from '#shared/http/pagination';
import { pageQuery } from '#shared/http/schemas/common';
import { webhookResource } from '#shared/domain/resources/webhook';
import { route } from '#functions/list-webhooks/route';

const cursorKey = cursorSecret(config());

export const handler = endpoint(route, { query: pageQuery }, async ({ db, organizationId, query, baseUrl }) => {
  const link = { scope: `${organizationId}|webhooks`, baseUrl, path: '/api/v1/webhooks/' };
  const list = listing(await cursorKey(), { ...link, query: { limit: String(query.limit) } }, query.cursor);
  const page = await webhooksPage(db, organizationId, { limit: query.limit, startKey: list.startKey });
  return { status: 200, body: list.page(page, webhookResource) };
});
