// Revenue aggregates: one item per organization, currency and month (docs/reports.md). An event is
// applied in one transaction that also writes its APPLIED marker, conditional on the marker being
// new — so an event delivered twice counts once.
import { QueryCommand as RawQueryCommand } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { EVENT_RETENTION_SECONDS } from '#shared/data/events';
import { transact, type Db } from '#shared/data/table';
import {
  appliedEventKey,
  formerRevenueKey,
  organizationPartition,
  revenueKey,
  revenuePartition,
  revenuePrefix,
} from '#shared/data/keys';
import { REVENUE_FIELDS, zeroAmounts, type Amounts, type Contribution } from '#shared/domain/revenue';

export type Bucket = { currency: string; month: string; amounts: Amounts };

/** Markers outlive any redelivery: events are kept 30 days, the queues at most 14. */
const MARKER_TTL_SECONDS = EVENT_RETENTION_SECONDS + 5 * 24 * 3600;

const bucketUpdate = (table: string, organizationId: string, { currency, month, amounts }: Contribution) => {
  const fields = Object.entries(amounts).filter(([, amount]) => amount !== 0n);
  const additions = fields.length ? ` ADD ${fields.map(([field]) => `${field} :${field}`).join(', ')}` : '';
  return {
    Update: {
      TableName: table,
      Key: revenueKey(organizationId, currency, month),
      UpdateExpression: `SET #type = :type, currency = :currency, #month = :month${additions}`,
      ExpressionAttributeNames: { '#type': 'type', '#month': 'month' },
      ExpressionAttributeValues: {
        ':type': 'revenue',
        ':currency': currency,
        ':month': month,
        ...Object.fromEntries(fields.map(([field, amount]) => [`:${field}`, amount])),
      },
    },
  };
};

/**
 * Adds one event's contributions (already merged: one per bucket) to the aggregates. Answers
 * 'duplicate' when the event was applied before, and changes nothing then.
 */
export async function applyContributions(
  db: Db,
  organizationId: string,
  eventId: string,
  contributions: Contribution[],
  now = new Date(),
): Promise<'applied' | 'duplicate' | 'ignored'> {
  if (contributions.length === 0) return 'ignored';
  const marker = {
    Put: {
      TableName: db.table,
      Item: {
        ...appliedEventKey(organizationId, eventId),
        type: 'applied_event',
        ttl: Math.floor(now.getTime() / 1000) + MARKER_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  // Another event touching the same month at the same moment conflicts: transact tries again shortly.
  const written = await transact(db, {
    marker,
    buckets: contributions.map((contribution) => bucketUpdate(db.table, organizationId, contribution)),
  });
  return written.ok ? 'applied' : 'duplicate';
}

/** Every bucket of the organization (of one currency if given): one Query, a few items per month. */
export const readRevenue = (db: Db, organizationId: string, currency?: string): Promise<Bucket[]> =>
  readBuckets(db, revenuePartition(organizationId), revenuePrefix(currency));

async function readBuckets(db: Db, partition: string, prefix: string): Promise<Bucket[]> {
  const buckets: Bucket[] = [];
  let startKey: Record<string, import('@aws-sdk/client-dynamodb').AttributeValue> | undefined;
  do {
    // The low-level Query keeps numbers as text, so sums beyond 2^53 stay exact as bigint.
    const page = await db.client.send(
      new RawQueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExclusiveStartKey: startKey,
        ExpressionAttributeValues: { ':pk': { S: partition }, ':prefix': { S: prefix } },
      }),
    );
    for (const item of page.Items ?? []) {
      const amounts = zeroAmounts();
      for (const field of REVENUE_FIELDS) if (item[field]?.N) amounts[field] = BigInt(item[field].N);
      buckets.push({ currency: item.currency!.S!, month: item.month!.S!, amounts });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return buckets;
}

/**
 * Moves aggregates kept where they were before (`ORG#o`) into their own partition: each month in one
 * transaction that adds it to what events added since and deletes the old item if it is still there,
 * so a move interrupted and run again counts nothing twice. Answers how many months it moved.
 */
export async function moveFormerRevenue(db: Db, organizationId: string): Promise<number> {
  let moved = 0;
  for (const bucket of await readBuckets(db, organizationPartition(organizationId), revenuePrefix())) {
    const written = await transact(db, {
      add: bucketUpdate(db.table, organizationId, bucket),
      remove: {
        Delete: {
          TableName: db.table,
          Key: formerRevenueKey(organizationId, bucket.currency, bucket.month),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
    });
    if (written.ok) moved += 1;
  }
  return moved;
}

/** Replaces the organization's buckets with `buckets` (the rebuild's repair): writes each, deletes the rest. */
export async function replaceRevenue(
  db: Db,
  organizationId: string,
  stored: Bucket[],
  buckets: Bucket[],
): Promise<void> {
  const keep = new Set(buckets.map((bucket) => `${bucket.currency}#${bucket.month}`));
  const writes = [
    ...buckets.map((bucket) => ({
      PutRequest: {
        Item: {
          ...revenueKey(organizationId, bucket.currency, bucket.month),
          type: 'revenue',
          currency: bucket.currency,
          month: bucket.month,
          ...bucket.amounts,
        },
      },
    })),
    ...stored
      .filter((bucket) => !keep.has(`${bucket.currency}#${bucket.month}`))
      .map((bucket) => ({ DeleteRequest: { Key: revenueKey(organizationId, bucket.currency, bucket.month) } })),
  ];
  for (let start = 0; start < writes.length; start += 25) {
    let pending: typeof writes | undefined = writes.slice(start, start + 25);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      const { UnprocessedItems } = await db.client.send(
        new BatchWriteCommand({ RequestItems: { [db.table]: pending } }),
      );
      pending = UnprocessedItems?.[db.table] as typeof writes | undefined;
    }
  }
}
