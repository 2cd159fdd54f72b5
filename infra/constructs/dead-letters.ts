// Queues as functions/topology.ts declares them, each with a dead-letter queue and an alarm on its
// depth (every queue, stream mapping and rule of the stack has one), and their consumers' event sources.
import { Duration, Validations } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { DEAD_LETTER_RETENTION_DAYS, visibilitySeconds, type QueueSpec } from '#functions/topology';
import type { AlarmsConstruct } from '#infra/constructs/alarms';

/**
 * For the functions behind an SQS event source: cdk-nag asks for an on-failure destination SQS mappings cannot
 * have.
 */
export const SQS_MAPPING_HAS_NO_DESTINATION = {
  id: 'Serverless-LambdaEventSourceMappingDestination',
  reason:
    'SQS event source mappings take no on-failure destination; ' +
    "failed messages move to the queue's dead-letter queue by its redrive policy",
};

export function deadLetterQueue(
  scope: Construct,
  alarms: AlarmsConstruct,
  name: string,
  what: string,
  options: { fifo?: boolean } = {},
): Queue {
  const queue = new Queue(scope, `${name}Dlq`, {
    retentionPeriod: Duration.days(DEAD_LETTER_RETENTION_DAYS),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    fifo: options.fifo,
  });
  Validations.of(queue).acknowledge(
    { id: 'AwsSolutions-SQS3', reason: 'This is a dead-letter queue: the end of the line, watched by its alarm' },
    {
      id: 'Serverless-SQSRedrivePolicy',
      reason: 'This is a dead-letter queue: the end of the line, watched by its alarm',
    },
  );
  alarms.raise(
    scope,
    `${name}DlqDepth`,
    queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
    {
      threshold: 1,
      description: `Messages in the ${name} dead-letter queue: ${what}`,
    },
  );
  return queue;
}

/** A work queue of the topology table, with its dead-letter queue. */
export function workQueue(
  scope: Construct,
  alarms: AlarmsConstruct,
  spec: QueueSpec,
  what: string,
): { queue: Queue; deadLetters: Queue } {
  const deadLetters = deadLetterQueue(scope, alarms, spec.constructId, what, { fifo: spec.fifo });
  const queue = new Queue(scope, spec.constructId, {
    fifo: spec.fifo,
    visibilityTimeout: Duration.seconds(visibilitySeconds(spec)),
    retentionPeriod: Duration.days(spec.retentionDays),
    deadLetterQueue: { queue: deadLetters, maxReceiveCount: spec.maxReceiveCount },
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  return { queue, deadLetters };
}

/** The consumer's event source, with the batch size and maximum concurrency of the topology table. */
export function consume(fn: IFunction, queue: Queue, spec: QueueSpec): void {
  Validations.of(fn).acknowledge(SQS_MAPPING_HAS_NO_DESTINATION);
  fn.addEventSource(
    new SqsEventSource(queue, {
      batchSize: spec.consumer.batchSize,
      maxConcurrency: spec.consumer.maxConcurrency,
      reportBatchItemFailures: true,
    }),
  );
}

/** The consumer function's entry, timeout and concurrency, from the topology table. */
export const consumerProps = (spec: QueueSpec) => ({
  entry: `functions/${spec.consumer.handler}/handler.ts`,
  timeout: Duration.seconds(spec.consumer.timeoutSeconds),
  concurrency: spec.consumer.maxConcurrency,
});
