// The log subscriptions of functions/topology.ts: each consumer function, a CloudWatch Logs
// subscription filter on the log group of every route it reads from, and an on-failure queue for the
// batches it gives up on (CloudWatch Logs invokes it asynchronously; Lambda retries twice).
import { Aws, Duration, Stack, Validations } from 'aws-cdk-lib';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { FilterPattern, SubscriptionFilter } from 'aws-cdk-lib/aws-logs';
import { LambdaDestination } from 'aws-cdk-lib/aws-logs-destinations';
import { Construct } from 'constructs';
import { ROUTES, type Route } from '#functions/routes';
import { filterPatternOf, LOG_SUBSCRIPTIONS } from '#functions/topology';
import type { AlarmsConstruct } from '#infra/constructs/alarms';
import { logicalId } from '#infra/constructs/api';
import { deadLetterQueue } from '#infra/constructs/dead-letters';
import { grantNeeds } from '#infra/constructs/grants';
import { ServiceFunction } from '#infra/constructs/service-function';

export type LogSubscriptionsProps = {
  table: TableV2;
  environment: Record<string, string>;
  alarms: AlarmsConstruct;
  /** The route functions the stack made, by route name. */
  routeFunctions: Record<string, ServiceFunction>;
};

export class LogSubscriptionsConstruct extends Construct {
  readonly consumers: Record<string, ServiceFunction> = {};

  constructor(scope: Construct, id: string, { table, environment, alarms, routeFunctions }: LogSubscriptionsProps) {
    super(scope, id);
    for (const subscription of LOG_SUBSCRIPTIONS) {
      const failed = deadLetterQueue(
        this,
        alarms,
        `${subscription.constructId}Failures`,
        `log batches the ${subscription.consumer.handler} function gave up on`,
      );
      const consumer = new ServiceFunction(this, `${subscription.constructId}Consumer`, {
        entry: `functions/${subscription.consumer.handler}/handler.ts`,
        environment: { ...environment, TABLE_NAME: table.tableName },
        timeout: Duration.seconds(subscription.consumer.timeoutSeconds),
      });
      consumer.configureAsyncInvoke({ onFailure: new SqsDestination(failed), retryAttempts: 2 });
      grantNeeds(consumer, { table: 'readWrite' }, { table });
      alarms.onFailures(this, consumer, `the ${subscription.consumer.handler} function`);
      Validations.of(consumer).acknowledge({
        id: 'Serverless-LambdaDLQ',
        reason: 'Invoked asynchronously by CloudWatch Logs; failed batches go to its on-failure destination queue',
      });
      // One permission for every log group of this account and region, instead of one per route.
      consumer.addPermission('LogsInvoke', {
        principal: new ServicePrincipal('logs.amazonaws.com'),
        sourceAccount: Aws.ACCOUNT_ID,
        sourceArn: `arn:${Aws.PARTITION}:logs:${Aws.REGION}:${Aws.ACCOUNT_ID}:log-group:*`,
      });
      const permission = consumer.permissionsNode.findChild('LogsInvoke');
      for (const route of (ROUTES as readonly Route[]).filter(subscription.fromRoutes)) {
        const fn = routeFunctions[route.name];
        if (!fn) continue;
        new SubscriptionFilter(fn, `${subscription.constructId}Subscription`, {
          logGroup: fn.logGroup,
          destination: new LambdaDestination(consumer, { addPermissions: false }),
          filterPattern: FilterPattern.literal(filterPatternOf(subscription)),
          filterName: `${logicalId(route.name)}${subscription.constructId}`,
        });
        // CloudWatch Logs checks that it may invoke the consumer when the filter is created.
        Stack.of(fn).node.addDependency(permission);
      }
      this.consumers[subscription.constructId] = consumer;
    }
  }
}
