// The correlation id: the API request id travels with the events the request wrote, through the
// fan-out and delivery workers (run as Lambda runs them, on messages from the SQS emulator), into
// the delivery log and every log line — and never into what API callers or webhook receivers see.
// The business metrics come out as CloudWatch embedded metric format.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createQueues, type Queues } from '#infra/local/pipeline';
import { listEvents } from '#shared/data/events';
import { createWebhook } from '#shared/data/webhooks';
import { call, db, invoiceBody, newTenant } from '#test/support/api';

// Read when the handlers below first load their configuration.
Object.assign(process.env, {
  LOG_LEVEL: 'info',
  POWERTOOLS_METRICS_DISABLED: 'false',
  WEBHOOK_ALLOW_LOOPBACK_HTTP: 'true',
});

const sqs = new SQSClient({ endpoint: inject('sqsEndpoint'), useQueueUrlAsEndpoint: false });
let queues: Queues;
const bodies: string[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    bodies.push(body);
    res.writeHead(204);
    res.end();
  });
});
beforeAll(async () => {
  queues = await createQueues(sqs, `traced-${randomUUID().slice(0, 8)}`);
  process.env.WEBHOOK_DELIVERY_QUEUE_URL = queues.delivery;
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(
  () =>
    new Promise((resolve) => {
      receiver.closeAllConnections();
      receiver.close(resolve);
    }),
);

const sqsEvent = (bodies: string[]): SQSEvent => ({
  Records: bodies.map((body) => ({
    messageId: randomUUID(),
    receiptHandle: randomUUID(),
    body,
    attributes: {} as never,
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:queue',
    awsRegion: 'us-east-1',
  })),
});

/** Runs `work` and answers every JSON line it wrote to stdout. */
async function stdoutOf(work: () => Promise<unknown>): Promise<Record<string, any>[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return lines
    .flatMap((text) => text.split('\n'))
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

describe('the correlation id', () => {
  it('goes from the API request to its event, workers’ logs and delivery log; metrics count the event', async () => {
    const tenant = await newTenant('Traced');
    const webhook = await createWebhook(db, tenant.id, {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in`,
      events: ['invoice.created'],
    });
    const client = await call('create-client', {
      token: tenant.apiKey,
      body: { name: 'Traced Buyer', email: 't@x.example' },
    });
    let created!: Awaited<ReturnType<typeof call>>;
    const routeLines = await stdoutOf(async () => {
      created = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(client.json.id) });
    });
    const requestId = created.headers['x-request-id']!;
    expect(routeLines).toContainEqual(
      expect.objectContaining({
        message: 'request',
        request_id: requestId,
        correlation_id: requestId,
        caller: 'api_key',
        organization_id: tenant.id,
      }),
    );

    const event = (await listEvents(db, tenant.id, { types: ['invoice.created'], limit: 1 })).items[0]!;
    expect(event.correlation_id).toBe(requestId);

    const { handler: fanout } = await import('#functions/webhook-fanout/handler');
    const fanoutLines = await stdoutOf(() =>
      fanout(sqsEvent([JSON.stringify({ source: 'invoicing.service', 'detail-type': event.type, detail: event })])),
    );
    expect(fanoutLines).toContainEqual(
      expect.objectContaining({
        message: 'event fanned out',
        correlation_id: requestId,
        event_id: event.id,
        deliveries: 1,
      }),
    );
    const emf = fanoutLines.find((line) => line._aws)!;
    expect(emf._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: 'InvoicingService',
      Metrics: [{ Name: 'InvoicesCreated', Unit: 'Count' }],
    });
    expect(emf.InvoicesCreated).toBe(1);

    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queues.delivery, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
    );
    expect(Messages).toHaveLength(1);
    const { handler: delivery } = await import('#functions/webhook-delivery/handler');
    const deliveryLines = await stdoutOf(() => delivery(sqsEvent([Messages[0]!.Body!])));
    expect(deliveryLines).toContainEqual(
      expect.objectContaining({ message: 'delivery handled', correlation_id: requestId, verdict: 'done' }),
    );
    expect(deliveryLines.find((line) => line._aws)).toMatchObject({ WebhookDeliveriesSucceeded: 1 });

    const log = await call('list-deliveries', { token: tenant.apiKey, params: { id: webhook.id } });
    expect(log.json.results).toEqual([
      expect.objectContaining({ event_id: event.id, status: 'delivered', correlation_id: requestId }),
    ]);
    // What receivers and API callers see has no internal fields.
    expect(bodies).toHaveLength(1);
    expect(JSON.parse(bodies[0]!)).toEqual({
      id: event.id,
      type: 'invoice.created',
      organization_id: tenant.id,
      created_at: event.created_at,
      data: event.data,
      actor: { type: 'api_key', id: expect.stringMatching(/^key_/), role: null },
    });
    const listed = await call('list-events', { token: tenant.apiKey, query: { type: 'invoice.created' } });
    expect(listed.json.results[0]).not.toHaveProperty('correlation_id');
  });
});
