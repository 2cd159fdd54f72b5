// Quote storage (docs/quotes.md): the quote with its number claims and public token, written with its
// event; changes are conditional on the version read.
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { logoOf, ofType, organizationOf, tenantEntityOf } from '#shared/data/items';
import {
  organizationKey,
  organizationLogoKey,
  organizationPartition,
  publicTokenKey,
  BY,
  dueBefore,
  indexQuery,
  OPEN_INVOICE_SHARDS,
  QUOTE_PREFIX,
  quoteKey,
  sentQuoteKeys,
  sentQuotesShard,
} from '#shared/data/keys';
import { numberClaim, printedNumberClaim, type Allocated } from '#shared/data/number-series';
import { eachItem, query, type Db, type WritePart } from '#shared/data/table';
import type { Logo } from '#shared/domain/logo';
import type { Organization } from '#shared/domain/organization';
import type { Quote } from '#shared/domain/quote';
import type { Metadata } from '#shared/domain/metadata';
import { metadataIndexParts, pageWithMetadata } from '#shared/data/metadata-index';

const quoteItem = (organizationId: string, quote: Quote) => ({
  ...quoteKey(organizationId, quote.id),
  type: 'quote',
  organization_id: organizationId,
  ...sentQuoteKeys(organizationId, quote),
  ...quote,
});
const quoteOf = (item: Record<string, unknown>) => tenantEntityOf<Quote>(item);

/** A new quote's parts: the quote, the claims of its number and printed number, its public token. */
export const newQuoteParts = (db: Db, organizationId: string, quote: Quote, allocated: Allocated, now: Date) => ({
  quote: [
    {
      Put: {
        TableName: db.table,
        Item: quoteItem(organizationId, quote),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...metadataIndexParts(db, organizationId, 'quote', quote.id, {}, quote.metadata),
  ] satisfies WritePart[],
  number: numberClaim(db.table, organizationId, allocated, quote.id, now),
  printed_number: printedNumberClaim(db.table, organizationId, {
    kind: 'quote',
    id: quote.id,
    text: quote.quote_number,
  }),
  public_token: {
    Put: {
      TableName: db.table,
      Item: {
        ...publicTokenKey(quote.public_token),
        type: 'public_token',
        organization_id: organizationId,
        quote_id: quote.id,
      },
    },
  } satisfies WritePart,
});

/** The quote as changed, on the condition that it is still the version `before` was, its metadata index in step. */
export const changedQuoteParts = (db: Db, organizationId: string, quote: Quote, before: Quote): WritePart[] => [
  {
    Put: {
      TableName: db.table,
      Item: quoteItem(organizationId, quote),
      ConditionExpression: 'version = :read',
      ExpressionAttributeValues: { ':read': before.version },
    },
  },
  ...metadataIndexParts(db, organizationId, 'quote', quote.id, before.metadata, quote.metadata),
];

export async function getQuote(db: Db, organizationId: string, quoteId: string): Promise<Quote | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: quoteKey(organizationId, quoteId) }),
  );
  return Item ? quoteOf(Item) : undefined;
}

/** A quote with its organization and logo (its letterhead and time zone), read together. */
export async function quoteWithOrganization(
  db: Db,
  organizationId: string,
  quoteId: string,
): Promise<{ quote: Quote; organization: Organization; logo?: Logo } | undefined> {
  const { Responses } = await db.client.send(
    new BatchGetCommand({
      RequestItems: {
        [db.table]: {
          Keys: [
            quoteKey(organizationId, quoteId),
            organizationKey(organizationId),
            organizationLogoKey(organizationId),
          ],
        },
      },
    }),
  );
  const items = Responses?.[db.table] ?? [];
  const [quote, organization, logo] = [ofType(items, 'quote'), ofType(items, 'organization'), ofType(items, 'logo')];
  return quote && organization
    ? { quote: quoteOf(quote), organization: organizationOf(organization), ...(logo ? { logo: logoOf(logo) } : {}) }
    : undefined;
}

/** One page of the organization's quotes, oldest first; `status` filters the page. */
export async function listQuotes(
  db: Db,
  organizationId: string,
  options: { limit: number; status?: string; metadata?: Metadata; startKey?: Record<string, unknown> },
): Promise<{ items: Quote[]; position?: Record<string, unknown> }> {
  if (options.metadata && Object.keys(options.metadata).length > 0) {
    const list = { kind: 'quote' as const, keyOf: (id: string) => quoteKey(organizationId, id), decode: quoteOf };
    const withStatus = (quote: Quote) => !options.status || quote.status === options.status;
    return pageWithMetadata(db, organizationId, list, options.metadata, options, withStatus);
  }
  const { Items, LastEvaluatedKey } = await query(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ...(options.status
      ? { FilterExpression: '#status = :status', ExpressionAttributeNames: { '#status': 'status' } }
      : {}),
    ExpressionAttributeValues: {
      ':pk': organizationPartition(organizationId),
      ':prefix': QUOTE_PREFIX,
      ...(options.status ? { ':status': options.status } : {}),
    },
    Limit: options.limit,
    ExclusiveStartKey: options.startKey,
  });
  return { items: Items.map(quoteOf), position: LastEvaluatedKey };
}

/** Every sent quote whose expiry day is before `latest`, shard after shard, page after page. */
export async function* sentQuotesExpiringBefore(db: Db, latest: string) {
  const shards = Array.from({ length: OPEN_INVOICE_SHARDS }, (_, shard) =>
    indexQuery(BY.sentQuotesByExpiry, sentQuotesShard(shard), { below: dueBefore(latest) }),
  );
  for await (const item of eachItem(db, shards))
    yield {
      organizationId: String(item.organization_id),
      quoteId: String(item.id),
      expiryDate: String(item.expiry_date),
    };
}
