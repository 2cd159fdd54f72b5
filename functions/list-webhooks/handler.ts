import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { listWebhooks } from '#shared/data/webhooks';
import { endpoint } from '#shared/http/endpoint';
import { webhookResource } from '#shared/domain/resources/webhook';
import { webhookList } from '#shared/http/schemas/responses/webhooks';
import { routeNamed } from '#functions/routes';

const db = createDb(config().TABLE_NAME);

export const handler = endpoint(
  routeNamed('list-webhooks'),
  { db, response: webhookList },
  async ({ organizationId }) => ({
    status: 200,
    body: { results: (await listWebhooks(db, organizationId)).map(webhookResource), next: null },
  }),
);
