// A dead-letter queue with an alarm on its depth: every queue, stream mapping and rule of the stack has one.
import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { AlarmsConstruct } from './alarms.ts';

/** SQS's advice: a visibility timeout of six times the consumer's timeout. */
export const VISIBILITY_FACTOR = 6;

export function deadLetterQueue(scope: Construct, alarms: AlarmsConstruct, name: string, what: string, options: { fifo?: boolean } = {}): Queue {
  const queue = new Queue(scope, `${name}Dlq`, { retentionPeriod: Duration.days(14), encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, fifo: options.fifo });
  alarms.raise(scope, `${name}DlqDepth`, queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }), {
    threshold: 1, description: `Messages in the ${name} dead-letter queue: ${what}`,
  });
  return queue;
}
