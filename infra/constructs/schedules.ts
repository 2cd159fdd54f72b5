// The scheduled jobs of functions/jobs.ts, each a function on an EventBridge schedule, and the
// recurring worker behind the runner's FIFO queue (one message group per organization).
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Duration } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule, type EventBus } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { JOBS, type Job } from '#functions/jobs';
import { QUEUES } from '#functions/topology';
import { logicalId } from '#infra/constructs/api';
import type { AlarmsConstruct } from '#infra/constructs/alarms';
import type { InvokedFunctionConstruct } from '#infra/constructs/invoked-function';
import { consume, consumerProps, deadLetterQueue, workQueue } from '#infra/constructs/dead-letters';
import { grantNeeds } from '#infra/constructs/grants';
import { ServiceFunction } from '#infra/constructs/service-function';

export type SchedulesProps = {
  table: TableV2;
  environment: Record<string, string>;
  bus: EventBus;
  sendEmail?: PolicyStatement;
  renderer: InvokedFunctionConstruct;
  alarms: AlarmsConstruct;
  /** The archive's Object Lock bucket, for the jobs and the worker marked `archives`. */
  archiveBucket: IBucket;
};

export class SchedulesConstruct extends Construct {
  readonly recurringRuns: Queue;

  constructor(
    scope: Construct,
    id: string,
    { table, environment, bus, sendEmail, renderer, alarms, archiveBucket }: SchedulesProps,
  ) {
    super(scope, id);
    this.recurringRuns = workQueue(
      this,
      alarms,
      QUEUES.recurringRuns,
      'organizations whose recurring run kept failing',
    ).queue;
    const common = {
      ...environment,
      TABLE_NAME: table.tableName,
      EVENT_BUS_NAME: bus.eventBusName,
      RECURRING_RUN_QUEUE_URL: this.recurringRuns.queueUrl,
    };

    // In the order of the jobs' deployed policy statements (grantNeeds); every job reads and writes the table.
    const targets = { table, bus, sendEmail, recurringRuns: this.recurringRuns, renderer, archiveBucket };
    const missedRuns = deadLetterQueue(this, alarms, 'MissedRuns', 'scheduled runs EventBridge could not start');
    for (const job of JOBS as readonly Job[]) {
      const fn = new ServiceFunction(this, logicalId(job.name), {
        entry: `functions/${job.name}/handler.ts`,
        environment: common,
        timeout: Duration.minutes(5),
        concurrency: 1,
      });
      grantNeeds(fn, { ...job, table: 'readWrite' }, targets);
      new Rule(this, `${logicalId(job.name)}Schedule`, {
        schedule: Schedule.expression(job.schedule),
        targets: [new LambdaFunction(fn, { retryAttempts: 2, deadLetterQueue: missedRuns })],
      });
      alarms.onFailures(this, fn, `the ${job.name} job`);
    }

    // Organizations run in parallel up to the event source's maximum concurrency; one organization's messages in
    // order (FIFO groups).
    const { consumer } = QUEUES.recurringRuns;
    const worker = new ServiceFunction(this, consumer.constructId, {
      ...consumerProps(QUEUES.recurringRuns),
      environment: common,
    });
    grantNeeds(worker, consumer, { table, sendEmail, renderer, archiveBucket });
    consume(worker, this.recurringRuns, QUEUES.recurringRuns);
    alarms.onFailures(this, worker, consumer.title);
  }
}
