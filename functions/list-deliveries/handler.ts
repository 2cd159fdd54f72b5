// A subscription's delivery log, newest first: each event's attempts with status code, duration and
// the start of the answer, the next retry and the outcome. Kept 30 days.
import { config } from '#shared/config';
import { listDeliveries } from '#shared/data/deliveries';
import { getWebhook } from '#shared/data/webhooks';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { cursorSecret, listing } from '#shared/http/pagination';
import { pageQuery, idParams } from '#shared/http/schemas/common';
import { deliveryResource } from '#shared/domain/resources/delivery';
import { route } from '#functions/list-deliveries/route';

const settings = config();
const cursorKey = cursorSecret(settings);

export const handler = endpoint(
  route,
  { params: idParams('whk'), query: pageQuery },
  async ({ db, organizationId, params, query, baseUrl }) => {
    if (!(await getWebhook(db, organizationId, params.id))) throw notFound('Webhook');
    const scope = `${organizationId}|deliveries|${params.id}`;
    const path = `/api/v1/webhooks/${params.id}/deliveries/`;
    const list = listing(
      await cursorKey(),
      { scope, baseUrl, path, query: { limit: String(query.limit) } },
      query.cursor,
    );
    const page = await listDeliveries(db, organizationId, params.id, query.limit, list.startKey);
    return { status: 200, body: list.page(page, deliveryResource) };
  },
);
