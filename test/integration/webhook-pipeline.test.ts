// The delivery worker and the outbox sweeper against the SQS emulator and loopback receivers, with
// a compressed retry schedule and a simulated clock.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createQueues, startEventBus, startQueuePoller, type Queues } from '#infra/local/pipeline';
import { listDeliveries } from '#shared/data/deliveries';
import { createWebhook, getWebhook } from '#shared/data/webhooks';
import { deliverMessage, type DeliveryDeps } from '#shared/webhooks/delivery-handler';
import type { DeliveryMessage } from '#shared/webhooks/fanout';
import { unpublishedEvents } from '#shared/data/events';
import { EVENT_SOURCE, publishEvents } from '#shared/events/publish';
import { call, db, newTenant } from '#test/support/api';
import type { OutboxEvent } from '#shared/domain/events';

const sqs = new SQSClient({ endpoint: inject('sqsEndpoint'), useQueueUrlAsEndpoint: false });
let queues: Queues;
const servers: Server[] = [];
beforeAll(async () => {
  queues = await createQueues(sqs, `test-${randomUUID().slice(0, 8)}`);
});
afterAll(async () => {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    ),
  );
});

async function receiver(statuses: number[]) {
  const ids: string[] = [];
  const server = createServer((req, res) => {
    ids.push(String(req.headers['webhook-id']));
    req.resume();
    res.writeHead(statuses[Math.min(ids.length - 1, statuses.length - 1)]!);
    res.end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, ids };
}

const until = async (condition: () => boolean | Promise<boolean>, what: string) => {
  for (let waited = 0; waited < 15_000; waited += 100) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

function deliveryWorker(deps: DeliveryDeps) {
  return startQueuePoller(sqs, deps.queueUrl, async (event: SQSEvent) => {
    const verdicts = await Promise.all(
      event.Records.map((record) =>
        deliverMessage(deps, JSON.parse(record.body) as DeliveryMessage, record.receiptHandle),
      ),
    );
    return {
      batchItemFailures: event.Records.flatMap((record, index) =>
        verdicts[index] === 'retry' ? [{ itemIdentifier: record.messageId }] : [],
      ),
    };
  });
}

const sampleEvent = (organizationId: string): OutboxEvent => ({
  id: `evt_${randomUUID().replaceAll('-', '').slice(0, 26).toUpperCase()}`,
  type: 'invoice.paid',
  organization_id: organizationId,
  created_at: new Date().toISOString(),
  data: { object: { id: 'inv_x' } },
});

describe('the delivery worker', () => {
  it('retries a failing receiver on schedule: one delivery, three attempts, same webhook-id each time', async () => {
    const tenant = await newTenant('Retries');
    const { url, ids } = await receiver([500, 503, 200]);
    const webhook = await createWebhook(db, tenant.id, { url, events: ['*'] });
    const event = sampleEvent(tenant.id);
    const worker = deliveryWorker({
      db,
      sqs,
      queueUrl: queues.delivery,
      deadLetterQueueUrl: queues.deliveryDlq,
      policy: { allowLoopbackHttp: true },
      timeoutMs: 2000,
      schedule: [0, 0, 0],
      disableAfterSeconds: 3600,
    });
    try {
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: queues.delivery,
          MessageBody: JSON.stringify({ organization_id: tenant.id, webhook_id: webhook.id, event }),
        }),
      );
      await until(
        async () => (await listDeliveries(db, tenant.id, webhook.id, 10)).items[0]?.status === 'delivered',
        'the delivery',
      );
    } finally {
      await worker.stop();
    }
    expect(ids).toEqual([event.id, event.id, event.id]);
    const { items } = await listDeliveries(db, tenant.id, webhook.id, 10);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ event_id: event.id, status: 'delivered', attempt_count: 3 });
    expect(items[0]!.attempts.map((attempt) => attempt.status_code)).toEqual([500, 503, 200]);
    const log = await call('list-deliveries', { token: tenant.apiKey, params: { id: webhook.id } });
    expect(log.json.results).toEqual([
      expect.objectContaining({ id: event.id, event_type: 'invoice.paid', status: 'delivered', attempt_count: 3 }),
    ]);
    expect(JSON.stringify(log.json)).not.toContain('"pk"');
  });

  it('gives up after the schedule: failed delivery, a dead-letter message, the subscription disabled', async () => {
    const tenant = await newTenant('Always failing');
    const { url, ids } = await receiver([500]);
    const webhook = await createWebhook(db, tenant.id, { url, events: ['*'] });
    const event = sampleEvent(tenant.id);
    const worker = deliveryWorker({
      db,
      sqs,
      queueUrl: queues.delivery,
      deadLetterQueueUrl: queues.deliveryDlq,
      policy: { allowLoopbackHttp: true },
      timeoutMs: 2000,
      schedule: [0, 0],
      disableAfterSeconds: 0,
    });
    try {
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: queues.delivery,
          MessageBody: JSON.stringify({ organization_id: tenant.id, webhook_id: webhook.id, event }),
        }),
      );
      await until(
        async () => (await listDeliveries(db, tenant.id, webhook.id, 10)).items[0]?.status === 'failed',
        'the failure',
      );
    } finally {
      await worker.stop();
    }
    expect(ids).toHaveLength(3);
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queues.deliveryDlq, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
    );
    expect(Messages.map((message) => JSON.parse(message.Body!).event.id)).toContain(event.id);
    expect(await getWebhook(db, tenant.id, webhook.id)).toMatchObject({
      status: 'disabled',
      disabled_reason: expect.stringContaining('failed'),
    });
    const events = await call('list-events', { token: tenant.apiKey, query: { type: 'webhook.disabled' } });
    expect(events.json.results).toEqual([
      expect.objectContaining({
        type: 'webhook.disabled',
        data: { object: expect.objectContaining({ id: webhook.id, status: 'disabled' }) },
      }),
    ]);
  });

  it('disables a subscription at once when the receiver answers 410 Gone', async () => {
    const tenant = await newTenant('Gone');
    const { url } = await receiver([410]);
    const webhook = await createWebhook(db, tenant.id, { url, events: ['*'] });
    const verdict = await deliverMessage(
      {
        db,
        sqs,
        queueUrl: queues.delivery,
        policy: { allowLoopbackHttp: true },
        timeoutMs: 2000,
        schedule: [0],
        disableAfterSeconds: 3600,
      },
      { organization_id: tenant.id, webhook_id: webhook.id, event: sampleEvent(tenant.id) },
      'unused',
    );
    expect(verdict).toBe('done');
    expect((await getWebhook(db, tenant.id, webhook.id))?.status).toBe('disabled');
  });
});

