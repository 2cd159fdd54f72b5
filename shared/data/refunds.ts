// Refunds on credit notes: read one, and the parts the refund operations write with the invoice's
// change (shared/invoicing/record-refund.ts, settle-refund.ts).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll, type Db, type WritePart } from '#shared/data/table';
import { refundItem, refundOfItem } from '#shared/data/items';
import { organizationPartition, REFUND_PREFIX, refundKey } from '#shared/data/keys';
import type { Refund } from '#shared/domain/refund';

export async function getRefund(db: Db, organizationId: string, creditNoteId: string, refundId: string) {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: refundKey(organizationId, creditNoteId, refundId) }),
  );
  return Item ? refundOfItem(Item) : undefined;
}

export const refundPart = (db: Db, organizationId: string, refund: Refund): WritePart => ({
  Put: { TableName: db.table, Item: refundItem(organizationId, refund) },
});

/** The provider's answer on a pending refund; fails when an earlier answer settled it already. */
export const refundSettledPart = (db: Db, organizationId: string, settled: Refund): WritePart => ({
  Update: {
    TableName: db.table,
    Key: refundKey(organizationId, settled.credit_note_id, settled.id),
    UpdateExpression: 'SET #status = :status, provider_refund_id = :provider',
    ConditionExpression: '#status = :pending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':status': settled.status,
      ':provider': settled.provider_refund_id ?? null,
      ':pending': 'pending',
    },
  },
});

/** The refunds of one credit note. */
export async function refundsOfCreditNote(db: Db, organizationId: string, creditNoteId: string): Promise<Refund[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': organizationPartition(organizationId),
      ':prefix': `${REFUND_PREFIX}${creditNoteId}#`,
    },
  });
  return items.map(refundOfItem);
}
