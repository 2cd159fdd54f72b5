// Queues a delivery again now (after a failure, or to replay one); the receiver sees the same webhook-id.
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { queueBody } from '#shared/aws/queue-body';
import { sqsClient } from '#shared/aws/sqs';
import { config } from '#shared/config';
import { getDelivery } from '#shared/data/deliveries';
import { getEvent } from '#shared/data/events';
import { getWebhook } from '#shared/data/webhooks';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { deliveryParams } from '#shared/http/schemas/common';
import { route } from '#functions/retry-delivery/route';

const { WEBHOOK_DELIVERY_QUEUE_URL } = config();
const sqs = sqsClient();

export const handler = endpoint(route, { params: deliveryParams }, async ({ db, organizationId, params }) => {
  const [webhook, delivery] = await Promise.all([
    getWebhook(db, organizationId, params.id),
    getDelivery(db, organizationId, params.id, params.delivery_id),
  ]);
  const event = delivery && (await getEvent(db, organizationId, delivery.event_id));
  if (!webhook || !delivery || !event) throw notFound('Delivery');
  if (!WEBHOOK_DELIVERY_QUEUE_URL) throw new Error('WEBHOOK_DELIVERY_QUEUE_URL is not configured');
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: WEBHOOK_DELIVERY_QUEUE_URL,
      MessageBody: queueBody({ organization_id: organizationId, webhook_id: webhook.id, event }),
    }),
  );
  return { status: 202, body: { id: delivery.id, status: 'queued' } };
});
