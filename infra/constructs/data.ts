// The table, built from the same definition object the local runtime uses.
import { CfnOutput, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AttributeType, Billing, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { TABLE_DEFINITION } from '#shared/data/table-definition';

export class DataConstruct extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE_DEFINITION.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_DEFINITION.sortKey, type: AttributeType.STRING },
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      dynamoStream: StreamViewType[TABLE_DEFINITION.streamView],
      timeToLiveAttribute: TABLE_DEFINITION.ttlAttribute,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      globalSecondaryIndexes: TABLE_DEFINITION.indexes.map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      })),
    });
    // Operators' scripts (npm run rebuild-revenue) take the table's name as TABLE_NAME.
    new CfnOutput(Stack.of(this), 'TableName', {
      value: this.table.tableName,
      description: 'The DynamoDB table: TABLE_NAME for npm run rebuild-revenue',
    });
  }
}

const READ = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
const WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/**
 * What a function may do to the table. `read` still updates (API key use counts and failed-attempt
 * windows are counters every authenticated route writes). `readOnly` is for workers that only read.
 */
export const TABLE_ACTIONS = {
  readOnly: READ,
  read: [...READ, 'dynamodb:UpdateItem'],
  readWrite: [...READ, ...WRITE],
} as const;

/** Grants `actions` on the table and on each of its indexes by name (no index wildcard). */
export function grantTable(table: TableV2, grantee: IGrantable, actions: readonly string[]): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      actions: [...actions],
      resources: [table.tableArn, ...TABLE_DEFINITION.indexes.map((index) => `${table.tableArn}/index/${index.name}`)],
    }),
  );
}
