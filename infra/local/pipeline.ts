// The laptop counterpart of the event pipeline: the SQS queues (in the SQS emulator), an
// EventBridge stand-in that accepts PutEvents and forwards what the rule matches to the fan-out
// queue, a poller on the table's stream, and pollers on the queues — each calling the same
// handlers Lambda would, with the same event shapes, deleting only what they report done.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import {
  DEAD_LETTER_RETENTION_DAYS,
  EMAIL_EVENT_RULE,
  emailEventPattern,
  EVENT_RULES,
  QUEUES,
  visibilitySeconds,
  type QueueKey,
  type QueueSpec,
} from '#functions/topology';
import { queueBody } from '#shared/aws/queue-body';
import { EVENT_SOURCE } from '#shared/events/publish';
import type { Stoppable } from '#infra/local/emulators';
import type { SesBusEvent } from '#infra/local/ses-events';

export type Queues = Record<QueueKey | `${QueueKey}Dlq`, string>;

/**
 * Where the bus's rules send our events (functions/topology.ts): a queue, and the event kinds it takes (all when
 * absent).
 */
export type BusTarget = { queueUrl: string; detailTypes?: readonly string[] };
export const busTargets = (queues: Queues): BusTarget[] =>
  EVENT_RULES.map((rule) => ({ queueUrl: queues[rule.queue], detailTypes: rule.detailTypes }));

/**
 * The SQS attributes the stack gives a queue of the topology table (`deadLetterArn` given) or its dead-letter
 * queue.
 */
export function queueAttributes(
  spec: QueueSpec,
  deadLetterArn?: string,
  visibilityOverride?: number,
): Record<string, string> {
  const fifo: Record<string, string> = spec.fifo ? { FifoQueue: 'true' } : {};
  if (!deadLetterArn) return { MessageRetentionPeriod: String(DEAD_LETTER_RETENTION_DAYS * 86_400), ...fifo };
  return {
    VisibilityTimeout: String(visibilityOverride ?? visibilitySeconds(spec)),
    MessageRetentionPeriod: String(spec.retentionDays * 86_400),
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: deadLetterArn, maxReceiveCount: spec.maxReceiveCount }),
    ...fifo,
  };
}

/**
 * The queues of functions/topology.ts and their dead-letter queues, with the stack's attributes.
 * The emulator's queue URLs name a virtual host (sqs.<region>.127.0.0.1) that no resolver knows, so
 * every SQS client here and in the handlers sends to its configured endpoint with
 * `useQueueUrlAsEndpoint: false` — which is also right in AWS. `visibilityOverride` is for tests
 * that want crashed messages back quickly.
 */
export async function createQueues(sqs: SQSClient, prefix = 'invoicing', visibilityOverride?: number): Promise<Queues> {
  const queues: Partial<Queues> = {};
  for (const [key, spec] of Object.entries(QUEUES) as [QueueKey, QueueSpec][]) {
    const name = (suffix: string) => `${prefix}-${spec.name}${suffix}${spec.fifo ? '.fifo' : ''}`;
    const create = async (queueName: string, attributes: Record<string, string>) =>
      (await sqs.send(new CreateQueueCommand({ QueueName: queueName, Attributes: attributes }))).QueueUrl!;
    queues[`${key}Dlq`] = await create(name('-dlq'), queueAttributes(spec, undefined, visibilityOverride));
    queues[key] = await create(
      name(''),
      queueAttributes(spec, `arn:aws:sqs:us-east-1:000000000000:${name('-dlq')}`, visibilityOverride),
    );
  }
  return queues as Queues;
}

/** The local stand-ins of the stack's event source mappings: which handler polls which queue, how many at a time. */
export const localConsumers = (queues: Queues) =>
  (Object.entries(QUEUES) as [QueueKey, QueueSpec][]).map(([key, spec]) => ({
    queue: key,
    queueUrl: queues[key],
    handler: spec.consumer.handler,
    batchSize: spec.consumer.batchSize,
  }));

