// The signing secret is in this response only; rotate it to get a new one.
import { createWebhook, MAX_WEBHOOKS_PER_ORGANIZATION, TooManyWebhooksError } from '#shared/data/webhooks';
import { endpoint } from '#shared/http/endpoint';
import { validationError } from '#shared/domain/errors';
import { createWebhookBody } from '#shared/http/schemas/webhooks';
import { webhookResource, webhookWithSecret } from '#shared/domain/resources/webhook';
import type { Webhook } from '#shared/domain/webhook';
import { route } from '#functions/create-webhook/route';

export const handler = endpoint(route, { body: createWebhookBody }, async ({ db, organizationId, body }) => {
  try {
    const announce = (webhook: Webhook) => ({ type: 'webhook.created' as const, object: webhookResource(webhook) });
    return { status: 201, body: webhookWithSecret(await createWebhook(db, organizationId, body, announce)) };
  } catch (error) {
    if (error instanceof TooManyWebhooksError)
      throw validationError({
        url: `an organization may have at most ${MAX_WEBHOOKS_PER_ORGANIZATION} webhook subscriptions`,
      });
    throw error;
  }
});
