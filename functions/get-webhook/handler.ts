import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { getWebhook } from '#shared/data/webhooks';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { webhookResource } from '#shared/domain/resources/webhook';
import { webhookResponse } from '#shared/http/schemas/responses/webhooks';
import { routeNamed } from '#functions/routes';

const db = createDb(config().TABLE_NAME);

export const handler = endpoint(
  routeNamed('get-webhook'),
  { db, params: idParams('whk'), response: webhookResponse },
  async ({ organizationId, params }) => {
    const webhook = await getWebhook(db, organizationId, params.id);
    if (!webhook) throw notFound('Webhook');
    return { status: 200, body: webhookResource(webhook) };
  },
);
