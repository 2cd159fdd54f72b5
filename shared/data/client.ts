// The DynamoDB document client. Endpoints come from the environment (AWS_ENDPOINT_URL_DYNAMODB
// locally and in tests), so the same code talks to DynamoDB Local and to AWS.
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

export type Db = { client: DynamoDBDocumentClient; table: string };

/**
 * The table as one piece of work sees it: the events it writes carry the id of the API request that
 * caused them. Passed, not ambient: async-local storage taxes every promise of the process on Node 20.
 */
export type CorrelatedDb = Db & { correlationId: string | undefined };

export const correlated = (db: Db, correlationId: string | undefined): CorrelatedDb => ({ ...db, correlationId });

export const SDK_LOGGER_MIDDLEWARE = 'loggerMiddleware';

/** `instrument` wraps the base client (the background functions trace their calls). */
export function createDb(
  table: string,
  instrument: (client: DynamoDBClient) => DynamoDBClient = (client) => client,
): Db {
  const client = DynamoDBDocumentClient.from(instrument(new DynamoDBClient({})), {
    marshallOptions: { removeUndefinedValues: true },
  });
  // The SDK's logger middleware filters every input and output for a logger we never give it: about
  // a seventh of a 25-item Query's CPU (docs/performance.md).
  client.middlewareStack.remove(SDK_LOGGER_MIDDLEWARE);
  return { client, table };
}

type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** Every item a query matches, page after page: for jobs, repairs and short lists, never open-ended. */
export async function queryAll(db: Db, input: QueryInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.client.send(new QueryCommand({ ...input, TableName: db.table, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** For a conditional write whose failed condition means "nothing to do": rethrows anything else. */
export function unlessConditionFailed(error: unknown): void {
  if (!(error instanceof ConditionalCheckFailedException)) throw error;
}
