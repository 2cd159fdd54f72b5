// The event pipeline in AWS: the table's stream (filtered to outbox event items) → publisher →
// custom EventBridge bus → rule → fan-out queue → fan-out worker → delivery queue → delivery
// worker. Every queue has a dead-letter queue with an alarm on its depth, every SQS consumer
// reports partial batch failures, and every queue's visibility timeout is six times its consumer's.
// The stream mapping and the rules keep what they fail to deliver; every worker alarms on failures.
import { Duration, Validations } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { REVENUE_EVENT_TYPES } from '../../shared/reports/contributions.ts';
import { EVENT_SOURCE } from '../../shared/webhooks/publish.ts';
import type { AlarmsConstruct } from './alarms.ts';
import { grantTable, TABLE_ACTIONS } from './data.ts';
import { deadLetterQueue, SQS_MAPPING_HAS_NO_DESTINATION, VISIBILITY_FACTOR } from './dead-letters.ts';
import { ServiceFunction } from './service-function.ts';

export type EventsProps = { table: TableV2; environment: Record<string, string>; alarms: AlarmsConstruct };

export class EventsConstruct extends Construct {
  readonly bus: EventBus;
  readonly publisher: ServiceFunction;
  readonly queues: Record<'fanout' | 'fanoutDlq' | 'delivery' | 'deliveryDlq' | 'revenue' | 'revenueDlq', Queue>;

