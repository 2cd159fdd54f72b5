// Payment references (docs/reconciliation.md): the organization's counter each issued invoice takes
// its reference's number from, and the item by which a transfer naming a reference finds its invoice.
import { BatchGetCommand, type BatchGetCommandOutput, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { numberTextKey, paymentReferenceCounterKey, paymentReferenceKey } from '#shared/data/keys';
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

/**
 * The invoices a transfer names, by payment reference and by printed number: one BatchGetItem for
 * both kinds of key (at most 100), and again only for keys the table left unprocessed. Ids each once.
 */
export async function invoicesNamed(
  db: Db,
  organizationId: string,
  named: { references: readonly string[]; numbers: readonly string[] },
): Promise<{ byReference: string[]; byNumber: string[] }> {
  const byReference = new Set<string>();
  const byNumber = new Set<string>();
  let keys: Record<string, unknown>[] | undefined = [
    ...named.references.map((compact) => paymentReferenceKey(organizationId, compact)),
    ...named.numbers.map((text) => numberTextKey(organizationId, text)),
  ];
  while (keys && keys.length > 0) {
    const answer: BatchGetCommandOutput = await db.client.send(
      new BatchGetCommand({ RequestItems: { [db.table]: { Keys: keys } } }),
    );
    for (const item of answer.Responses?.[db.table] ?? []) {
      if (typeof item.invoice_id !== 'string') continue;
      (item.type === 'payment_reference' ? byReference : byNumber).add(item.invoice_id);
    }
    keys = answer.UnprocessedKeys?.[db.table]?.Keys;
  }
  return { byReference: [...byReference], byNumber: [...byNumber].filter((id) => !byReference.has(id)) };
}
