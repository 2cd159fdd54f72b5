// A dead-letter queue with an alarm on its depth: every queue, stream mapping and rule of the stack has one.
import { Duration, Validations } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { AlarmsConstruct } from './alarms.ts';

/** For the functions behind an SQS event source: cdk-nag asks for an on-failure destination SQS mappings cannot have. */
export const SQS_MAPPING_HAS_NO_DESTINATION = {
  id: 'Serverless-LambdaEventSourceMappingDestination',
  reason: 'SQS event source mappings take no on-failure destination; failed messages move to the queue\'s dead-letter queue by its redrive policy',
};

/** SQS's advice: a visibility timeout of six times the consumer's timeout. */
export const VISIBILITY_FACTOR = 6;

export function deadLetterQueue(scope: Construct, alarms: AlarmsConstruct, name: string, what: string, options: { fifo?: boolean } = {}): Queue {
  const queue = new Queue(scope, `${name}Dlq`, { retentionPeriod: Duration.days(14), encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, fifo: options.fifo });
  Validations.of(queue).acknowledge(
    { id: 'AwsSolutions-SQS3', reason: 'This is a dead-letter queue: the end of the line, watched by its alarm' },
    { id: 'Serverless-SQSRedrivePolicy', reason: 'This is a dead-letter queue: the end of the line, watched by its alarm' },
  );
  alarms.raise(scope, `${name}DlqDepth`, queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }), {
    threshold: 1, description: `Messages in the ${name} dead-letter queue: ${what}`,
  });
  return queue;
}