describe('the outbox sweeper', () => {
  it('publishes events the stream never did, even a day later, and each only once', async () => {
    const tenant = await newTenant('Stopped pipeline');
    await call('create-client', { token: tenant.apiKey, body: { name: 'Late', email: 'late@x.example' } });
    const bus = await startEventBus(sqs, [{ queueUrl: queues.fanout }]);
    try {
      const deps = { db, bus: new EventBridgeClient({ endpoint: bus.endpoint }), busName: 'invoicing' };
      const aDayLater = new Date(Date.now() + 86_400_000);
      const mine = (events: OutboxEvent[]) => events.filter((event) => event.organization_id === tenant.id);
      const pending = mine(await unpublishedEvents(db, 300, aDayLater));
      expect(pending.map((event) => event.type)).toEqual(['client.created']);
      expect(mine(await unpublishedEvents(db, 300, new Date()))).toEqual([]);
      expect(await publishEvents(deps, pending, aDayLater)).toEqual([]);
      expect(mine(await unpublishedEvents(db, 300, aDayLater))).toEqual([]);
      await until(async () => {
        const { Messages = [] } = await sqs.send(
          new ReceiveMessageCommand({ QueueUrl: queues.fanout, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
        );
        return Messages.some((message) => {
          const envelope = JSON.parse(message.Body!);
          return (
            envelope.source === EVENT_SOURCE &&
            envelope.detail.id === pending[0]!.id &&
            envelope['detail-type'] === 'client.created'
          );
        });
      }, 'the published event on the fan-out queue');
    } finally {
      await bus.stop();
    }
  });
});

describe('crashes in the workers', () => {
  it('lose no event and, after de-duplication by webhook-id, deliver none twice', async () => {
    // Short visibility, so that what a crashed worker left behind comes back within the test.
    const queues = await createQueues(sqs, `crash-${randomUUID().slice(0, 8)}`, 1);
    const tenant = await newTenant('Crashes');
    const { url, ids } = await receiver([200]);
    await createWebhook(db, tenant.id, { url, events: ['*'] });
    const events = Array.from({ length: 6 }, () => sampleEvent(tenant.id));
    const deps: DeliveryDeps = {
      db,
      sqs,
      queueUrl: queues.delivery,
      deadLetterQueueUrl: queues.deliveryDlq,
      policy: { allowLoopbackHttp: true },
      timeoutMs: 2000,
      schedule: [0, 0, 0],
      disableAfterSeconds: 3600,
    };
    const { fanOut } = await import('#shared/webhooks/fanout');
    let fanoutCrashes = 1;
    let deliveryCrashes = 1;
    // Each worker dies once in the middle of a batch: the fan-out before finishing its second
    // event, the delivery worker after its receiver already got a message but before the log.
    const fanoutWorker = startQueuePoller(sqs, queues.fanout, async (batch) => {
      const failures: { itemIdentifier: string }[] = [];
      for (const [index, record] of batch.Records.entries()) {
        if (index === 1 && fanoutCrashes-- > 0) {
          failures.push(...batch.Records.slice(index).map((rest) => ({ itemIdentifier: rest.messageId })));
          break;
        }
        await fanOut({ db, sqs, deliveryQueueUrl: queues.delivery }, JSON.parse(record.body).detail);
      }
      return { batchItemFailures: failures };
    });
    const deliveryWorkerLoop = startQueuePoller(sqs, queues.delivery, async (batch) => {
      const failures: { itemIdentifier: string }[] = [];
      for (const record of batch.Records) {
        const verdict = await deliverMessage(deps, JSON.parse(record.body) as DeliveryMessage, record.receiptHandle);
        if (deliveryCrashes-- > 0) {
          failures.push({ itemIdentifier: record.messageId });
          continue;
        }
        if (verdict === 'retry') failures.push({ itemIdentifier: record.messageId });
      }
      return { batchItemFailures: failures };
    });
    const bus = await startEventBus(sqs, [{ queueUrl: queues.fanout }]);
    try {
      const publisher = { db, bus: new EventBridgeClient({ endpoint: bus.endpoint }), busName: 'invoicing' };
      expect(await publishEvents(publisher, events)).toEqual([]);
      await until(() => events.every((event) => ids.includes(event.id)), 'every event at the receiver');
    } finally {
      await Promise.all([fanoutWorker.stop(), deliveryWorkerLoop.stop(), bus.stop()]);
    }
    expect(new Set(ids)).toEqual(new Set(events.map((event) => event.id)));
    expect(fanoutCrashes).toBeLessThan(0);
    expect(deliveryCrashes).toBeLessThan(0);
  });
});
