// Payments of invoices: read by invoice, and the parts the payment operation writes with the
// invoice's change. A provider's event id is claimed with the payment, so one event pays once.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { itemsWithIds, prefixPage, query, type Db, type WritePart } from '#shared/data/table';
import type { PageRequest } from '#shared/domain/pages';
import { paymentItem, paymentOf } from '#shared/data/items';
import { organizationPartition, paymentKey, paymentsOfInvoice, providerEventKey } from '#shared/data/keys';
import type { Payment } from '#shared/domain/payment';

export async function listPayments(db: Db, organizationId: string, invoiceId: string): Promise<Payment[]> {
  const { Items = [] } = await query(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': organizationPartition(organizationId),
      ':prefix': paymentsOfInvoice(invoiceId),
    },
  });
  return Items.map(paymentOf);
}

/** The invoice's payments that count: every one but those taken back (`reversed_at`). */
export const keptPayments = async (db: Db, organizationId: string, invoiceId: string): Promise<Payment[]> =>
  (await listPayments(db, organizationId, invoiceId)).filter((payment) => !payment.reversed_at);

/** These payments of the organization (each named by invoice and id), read consistently: one BatchGetItem. */
export const paymentsWithIds = async (
  db: Db,
  organizationId: string,
  ids: readonly { invoice_id: string; payment_id: string }[],
): Promise<Payment[]> => {
  const keyOf = new Map(ids.map((id) => [id.payment_id, id]));
  const items = await itemsWithIds(
    db,
    [...keyOf.keys()],
    (id) => paymentKey(organizationId, keyOf.get(id)!.invoice_id, id),
    { consistent: true },
  );
  return items.map(paymentOf);
};

/** A page of an invoice's payments, oldest first. */
export const paymentsPage = (db: Db, organizationId: string, invoiceId: string, page: PageRequest) =>
  prefixPage(db, { pk: organizationPartition(organizationId), prefix: paymentsOfInvoice(invoiceId) }, page, paymentOf);

/** Whether a provider's event was applied already. */
export async function providerEventApplied(db: Db, provider: string, eventId: string): Promise<boolean> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: providerEventKey(provider, eventId) }),
  );
  return Item !== undefined;
}

export const paymentPart = (db: Db, organizationId: string, payment: Payment): WritePart => ({
  Put: { TableName: db.table, Item: paymentItem(organizationId, payment) },
});

/** The claim of the provider's event by the payment it became; fails when the event was applied already. */
export const providerEventClaim = (db: Db, provider: string, eventId: string, paymentId: string): WritePart => ({
  Put: {
    TableName: db.table,
    Item: { ...providerEventKey(provider, eventId), type: 'provider_event', payment_id: paymentId },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});
