// Sends a `ping` to this subscription alone, through the normal pipeline (so it is signed, logged
// and retried like any event), whatever kinds the subscription lists.
import { recordPing } from '#shared/data/events';
import { getWebhook } from '#shared/data/webhooks';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { route } from '#functions/test-webhook/route';

export const handler = endpoint(route, { params: idParams('whk') }, async ({ db, organizationId, params }) => {
  const webhook = await getWebhook(db, organizationId, params.id);
  if (!webhook) throw notFound('Webhook');
  const event = await recordPing(db, organizationId, webhook.id);
  return { status: 202, body: { event_id: event.id, type: event.type } };
});