export function startConsumers(
  sqs: SQSClient,
  queues: Queues,
  handlerOf: (name: string) => Promise<(event: SQSEvent) => Promise<SQSBatchResponse>>,
): Promise<Loop[]> {
  return Promise.all(
    localConsumers(queues).map(async (consumer) =>
      startQueuePoller(sqs, consumer.queueUrl, await handlerOf(consumer.handler), consumer.batchSize),
    ),
  );
}

/**
 * Accepts EventBridge PutEvents and forwards our service's events to the queues whose rule matches, as the stack's
 * rules do.
 */
export async function startEventBus(sqs: SQSClient, rules: BusTarget[]): Promise<Stoppable & { endpoint: string }> {
  const server = createServer((req, res) => {
    forward(req, res).catch((error) => {
      console.error('local event bus:', error instanceof Error ? error.message : error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ __type: 'InternalException', message: 'the local event bus failed' }));
    });
  });
  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
      Entries?: { Source: string; DetailType: string; Detail: string; Time?: string | number }[];
    };
    const entries = body.Entries ?? [];
    const answers = await Promise.all(
      entries.map(async (entry) => {
        const id = randomUUID();
        if (entry.Source !== EVENT_SOURCE) return { EventId: id };
        try {
          const time = entry.Time
            ? new Date(typeof entry.Time === 'number' ? entry.Time * 1000 : entry.Time)
            : new Date();
          const message = queueBody({
            version: '0',
            id,
            'detail-type': entry.DetailType,
            source: entry.Source,
            account: '000000000000',
            time: time.toISOString(),
            region: 'us-east-1',
            resources: [],
            detail: JSON.parse(entry.Detail),
          });
          await Promise.all(
            rules
              .filter((rule) => !rule.detailTypes || rule.detailTypes.includes(entry.DetailType))
              .map((rule) => sqs.send(new SendMessageCommand({ QueueUrl: rule.queueUrl, MessageBody: message }))),
          );
          return { EventId: id };
        } catch (error) {
          // As EventBridge does: the entry fails, the publisher keeps the event unpublished and tries again.
          console.error(
            'local event bus: could not forward',
            entry.DetailType,
            error instanceof Error ? error.message : error,
          );
          return { ErrorCode: 'InternalFailure', ErrorMessage: 'could not forward the event' };
        }
      }),
    );
    res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
    res.end(
      JSON.stringify({ FailedEntryCount: answers.filter((answer) => 'ErrorCode' in answer).length, Entries: answers }),
    );
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An EventBridge pattern as rules use it here: every field's list names the values it takes, at any depth. */
export function matchesPattern(pattern: Record<string, unknown>, event: unknown): boolean {
  return Object.entries(pattern).every(([field, wanted]) => {
    const value = (event as Record<string, unknown> | undefined)?.[field];
    if (!Array.isArray(wanted)) return matchesPattern(wanted as Record<string, unknown>, value);
    return (Array.isArray(value) ? value : [value]).some((one) => wanted.includes(one));
  });
}

/** The default bus's e-mail rule (functions/topology.ts): SES events of the configuration set onto the e-mail status queue. */
export const emailEventTarget =
  (sqs: SQSClient, queues: Queues, configurationSet: string) =>
  async (event: SesBusEvent): Promise<void> => {
    if (!matchesPattern(emailEventPattern(configurationSet), event)) return;
    await sqs.send(new SendMessageCommand({ QueueUrl: queues[EMAIL_EVENT_RULE.queue], MessageBody: queueBody(event) }));
  };

export type Loop = { stop(): Promise<void> };

