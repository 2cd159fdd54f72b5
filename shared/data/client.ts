// The DynamoDB document client. Endpoints come from the environment (AWS_ENDPOINT_URL_DYNAMODB
// locally and in tests), so the same code talks to DynamoDB Local and to AWS.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export type Db = { client: DynamoDBDocumentClient; table: string };

/** `instrument` wraps the base client (the background functions trace their calls). */
export function createDb(
  table: string,
  instrument: (client: DynamoDBClient) => DynamoDBClient = (client) => client,
): Db {
  const client = DynamoDBDocumentClient.from(instrument(new DynamoDBClient({})), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return { client, table };
}
