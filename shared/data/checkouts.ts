// Checkouts of payment links, found by id from the provider's return or the sandbox page. A checkout
// stays readable a week past its expiry (for late provider callbacks), then DynamoDB's TTL drops it.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '#shared/data/table';
import { entityOf } from '#shared/data/items';
import { checkoutKey } from '#shared/data/keys';
import type { Checkout } from '#shared/domain/checkout';

const KEPT_AFTER_EXPIRY_SECONDS = 7 * 86_400;

export async function saveCheckout(db: Db, checkout: Checkout): Promise<void> {
  await db.client.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...checkoutKey(checkout.id),
        type: 'checkout',
        ...checkout,
        ttl: Math.floor(Date.parse(checkout.expires_at) / 1000) + KEPT_AFTER_EXPIRY_SECONDS,
      },
    }),
  );
}

export async function findCheckout(db: Db, checkoutId: string): Promise<Checkout | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: checkoutKey(checkoutId) }));
  return Item ? entityOf<Checkout>(Item) : undefined;
}

export async function setCheckoutStatus(db: Db, checkoutId: string, status: Checkout['status']): Promise<void> {
  await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: checkoutKey(checkoutId),
      UpdateExpression: 'SET #status = :status',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status },
    }),
  );
}
