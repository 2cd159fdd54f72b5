import { getWebhook } from '#shared/data/webhooks';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { webhookResource } from '#shared/domain/resources/webhook';
import { route } from '#functions/get-webhook/route';

export const handler = endpoint(route, { params: idParams('whk') }, async ({ db, organizationId, params }) => {
  const webhook = await getWebhook(db, organizationId, params.id);
  if (!webhook) throw notFound('Webhook');
  return { status: 200, body: webhookResource(webhook) };
});
