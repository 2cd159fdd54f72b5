// The scheduled jobs of functions/jobs.ts, each a function on an EventBridge schedule.
import { Duration } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule, type EventBus } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { JOBS, type Job } from '../../functions/jobs.ts';
import { logicalId } from './api.ts';
import { ServiceFunction } from './service-function.ts';

export class SchedulesConstruct extends Construct {
  constructor(scope: Construct, id: string, { table, environment, bus, sendEmail }: { table: TableV2; environment: Record<string, string>; bus: EventBus; sendEmail?: PolicyStatement }) {
    super(scope, id);
    for (const job of JOBS) {
      const fn = new ServiceFunction(this, logicalId(job.name), {
        entry: `functions/${job.name}/handler.ts`, environment: { ...environment, TABLE_NAME: table.tableName, EVENT_BUS_NAME: bus.eventBusName }, timeout: Duration.minutes(5),
        reservedConcurrentExecutions: 1,
      });
      table.grantReadWriteData(fn);
      if ((job as Job).publishesEvents) bus.grantPutEventsTo(fn);
      if ((job as Job).sendsEmail && sendEmail) fn.addToRolePolicy(sendEmail);
      new Rule(this, `${logicalId(job.name)}Schedule`, { schedule: Schedule.expression(job.schedule), targets: [new LambdaFunction(fn, { retryAttempts: 2 })] });
    }
  }
}
