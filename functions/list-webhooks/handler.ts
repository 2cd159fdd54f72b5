import { listWebhooks } from '#shared/data/webhooks';
import { endpoint } from '#shared/http/endpoint';
import { webhookResource } from '#shared/domain/resources/webhook';
import { route } from '#functions/list-webhooks/route';

export const handler = endpoint(route, {}, async ({ db, organizationId }) => ({
  status: 200,
  body: { results: (await listWebhooks(db, organizationId)).map(webhookResource), next: null },
}));
