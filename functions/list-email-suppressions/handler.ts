import { config } from '#shared/config';
import { listSuppressions } from '#shared/data/email-suppressions';
import { suppressionResource } from '#shared/domain/resources/email';
import { endpoint } from '#shared/http/endpoint';
import { cursorSecret, listing } from '#shared/http/pagination';
import { pageQuery } from '#shared/http/schemas/common';
import { route } from '#functions/list-email-suppressions/route';

const cursorKey = cursorSecret(config());

export const handler = endpoint(route, { query: pageQuery }, async ({ db, organizationId, query, baseUrl }) => {
  const link = { scope: `${organizationId}|email-suppressions`, baseUrl, path: '/api/v1/email-suppressions/' };
  const list = listing(await cursorKey(), { ...link, query: { limit: String(query.limit) } }, query.cursor);
  const page = await listSuppressions(db, organizationId, { limit: query.limit, startKey: list.startKey });
  return { status: 200, body: list.page(page, suppressionResource) };
});
