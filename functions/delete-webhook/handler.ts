import { deleteWebhook, getWebhook } from '#shared/data/webhooks';
import { webhookResource } from '#shared/domain/resources/webhook';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { route } from '#functions/delete-webhook/route';

export const handler = endpoint(route, { params: idParams('whk') }, async ({ db, organizationId, params }) => {
  const webhook = await getWebhook(db, organizationId, params.id);
  const event = webhook && { type: 'webhook.deleted' as const, object: webhookResource(webhook) };
  if (!webhook || !(await deleteWebhook(db, webhook, event!))) throw notFound('Webhook');
  return { status: 204 };
});
