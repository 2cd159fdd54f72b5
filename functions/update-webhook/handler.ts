// Changes the URL or the kinds, or enables and disables the subscription (enabling clears a failure streak).
import { getWebhook, saveChangedWebhook } from '#shared/data/webhooks';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { updateWebhookBody } from '#shared/http/schemas/webhooks';
import { webhookResource } from '#shared/domain/resources/webhook';
import { route } from '#functions/update-webhook/route';

export const handler = endpoint(
  route,
  { params: idParams('whk'), body: updateWebhookBody },
  async ({ db, organizationId, params, body }) => {
    const current = await getWebhook(db, organizationId, params.id);
    const status = body.enabled === undefined ? current?.status : body.enabled ? 'enabled' : 'disabled';
    const saved =
      current &&
      (await saveChangedWebhook(
        db,
        {
          ...current,
          url: body.url ?? current.url,
          events: body.events ?? current.events,
          status: status!,
          ...(body.enabled === true ? { failing_since: undefined, disabled_reason: undefined } : {}),
          ...(body.enabled === false ? { disabled_reason: 'disabled by a user' } : {}),
        },
        (webhook) => ({ type: 'webhook.updated', object: webhookResource(webhook) }),
      ));
    if (!saved) throw notFound('Webhook');
    return { status: 200, body: webhookResource(saved) };
  },
);
