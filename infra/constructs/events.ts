// The event pipeline in AWS: the table's stream (filtered to outbox event items) → publisher →
// custom EventBridge bus → rule → fan-out queue → fan-out worker → delivery queue → delivery
// worker. Every queue has a dead-letter queue with an alarm on its depth, every SQS consumer
// reports partial batch failures, and every queue's visibility timeout is six times its consumer's.
// The stream mapping and the rules keep what they fail to deliver; every worker alarms on failures.
import { Duration } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EVENT_RULES, QUEUES, type QueueKey } from '#functions/topology';
import { EVENT_SOURCE } from '#shared/events/publish';
import type { AlarmsConstruct } from '#infra/constructs/alarms';
import { consume, consumerProps, deadLetterQueue, workQueue } from '#infra/constructs/dead-letters';
import { grantNeeds } from '#infra/constructs/grants';
import type { InvokedFunctionConstruct } from '#infra/constructs/invoked-function';
import { ServiceFunction } from '#infra/constructs/service-function';

export type EventsProps = {
  table: TableV2;
  environment: Record<string, string>;
  alarms: AlarmsConstruct;
  /** Where the export worker writes files. */
  exportBucket: IBucket;
  /** The archive's Object Lock bucket, for the workers marked `archives`. */
  archiveBucket: IBucket;
  /** The document renderer and, where the deployment has an access point, the Peppol gateway: the Peppol worker invokes both. */
  renderer: InvokedFunctionConstruct;
  peppolGateway?: InvokedFunctionConstruct;
};

/** The publisher's event source: the table's stream, filtered to new outbox event items. */
function consumeOutbox(scope: Construct, publisher: ServiceFunction, table: TableV2, alarms: AlarmsConstruct): void {
  // A batch the publisher gives up on is recorded (its events stay unpublished, and the outbox sweeper publishes
  // them).
  const streamFailures = deadLetterQueue(
    scope,
    alarms,
    'StreamFailures',
    'stream batches the publisher gave up on; the outbox sweeper republishes their events',
  );
  publisher.addEventSource(
    new DynamoEventSource(table, {
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: 50,
      bisectBatchOnError: true,
      retryAttempts: 10,
      reportBatchItemFailures: true,
      onFailure: new SqsDlq(streamFailures),
      filters: [
        FilterCriteria.filter({
          eventName: FilterRule.isEqual('INSERT'),
          dynamodb: { NewImage: { type: { S: FilterRule.isEqual('event') } } },
        }),
      ],
    }),
  );
}

/** The queues whose workers this construct builds, in the order they are built; the table says what each needs. */
const WORKER_QUEUES = [
  'fanout',
  'delivery',
  'revenue',
  'audit',
  'exports',
  'bankStatements',
  'peppol',
] as const satisfies readonly QueueKey[];

/** The workers' queues, each with its dead-letter queue and the alarm on it. */
function workerQueues(scope: Construct, alarms: AlarmsConstruct) {
  const what = 'events that could not be handled';
  const { queue: fanout, deadLetters: fanoutDlq } = workQueue(scope, alarms, QUEUES.fanout, what);
  const { queue: delivery, deadLetters: deliveryDlq } = workQueue(scope, alarms, QUEUES.delivery, what);
  const { queue: revenue, deadLetters: revenueDlq } = workQueue(scope, alarms, QUEUES.revenue, what);
  const { queue: audit, deadLetters: auditDlq } = workQueue(scope, alarms, QUEUES.audit, what);
  const { queue: exports, deadLetters: exportsDlq } = workQueue(scope, alarms, QUEUES.exports, 'exports that failed');
  const { queue: bankStatements, deadLetters: bankStatementsDlq } = workQueue(
    scope,
    alarms,
    QUEUES.bankStatements,
    'bank statement imports that failed',
  );
  const { queue: peppol, deadLetters: peppolDlq } = workQueue(
    scope,
    alarms,
    QUEUES.peppol,
    'Peppol sendings not handled',
  );
  return {
    fanout,
    fanoutDlq,
    delivery,
    deliveryDlq,
    revenue,
    revenueDlq,
    audit,
    auditDlq,
    exports,
    exportsDlq,
    bankStatements,
    bankStatementsDlq,
    peppol,
    peppolDlq,
  };
}