function loop(step: () => Promise<void>, idleMs: number): Loop {
  let running = true;
  const done = (async () => {
    while (running) {
      try {
        await step();
      } catch (error) {
        if (running) console.error('pipeline poller:', error instanceof Error ? error.message : error);
      }
      if (running) await new Promise((resolve) => setTimeout(resolve, idleMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
    },
  };
}

/** Polls the table's stream from now on (what was missed while stopped is the outbox sweeper's). */
export async function startStreamPoller(
  dynamoEndpoint: string,
  table: string,
  handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>,
): Promise<Loop> {
  const dynamo = new DynamoDBClient({ endpoint: dynamoEndpoint });
  const streams = new DynamoDBStreamsClient({ endpoint: dynamoEndpoint });
  const streamArn = (await dynamo.send(new DescribeTableCommand({ TableName: table }))).Table!.LatestStreamArn!;
  const iterators = new Map<string, string | undefined>();
  const iteratorOf = async (shardId: string, type: 'LATEST' | 'TRIM_HORIZON') =>
    (
      await streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: type }),
      )
    ).ShardIterator;
  // At start, open shards are read from their end and closed ones skipped; shards that appear later from their start.
  for (const shard of (await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }))).StreamDescription
    ?.Shards ?? []) {
    iterators.set(
      shard.ShardId!,
      shard.SequenceNumberRange?.EndingSequenceNumber ? undefined : await iteratorOf(shard.ShardId!, 'LATEST'),
    );
  }
  let lastShardRefresh = Date.now();
  return loop(async () => {
    if (Date.now() - lastShardRefresh > 2000) {
      lastShardRefresh = Date.now();
      for (const shard of (await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }))).StreamDescription
        ?.Shards ?? []) {
        if (!iterators.has(shard.ShardId!))
          iterators.set(shard.ShardId!, await iteratorOf(shard.ShardId!, 'TRIM_HORIZON'));
      }
    }
    for (const [shardId, iterator] of iterators) {
      if (!iterator) continue;
      const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
      const records = (page.Records ?? []).filter((record) => record.eventName === 'INSERT').map(withEmptyMapsRepaired);
      if (records.length > 0) {
        const result = await handler({ Records: records as DynamoDBStreamEvent['Records'] });
        if (result.batchItemFailures.length > 0) continue; // same iterator again: Lambda retries the batch
      }
      iterators.set(shardId, page.NextShardIterator);
    }
  }, 200);
}

type Attribute = { M?: Record<string, Attribute>; L?: Attribute[] } & Record<string, unknown>;

/** DynamoDB Local's stream writes an empty map as `{}` (DynamoDB writes `{"M":{}}`, as Lambda hands it on). */
function repaired(value: Attribute): Attribute {
  if (Object.keys(value).length === 0) return { M: {} };
  if (value.M)
    return { M: Object.fromEntries(Object.entries(value.M).map(([name, inner]) => [name, repaired(inner)])) };
  if (value.L) return { L: value.L.map(repaired) };
  return value;
}

function withEmptyMapsRepaired<R extends { dynamodb?: { NewImage?: Record<string, unknown> } }>(record: R): R {
  const image = record.dynamodb?.NewImage as Record<string, Attribute> | undefined;
  if (!image) return record;
  const NewImage = Object.fromEntries(Object.entries(image).map(([name, value]) => [name, repaired(value)]));
  return { ...record, dynamodb: { ...record.dynamodb, NewImage } };
}

/** Polls a queue and hands batches to a handler the way Lambda's SQS event source does. */
export function startQueuePoller(
  sqs: SQSClient,
  queueUrl: string,
  handler: (event: SQSEvent) => Promise<SQSBatchResponse>,
  batchSize = 10,
): Loop {
  return loop(async () => {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: batchSize,
        WaitTimeSeconds: 1,
        MessageSystemAttributeNames: ['All'],
      }),
    );
    if (Messages.length === 0) return;
    const event: SQSEvent = {
      Records: Messages.map((message) => ({
        messageId: message.MessageId!,
        receiptHandle: message.ReceiptHandle!,
        body: message.Body ?? '',
        attributes: (message.Attributes ?? {}) as never,
        messageAttributes: {},
        md5OfBody: message.MD5OfBody ?? '',
        eventSource: 'aws:sqs',
        eventSourceARN: queueUrl,
        awsRegion: 'us-east-1',
      })),
    };
    const failed = new Set((await handler(event)).batchItemFailures.map((failure) => failure.itemIdentifier));
    const done = Messages.filter((message) => !failed.has(message.MessageId!));
    if (done.length > 0) {
      await sqs.send(
        new DeleteMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: done.map((message, index) => ({ Id: String(index), ReceiptHandle: message.ReceiptHandle! })),
        }),
      );
    }
  }, 50);
}
