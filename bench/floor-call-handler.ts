// The cold-start floor for import + first call: construct a DynamoDB client and make the one
// GetItem that every route makes first (the credential lookup).
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';

const client = new DynamoDBClient({});

export const handler = async () => {
  await client.send(
    new GetItemCommand({ TableName: process.env.TABLE_NAME, Key: { pk: { S: 'APIKEY#floor' }, sk: { S: 'APIKEY' } } }),
  );
  return { statusCode: 200 };
};