  constructor(scope: Construct, id: string, { table, environment, alarms }: EventsProps) {
    super(scope, id);
    this.bus = new EventBus(this, 'Bus', { description: 'Invoicing service events' });
    const workerTimeout = { fanout: Duration.seconds(30), delivery: Duration.seconds(30), revenue: Duration.seconds(30) };
    const deadLetters = (name: string) => deadLetterQueue(this, alarms, name, 'events that could not be handled');
    const fanoutDlq = deadLetters('Fanout');
    const deliveryDlq = deadLetters('Delivery');
    const fanout = new Queue(this, 'Fanout', {
      visibilityTimeout: Duration.seconds(workerTimeout.fanout.toSeconds() * VISIBILITY_FACTOR),
      deadLetterQueue: { queue: fanoutDlq, maxReceiveCount: 5 }, encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true,
    });
    // Retries are scheduled by the worker (visibility changes up to 10 h), so the receive count is generous.
    const delivery = new Queue(this, 'Delivery', {
      visibilityTimeout: Duration.seconds(workerTimeout.delivery.toSeconds() * VISIBILITY_FACTOR),
      deadLetterQueue: { queue: deliveryDlq, maxReceiveCount: 12 }, retentionPeriod: Duration.days(4), encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true,
    });
    const revenueDlq = deadLetters('Revenue');
    const revenue = new Queue(this, 'Revenue', {
      visibilityTimeout: Duration.seconds(workerTimeout.revenue.toSeconds() * VISIBILITY_FACTOR),
      deadLetterQueue: { queue: revenueDlq, maxReceiveCount: 10 }, retentionPeriod: Duration.days(14), encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true,
    });
    this.queues = { fanout, fanoutDlq, delivery, deliveryDlq, revenue, revenueDlq };

    // What a rule cannot deliver to its queue (after EventBridge's own retries) is kept, not dropped.
    const undelivered = deadLetterQueue(this, alarms, 'Undelivered', 'events the bus could not put on their queue');
    new Rule(this, 'ServiceEvents', { eventBus: this.bus, eventPattern: { source: [EVENT_SOURCE] }, targets: [new SqsQueue(fanout, { deadLetterQueue: undelivered })] });
    new Rule(this, 'RevenueEvents', {
      eventBus: this.bus, eventPattern: { source: [EVENT_SOURCE], detailType: [...REVENUE_EVENT_TYPES] }, targets: [new SqsQueue(revenue, { deadLetterQueue: undelivered })],
    });

    const common = { ...environment, TABLE_NAME: table.tableName, EVENT_BUS_NAME: this.bus.eventBusName, WEBHOOK_DELIVERY_QUEUE_URL: delivery.queueUrl, WEBHOOK_DELIVERY_DLQ_URL: deliveryDlq.queueUrl };

    const publisher = this.publisher = new ServiceFunction(this, 'Publisher', { entry: 'functions/event-publisher/handler.ts', environment: common, timeout: Duration.seconds(30) });
    grantTable(table, publisher, TABLE_ACTIONS.readWrite);
    this.bus.grantPutEventsTo(publisher);
    // A batch the publisher gives up on is recorded (its events stay unpublished, and the outbox sweeper publishes them).
    const streamFailures = deadLetterQueue(this, alarms, 'StreamFailures', 'stream batches the publisher gave up on; the outbox sweeper republishes their events');
    publisher.addEventSource(new DynamoEventSource(table, {
      startingPosition: StartingPosition.TRIM_HORIZON, batchSize: 50, bisectBatchOnError: true, retryAttempts: 10, reportBatchItemFailures: true,
      onFailure: new SqsDlq(streamFailures),
      filters: [FilterCriteria.filter({ eventName: FilterRule.isEqual('INSERT'), dynamodb: { NewImage: { type: { S: FilterRule.isEqual('event') } } } })],
    }));

    const fanoutWorker = new ServiceFunction(this, 'FanoutWorker', { entry: 'functions/webhook-fanout/handler.ts', environment: common, timeout: workerTimeout.fanout, concurrency: 10 });
    grantTable(table, fanoutWorker, TABLE_ACTIONS.readOnly);
    delivery.grantSendMessages(fanoutWorker);
    Validations.of(fanoutWorker).acknowledge(SQS_MAPPING_HAS_NO_DESTINATION);
    fanoutWorker.addEventSource(new SqsEventSource(fanout, { batchSize: 10, reportBatchItemFailures: true, maxConcurrency: 10 }));

    const deliveryWorker = new ServiceFunction(this, 'DeliveryWorker', { entry: 'functions/webhook-delivery/handler.ts', environment: common, timeout: workerTimeout.delivery, concurrency: 20 });
    grantTable(table, deliveryWorker, TABLE_ACTIONS.readWrite);
    delivery.grant(deliveryWorker, 'sqs:ChangeMessageVisibility');
    deliveryDlq.grantSendMessages(deliveryWorker);
    Validations.of(deliveryWorker).acknowledge(SQS_MAPPING_HAS_NO_DESTINATION);
    deliveryWorker.addEventSource(new SqsEventSource(delivery, { batchSize: 5, reportBatchItemFailures: true, maxConcurrency: 20 }));

    // Aggregates are written with ADD, so events may arrive in any order; a marker per event makes a redelivery a no-op.
    const revenueWorker = new ServiceFunction(this, 'RevenueAggregator', { entry: 'functions/revenue-aggregator/handler.ts', environment: common, timeout: workerTimeout.revenue, concurrency: 5 });
    grantTable(table, revenueWorker, TABLE_ACTIONS.readWrite);
    Validations.of(revenueWorker).acknowledge(SQS_MAPPING_HAS_NO_DESTINATION);
    revenueWorker.addEventSource(new SqsEventSource(revenue, { batchSize: 10, reportBatchItemFailures: true, maxConcurrency: 5 }));

    alarms.onFailures(this, publisher, 'the event publisher (table stream → bus)');
    alarms.onFailures(this, fanoutWorker, 'the webhook fan-out worker');
    alarms.onFailures(this, deliveryWorker, 'the webhook delivery worker');
    alarms.onFailures(this, revenueWorker, 'the revenue aggregator');
    alarms.raise(this, 'StreamIteratorAge', publisher.metric('IteratorAge', { statistic: 'Maximum', period: Duration.minutes(5) }), {
      threshold: 300_000, evaluationPeriods: 2, description: 'The event publisher is more than five minutes behind the table stream',
    });
  }
}
