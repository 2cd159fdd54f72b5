// Payment references (docs/reconciliation.md): the organization's counter each issued invoice takes
// its reference's number from, and the item by which a transfer naming a reference finds its invoice.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { paymentReferenceCounterKey, paymentReferenceKey } from '#shared/data/keys';
import type { Db, WritePart } from '#shared/data/table';

/** The next number of the organization's references: counted once, so never handed out twice. */
export async function takePaymentReferenceNumber(db: Db, organizationId: string): Promise<number> {
  const { Attributes } = await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: paymentReferenceCounterKey(organizationId),
      UpdateExpression: 'ADD #count :one SET #type = :type',
      ExpressionAttributeNames: { '#count': 'count', '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':type': 'payment_reference_counter' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes!.count);
}

/** The reference held by its invoice, written with the issue; a reference held already refuses it. */
export const paymentReferencePart = (
  db: Db,
  organizationId: string,
  compact: string,
  invoiceId: string,
): WritePart => ({
  Put: {
    TableName: db.table,
    Item: { ...paymentReferenceKey(organizationId, compact), type: 'payment_reference', invoice_id: invoiceId },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** The invoice a compact reference was made for, if it was made here. */
export async function invoiceOfReference(db: Db, organizationId: string, compact: string): Promise<string | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: paymentReferenceKey(organizationId, compact) }),
  );
  return Item?.invoice_id as string | undefined;
}