export class EventsConstruct extends Construct {
  readonly bus: EventBus;
  readonly publisher: ServiceFunction;
  readonly queues: Record<
    | 'fanout'
    | 'fanoutDlq'
    | 'delivery'
    | 'deliveryDlq'
    | 'revenue'
    | 'revenueDlq'
    | 'audit'
    | 'auditDlq'
    | 'exports'
    | 'exportsDlq'
    | 'bankStatements'
    | 'bankStatementsDlq'
    | 'peppol'
    | 'peppolDlq',
    Queue
  >;

  constructor(
    scope: Construct,
    id: string,
    { table, environment, alarms, exportBucket, renderer, peppolGateway, archiveBucket }: EventsProps,
  ) {
    super(scope, id);
    this.bus = new EventBus(this, 'Bus', { description: 'Invoicing service events' });
    this.queues = workerQueues(this, alarms);
    const { fanout, delivery, deliveryDlq, revenue, audit, exports, bankStatements, peppol } = this.queues;

    // What a rule cannot deliver to its queue (after EventBridge's own retries) is kept, not dropped.
    const undelivered = deadLetterQueue(this, alarms, 'Undelivered', 'events the bus could not put on their queue');
    const ruleTargets: Record<string, Queue> = { fanout, revenue, audit, exports, bankStatements, peppol };
    for (const rule of EVENT_RULES) {
      new Rule(this, rule.constructId, {
        eventBus: this.bus,
        eventPattern: { source: [EVENT_SOURCE], ...(rule.detailTypes ? { detailType: [...rule.detailTypes] } : {}) },
        targets: [new SqsQueue(ruleTargets[rule.queue]!, { deadLetterQueue: undelivered })],
      });
    }

    const common = {
      ...environment,
      TABLE_NAME: table.tableName,
      EVENT_BUS_NAME: this.bus.eventBusName,
      WEBHOOK_DELIVERY_QUEUE_URL: delivery.queueUrl,
      WEBHOOK_DELIVERY_DLQ_URL: deliveryDlq.queueUrl,
    };
    /** What one worker alone is told: the Peppol worker puts its later looks on its own queue. */
    const own: Partial<Record<QueueKey, Record<string, string>>> = { peppol: { PEPPOL_QUEUE_URL: peppol.queueUrl } };
    // In the order of the workers' deployed policy statements (grantNeeds).
    const targets = {
      table,
      bus: this.bus,
      deliveryQueue: delivery,
      deliveryDeadLetters: deliveryDlq,
      exportBucket,
      renderer,
      peppolGateway,
      peppolQueue: peppol,
      archiveBucket,
    };
    const publisher = (this.publisher = new ServiceFunction(this, 'Publisher', {
      entry: 'functions/event-publisher/handler.ts',
      environment: common,
      timeout: Duration.seconds(30),
    }));
    grantNeeds(publisher, { table: 'readWrite', publishesEvents: true }, targets);
    consumeOutbox(this, publisher, table, alarms);

    const workers = WORKER_QUEUES.map((queue) => {
      const { consumer } = QUEUES[queue];
      const worker = new ServiceFunction(this, consumer.constructId, {
        ...consumerProps(QUEUES[queue]),
        environment: { ...common, ...own[queue] },
      });
      grantNeeds(worker, consumer, targets);
      consume(worker, this.queues[queue], QUEUES[queue]);
      return { worker, name: consumer.title };
    });

    alarms.onFailures(this, publisher, 'the event publisher (table stream → bus)');
    for (const { worker, name } of workers) alarms.onFailures(this, worker, name);
    alarms.raise(
      this,
      'StreamIteratorAge',
      publisher.metric('IteratorAge', { statistic: 'Maximum', period: Duration.minutes(5) }),
      {
        threshold: 300_000,
        evaluationPeriods: 2,
        description: 'The event publisher is more than five minutes behind the table stream',
      },
    );
  }
}
