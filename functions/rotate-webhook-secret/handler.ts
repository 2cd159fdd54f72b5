// A new signing secret, shown once; the previous one keeps signing beside it for 24 hours.
import { getWebhook, rotateSecret, saveChangedWebhook } from '#shared/data/webhooks';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { webhookResource, webhookWithSecret } from '#shared/domain/resources/webhook';
import type { Webhook } from '#shared/domain/webhook';
import { route } from '#functions/rotate-webhook-secret/route';

export const handler = endpoint(route, { params: idParams('whk') }, async ({ db, organizationId, params }) => {
  const current = await getWebhook(db, organizationId, params.id);
  const announce = (webhook: Webhook) => ({
    type: 'webhook.secret_rotated' as const,
    object: webhookResource(webhook),
  });
  const saved = current && (await saveChangedWebhook(db, rotateSecret(current), announce));
  if (!saved) throw notFound('Webhook');
  return { status: 200, body: webhookWithSecret(saved) };
});
