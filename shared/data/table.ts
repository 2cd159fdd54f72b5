// The table's clients. Endpoints come from the environment (AWS_ENDPOINT_URL_DYNAMODB locally and in
// tests), so the same code talks to DynamoDB Local and to AWS. Reads and writes of items go through
// the document client; every Query goes through `query()` (below).
import {
  type AttributeValue,
  ConditionalCheckFailedException,
  DynamoDBClient,
  QueryCommand,
  type QueryCommandInput,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DynamoDBDocumentClient,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { marshall, type NativeAttributeValue, unmarshall } from '@aws-sdk/util-dynamodb';
import { config } from '#shared/config';
import type { Actor } from '#shared/domain/actor';
import type { ItemPage, PageRequest } from '#shared/domain/pages';

/** `queries` is only for `query()`: a client that resolves its middleware once (see there). */
export type Db = { client: DynamoDBDocumentClient; queries: DynamoDBClient; table: string };

/**
 * The table as one piece of work sees it: the events it writes carry the id of the API request that
 * caused them. Passed, not ambient: async-local storage taxes every promise of the process on Node 20.
 */
/** The table as one request or job uses it: the events it writes carry its correlation id and actor. */
export type CorrelatedDb = Db & { correlationId: string | undefined; actor: Actor };

export const correlated = (db: Db, correlationId: string | undefined, actor: Actor): CorrelatedDb => ({
  ...db,
  correlationId,
  actor,
});

export const SDK_LOGGER_MIDDLEWARE = 'loggerMiddleware';

const MARSHALL_OPTIONS = { removeUndefinedValues: true };

/** `instrument` wraps each base client (the background functions trace their calls). */
export function createDb(
  table: string,
  instrument: (client: DynamoDBClient) => DynamoDBClient = (client) => client,
): Db {
  const base = instrument(new DynamoDBClient({}));
  // An options object of its own: the document client writes into the one it is given.
  const client = DynamoDBDocumentClient.from(base, { marshallOptions: { ...MARSHALL_OPTIONS } });
  // The document client rebuilds its middleware stack on every call and refuses `cacheMiddleware`; the
  // queries behind every list take a fifth less CPU through a client that resolves it once. It shares
  // the first client's connections.
  const queries = instrument(new DynamoDBClient({ cacheMiddleware: true, requestHandler: base.config.requestHandler }));
  // The SDK's logger middleware filters every input and output for a logger we never give it: about
  // a seventh of a 25-item Query's CPU (docs/performance.md).
  client.middlewareStack.remove(SDK_LOGGER_MIDDLEWARE);
  queries.middlewareStack.remove(SDK_LOGGER_MIDDLEWARE);
  return { client, queries, table };
}

let service: Db | undefined;
/** The service's table (TABLE_NAME): one handle per process, made on first use, for every route. */
export const serviceTable = (): Db => (service ??= createDb(config().TABLE_NAME));

type Item = Record<string, NativeAttributeValue>;

export type QueryInput = Omit<
  QueryCommandInput,
  'TableName' | 'ExpressionAttributeValues' | 'ExclusiveStartKey' | 'KeyConditions' | 'QueryFilter'
> & { ExpressionAttributeValues?: Item; ExclusiveStartKey?: Item };

/** One page of a Query, its values as the document client would give them. */
export async function query(db: Db, input: QueryInput): Promise<{ Items: Item[]; LastEvaluatedKey?: Item }> {
  const { ExpressionAttributeValues: values, ExclusiveStartKey: startKey, ...rest } = input;
  const page = await db.queries.send(
    new QueryCommand({
      ...rest,
      TableName: db.table,
      ExpressionAttributeValues: values && marshall(values, MARSHALL_OPTIONS),
      ExclusiveStartKey: startKey && marshall(startKey, MARSHALL_OPTIONS),
    }),
  );
  return {
    Items: (page.Items ?? []).map((item) => unmarshall(item)),
    LastEvaluatedKey: page.LastEvaluatedKey && unmarshall(page.LastEvaluatedKey),
  };
}

/** Every item a query matches, page after page: for jobs, repairs and short lists, never open-ended. */
export async function queryAll(db: Db, input: Omit<QueryInput, 'ExclusiveStartKey'>): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Item | undefined;
  do {
    const page = await query(db, { ...input, ExclusiveStartKey: startKey });
    items.push(...page.Items);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * One page of a partition's items whose sort key begins with `prefix`, in sort key order (or the
 * reverse), and the position after it; no position: the list is done.
 */
export async function prefixPage<T>(
  db: Db,
  key: { pk: string; prefix: string },
  page: PageRequest & { newestFirst?: boolean; consistent?: boolean },
  decode: (item: Item) => T,
): Promise<ItemPage<T>> {
  const { Items, LastEvaluatedKey } = await query(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': key.pk, ':prefix': key.prefix },
    ...(page.newestFirst ? { ScanIndexForward: false } : {}),
    ...(page.consistent ? { ConsistentRead: true } : {}),
    Limit: page.limit,
    ExclusiveStartKey: page.startKey,
  });
  return { items: Items.map(decode), position: LastEvaluatedKey };
}

