// The cold-start floor: a bundle that only constructs a DynamoDB client.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

const client = new DynamoDBClient({});

export const handler = async () => ({ statusCode: 200, body: String(Boolean(client)) });
