// The reminder sweep's storage (docs/collections.md): one schedule item per invoice that still has a
// step ahead, found by date in a sharded index, and one claim per step, written before its e-mail.
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { eachItem, query, unlessConditionFailed, type Db, type WritePart } from '#shared/data/table';
import { invoiceOf } from '#shared/data/items';
import {
  BY,
  indexQuery,
  invoicesWithStatus,
  REMINDER_SHARDS,
  reminderClaimKey,
  reminderDueKeys,
  reminderScheduleKey,
  remindersDueShard,
} from '#shared/data/keys';

export type DueReminder = { organizationId: string; invoiceId: string; date: string };

/** Where a backfill of an organization's open invoices stopped: the status it was reading and the page after. */
export type BackfillCursor = { status: string; startKey?: Record<string, unknown> };

/** The marker that an organization's open invoices need their schedule (re)booked; found first by the sweep. */
export type DueBackfill = { organizationId: string; backfill: true; cursor?: BackfillCursor };

const BACKFILL = 'BACKFILL';
const backfillItem = (organizationId: string, cursor?: BackfillCursor) => ({
  ...reminderScheduleKey(organizationId, BACKFILL),
  type: 'reminder_backfill',
  organization_id: organizationId,
  ...(cursor ? { cursor } : {}),
  // Dated before any invoice: the sweep takes it before the looks it may change.
  ...reminderDueKeys(organizationId, BACKFILL, '0000-00-00'),
});

/** For the transaction that changes a policy: every open invoice of the organization is booked anew. */
export const reminderBackfillPart = (db: Db, organizationId: string): WritePart => ({
  Put: { TableName: db.table, Item: backfillItem(organizationId) },
});

/** One page of an organization's invoices with `status`, for a backfill. */
export async function invoicesWithStatusPage(
  db: Db,
  organizationId: string,
  status: string,
  startKey?: Record<string, unknown>,
) {
  const page = await query(db, {
    ...indexQuery(BY.invoicesByStatus, invoicesWithStatus(organizationId, status)),
    Limit: 100,
    ExclusiveStartKey: startKey,
  });
  return { invoices: page.Items.map(invoiceOf), next: page.LastEvaluatedKey };
}

/** Books each invoice's next look (or ends its schedule), 25 writes a request, again for what DynamoDB left. */
export async function saveSchedules(db: Db, organizationId: string, looks: { invoiceId: string; date?: string }[]) {
  for (let start = 0; start < looks.length; start += 25) {
    let requests = looks.slice(start, start + 25).map(({ invoiceId, date }) => {
      const part = reminderSchedulePart(db, organizationId, invoiceId, date);
      return 'Put' in part ? { PutRequest: { Item: part.Put!.Item! } } : { DeleteRequest: { Key: part.Delete!.Key! } };
    });
    for (let attempt = 1; requests.length > 0; attempt++) {
      const { UnprocessedItems } = await db.client.send(
        new BatchWriteCommand({ RequestItems: { [db.table]: requests } }),
      );
      requests = (UnprocessedItems?.[db.table] ?? []) as typeof requests;
      if (requests.length > 0 && attempt >= 8) throw new Error('DynamoDB kept schedule writes unprocessed');
      if (requests.length > 0) await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/** Where a backfill stopped, or, without a cursor, its end. */
export async function saveBackfill(db: Db, organizationId: string, cursor?: BackfillCursor): Promise<void> {
  if (cursor) await db.client.send(new PutCommand({ TableName: db.table, Item: backfillItem(organizationId, cursor) }));
  else
    await db.client.send(
      new DeleteCommand({ TableName: db.table, Key: reminderScheduleKey(organizationId, BACKFILL) }),
    );
}

/** The invoice's next look by the sweep on `date`, or, without a date, none any more. */
export const reminderSchedulePart = (db: Db, organizationId: string, invoiceId: string, date?: string): WritePart =>
  date
    ? {
        Put: {
          TableName: db.table,
          Item: {
            ...reminderScheduleKey(organizationId, invoiceId),
            type: 'reminder_schedule',
            organization_id: organizationId,
            invoice_id: invoiceId,
            date,
            ...reminderDueKeys(organizationId, invoiceId, date),
          },
        },
      }
    : { Delete: { TableName: db.table, Key: reminderScheduleKey(organizationId, invoiceId) } };

/** Every invoice due a look by `latest`, shard after shard, page after page. */
export async function* remindersDueBy(db: Db, latest: string): AsyncGenerator<DueReminder | DueBackfill> {
  const shards = Array.from({ length: REMINDER_SHARDS }, (_, shard) =>
    indexQuery(BY.remindersDue, remindersDueShard(shard), { atMost: `${latest}#~` }),
  );
  for await (const item of eachItem(db, shards)) {
    const organizationId = String(item.organization_id);
    if (item.type === 'reminder_backfill')
      yield { organizationId, backfill: true, ...(item.cursor ? { cursor: item.cursor as BackfillCursor } : {}) };
    else yield { organizationId, invoiceId: String(item.invoice_id), date: String(item.date) };
  }
}

/**
 * Claims one step of one invoice for the caller, who then sends it. Answers true when claimed, or
 * when the step was claimed before, the time of that claim.
 */
export async function claimReminder(
  db: Db,
  organizationId: string,
  invoiceId: string,
  stepDate: string,
  now = new Date(),
): Promise<true | { claimedAt: string }> {
  const key = reminderClaimKey(organizationId, invoiceId, stepDate);
  try {
    await db.client.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...key, type: 'reminder_claim', claimed_at: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    unlessConditionFailed(error);
    const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
    return { claimedAt: String(Item?.claimed_at ?? now.toISOString()) };
  }
}
