// The organization's suppressed addresses (docs/collections.md): written with the delivery report
// that caused them, read before each e-mail, listed and lifted through the API.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { eventParts } from '#shared/data/events';
import { emailSuppressionKey, organizationPartition, SUPPRESSION_PREFIX } from '#shared/data/keys';
import { query, transact, type CorrelatedDb, type Db, type WritePart } from '#shared/data/table';
import type { NewEvent } from '#shared/domain/events';
import { suppressedAddress, type EmailSuppression } from '#shared/domain/email-delivery';

const suppressionOf = (item: Record<string, unknown>): EmailSuppression => ({
  address: item.address as string,
  reason: item.reason as EmailSuppression['reason'],
  created_at: item.created_at as string,
  message_id: item.message_id as string,
  document: item.document as EmailSuppression['document'],
});

/** For the transaction of the report: a later report for the same address replaces the entry. */
export const suppressionPart = (db: Db, organizationId: string, suppression: EmailSuppression): WritePart => ({
  Put: {
    TableName: db.table,
    Item: {
      ...emailSuppressionKey(organizationId, suppressedAddress(suppression.address)),
      type: 'email_suppression',
      ...suppression,
      address: suppressedAddress(suppression.address),
    },
  },
});

export async function getSuppression(
  db: Db,
  organizationId: string,
  address: string,
): Promise<EmailSuppression | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: emailSuppressionKey(organizationId, suppressedAddress(address)) }),
  );
  return Item ? suppressionOf(Item) : undefined;
}

export async function listSuppressions(
  db: Db,
  organizationId: string,
  options: { limit: number; startKey?: Record<string, unknown> },
): Promise<{ items: EmailSuppression[]; position?: Record<string, unknown> }> {
  const { Items, LastEvaluatedKey } = await query(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': organizationPartition(organizationId), ':prefix': SUPPRESSION_PREFIX },
    Limit: options.limit,
    ExclusiveStartKey: options.startKey,
  });
  return { items: Items.map(suppressionOf), position: LastEvaluatedKey };
}

/** Lifts a suppression with its event; false when the address was not suppressed. */
export async function deleteSuppression(
  db: CorrelatedDb,
  organizationId: string,
  address: string,
  event: NewEvent,
): Promise<boolean> {
  const written = await transact(db, {
    suppression: {
      Delete: {
        TableName: db.table,
        Key: emailSuppressionKey(organizationId, suppressedAddress(address)),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    event: eventParts(db, organizationId, [event]),
  });
  return written.ok;
}
