// The reminder sweep's storage (docs/collections.md): one schedule item per invoice that still has a
// step ahead, found by date in a sharded index, and one claim per step, written before its e-mail.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { eachItem, unlessConditionFailed, type Db, type WritePart } from '#shared/data/table';
import {
  BY,
  indexQuery,
  REMINDER_SHARDS,
  reminderClaimKey,
  reminderDueKeys,
  reminderScheduleKey,
  remindersDueShard,
} from '#shared/data/keys';

export type DueReminder = { organizationId: string; invoiceId: string; date: string };

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
export async function* remindersDueBy(db: Db, latest: string): AsyncGenerator<DueReminder> {
  const shards = Array.from({ length: REMINDER_SHARDS }, (_, shard) =>
    indexQuery(BY.remindersDue, remindersDueShard(shard), { atMost: `${latest}#~` }),
  );
  for await (const item of eachItem(db, shards))
    yield { organizationId: String(item.organization_id), invoiceId: String(item.invoice_id), date: String(item.date) };
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
