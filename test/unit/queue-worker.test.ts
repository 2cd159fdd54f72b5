// The workers' frame: bodies validated, each record handled under its correlation id, and exactly
// the records that failed, asked for a retry or did not parse reported back to SQS.
import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { queueWorker } from '#shared/workers/queue-worker';

const batchOf = (bodies: string[]): SQSEvent => ({
  Records: bodies.map((body, index) => ({
    messageId: `m${index}`,
    receiptHandle: randomUUID(),
    body,
    attributes: {} as never,
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:q',
    awsRegion: 'us-east-1',
  })),
});

const job = z.object({ what: z.enum(['ok', 'retry', 'throw']), correlation: z.optional(z.string()) });

describe('the queue worker frame', () => {
  it('reports exactly the records that failed, asked for a retry or are not valid messages', async () => {
    const seen: { what: string; correlation: string | undefined }[] = [];
    const handler = queueWorker(
      'test',
      { logLevel: 'silent', message: job, correlationOf: (message) => message.correlation },
      async (message, { correlationId }) => {
        seen.push({ what: message.what, correlation: correlationId });
        if (message.what === 'throw') throw new Error('boom');
        return message.what === 'retry' ? 'retry' : 'done';
      },
    );
    const result = await handler(
      batchOf([
        JSON.stringify({ what: 'ok', correlation: 'req-1' }),
        JSON.stringify({ what: 'retry' }),
        JSON.stringify({ what: 'throw', correlation: 'req-3' }),
        '{not json',
        JSON.stringify({ what: 'unknown' }),
        JSON.stringify({ what: 'ok' }),
      ]),
    );
    expect(result.batchItemFailures.map((failure) => failure.itemIdentifier).sort()).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(seen).toContainEqual({ what: 'ok', correlation: 'req-1' });
    expect(seen).toContainEqual({ what: 'throw', correlation: 'req-3' });
    expect(seen).toHaveLength(4);
  });

  it('answers a batch whose every record failed with every record, rather than throwing', async () => {
    const handler = queueWorker('test', { logLevel: 'silent', message: job }, async () => 'retry');
    expect(
      (await handler(batchOf([JSON.stringify({ what: 'ok' }), JSON.stringify({ what: 'ok' })]))).batchItemFailures,
    ).toHaveLength(2);
  });

  it('keeps the order of a batch when asked to', async () => {
    const order: number[] = [];
    const handler = queueWorker(
      'test',
      { logLevel: 'silent', message: z.object({ n: z.number() }), inOrder: true },
      async ({ n }) => {
        await new Promise((resolve) => setTimeout(resolve, 30 - n * 10));
        order.push(n);
      },
    );
    await handler(batchOf([0, 1, 2].map((n) => JSON.stringify({ n }))));
    expect(order).toEqual([0, 1, 2]);
  });

  it('on a FIFO queue runs each group in order, hands back a failed message with the rest of its group', async () => {
    const done: string[] = [];
    const handler = queueWorker(
      'test',
      { logLevel: 'silent', message: z.object({ id: z.string() }), fifo: true },
      async ({ id }) => {
        await new Promise((resolve) => setTimeout(resolve, id === 'a1' ? 20 : 0));
        if (id === 'a2') throw new Error('throttled');
        done.push(id);
      },
    );
    const messages: [id: string, group: string][] = [
      ['a1', 'A'],
      ['b1', 'B'],
      ['a2', 'A'],
      ['b2', 'B'],
      ['a3', 'A'],
    ];
    const batch = batchOf(messages.map(([id]) => JSON.stringify({ id })));
    batch.Records.forEach((record, index) => {
      record.messageId = messages[index]![0];
      record.attributes = { MessageGroupId: messages[index]![1] } as never;
    });
    const result = await handler(batch);
    expect(result.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual(['a2', 'a3']);
    expect(done).toEqual(['a1', 'b1', 'b2']);
  });
});
