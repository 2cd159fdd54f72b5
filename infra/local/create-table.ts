// Builds the table in DynamoDB Local from the same definition object the CDK data construct uses.
import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { TABLE_DEFINITION } from '#shared/data/table-definition';

export function createTableInput(tableName: string) {
  const keyNames = [
    TABLE_DEFINITION.partitionKey,
    TABLE_DEFINITION.sortKey,
    ...TABLE_DEFINITION.indexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: TABLE_DEFINITION.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE_DEFINITION.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: TABLE_DEFINITION.indexes.map((index) => ({
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE_DEFINITION.streamView },
  };
}

/** Creates the table unless it exists (a second start reuses the state). */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<'created' | 'existing'> {
  try {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  } catch (error) {
    if (error instanceof ResourceInUseException) return 'existing';
    throw error;
  }
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_DEFINITION.ttlAttribute, Enabled: true },
    }),
  );
  await client.send(new DescribeTableCommand({ TableName: tableName }));
  return 'created';
}
