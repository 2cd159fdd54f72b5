// The worker's handling of a FIFO batch: organizations side by side, one organization's messages in
// order, and after a failure that organization's later messages handed back, not skipped.
import { describe, expect, it } from 'vitest';
import type { SQSEvent } from 'aws-lambda';
import { handleRunBatch } from '#shared/recurring/queue';

const batchOf = (messages: [id: string, organization: string][]) =>
  ({
    Records: messages.map(([id, organization]) => ({
      messageId: id,
      body: JSON.stringify({ organization_id: organization, recurring_ids: [id], now: '2026-01-01T00:00:00Z' }),
      attributes: { MessageGroupId: organization },
    })),
  }) as unknown as SQSEvent;

describe('handleRunBatch', () => {
  it('runs one organization’s messages in order and different organizations at once', async () => {
    const order: string[] = [];
    let running = 0;
    let overlap = 0;
    const result = await handleRunBatch(
      batchOf([
        ['a1', 'A'],
        ['b1', 'B'],
        ['a2', 'A'],
        ['b2', 'B'],
      ]),
      async (run) => {
        running += 1;
        overlap = Math.max(overlap, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        order.push(run.recurring_ids[0]!);
        running -= 1;
      },
    );
    expect(result.batchItemFailures).toEqual([]);
    expect(order.indexOf('a1')).toBeLessThan(order.indexOf('a2'));
    expect(order.indexOf('b1')).toBeLessThan(order.indexOf('b2'));
    expect(overlap).toBe(2);
  });

  it('hands back a failed message and the later ones of its organization only', async () => {
    const done: string[] = [];
    const result = await handleRunBatch(
      batchOf([
        ['a1', 'A'],
        ['a2', 'A'],
        ['a3', 'A'],
        ['b1', 'B'],
      ]),
      async (run) => {
        if (run.recurring_ids[0] === 'a2') throw new Error('throttled');
        done.push(run.recurring_ids[0]!);
      },
    );
    expect(result.batchItemFailures.map((failure) => failure.itemIdentifier).sort()).toEqual(['a2', 'a3']);
    expect(done.sort()).toEqual(['a1', 'b1']);
  });
});