/** How many items a query matches (after its filter), page after page; nothing but the count is read back. */
export async function countItems(db: Db, input: Omit<QueryInput, 'ExclusiveStartKey' | 'Select'>): Promise<number> {
  const { ExpressionAttributeValues: values, ...rest } = input;
  let count = 0;
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await db.queries.send(
      new QueryCommand({
        ...rest,
        TableName: db.table,
        Select: 'COUNT',
        ExpressionAttributeValues: values && marshall(values, MARSHALL_OPTIONS),
        ExclusiveStartKey: startKey,
      }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/** Every item of several queries (the shards of a sharded index), query after query, page after page. */
export async function* eachItem(
  db: Db,
  inputs: readonly Omit<QueryInput, 'ExclusiveStartKey'>[],
): AsyncGenerator<Item> {
  for (const input of inputs) {
    let startKey: Item | undefined;
    do {
      const page = await query(db, { ...input, ExclusiveStartKey: startKey });
      yield* page.Items;
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
}

/**
 * The items with these ids that exist, in the order of the ids: one BatchGetItem for up to 100 ids
 * (what a page holds), and again only for keys the table left unprocessed.
 */
export async function itemsWithIds(
  db: Db,
  ids: readonly string[],
  keyOf: (id: string) => Record<string, unknown>,
  options: { consistent?: boolean } = {},
): Promise<Item[]> {
  const found = new Map<string, Item>();
  let keys: Record<string, unknown>[] | undefined = ids.map(keyOf);
  while (keys && keys.length > 0) {
    const answer: BatchGetCommandOutput = await db.client.send(
      new BatchGetCommand({ RequestItems: { [db.table]: { Keys: keys, ConsistentRead: options.consistent } } }),
    );
    for (const item of answer.Responses?.[db.table] ?? []) found.set(item.id as string, item);
    keys = answer.UnprocessedKeys?.[db.table]?.Keys;
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** For a conditional write whose failed condition means "nothing to do": rethrows anything else. */
export function unlessConditionFailed(error: unknown): void {
  if (!(error instanceof ConditionalCheckFailedException)) throw error;
}

/** One item of a transaction: a Put, Update, Delete or ConditionCheck built by a repository. */
export type WritePart = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** A transaction's items by name; the name of a part whose condition fails is the outcome. */
export type WriteParts<Name extends string> = Partial<Record<Name, WritePart | readonly WritePart[]>>;

/** `failed` is the first part whose condition failed, `everyFailed` each of them in order. */
export type Committed<Name extends string> = { ok: true } | { ok: false; failed: Name; everyFailed: Name[] };

/** Cancellations worth trying the same write again: nothing was written and no condition failed. */
const TRANSIENT = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);
const MAX_ATTEMPTS = 8;

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 + attempt * 2)));

/**
 * Writes the parts in one transaction, in the order given. A failed condition answers the name of
 * the first part that failed; a conflict or throttle is tried again here, and only here. Any other
 * error is thrown: its outcome is unknown (a timeout may hide a success).
 */
export async function transact<Name extends string>(db: Db, parts: WriteParts<Name>): Promise<Committed<Name>> {
  const names: Name[] = [];
  const items: WritePart[] = [];
  for (const [name, part] of Object.entries(parts) as [Name, WritePart | readonly WritePart[] | undefined][]) {
    for (const item of part === undefined ? [] : Array.isArray(part) ? part : [part as WritePart]) {
      names.push(name);
      items.push(item);
    }
  }
  const command = new TransactWriteCommand({ TransactItems: items });
  for (let attempt = 1; ; attempt++) {
    try {
      await db.client.send(command);
      return { ok: true };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code);
      const everyFailed = names.filter((_, index) => codes[index] === 'ConditionalCheckFailed');
      if (everyFailed.length > 0) return { ok: false, failed: everyFailed[0]!, everyFailed };
      if (!codes.some((code) => code && TRANSIENT.has(code)) || attempt >= MAX_ATTEMPTS) throw error;
      await pause(attempt);
    }
  }
}
