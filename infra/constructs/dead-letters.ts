// A dead-letter queue with an alarm on its depth: every queue of the stack has one.
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** SQS's advice: a visibility timeout of six times the consumer's timeout. */
export const VISIBILITY_FACTOR = 6;

export function deadLetterQueue(scope: Construct, name: string, what: string, options: { fifo?: boolean } = {}): Queue {
  const queue = new Queue(scope, `${name}Dlq`, { retentionPeriod: Duration.days(14), encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, fifo: options.fifo });
  new Alarm(scope, `${name}DlqDepth`, {
    metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }), threshold: 1, evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD, treatMissingData: TreatMissingData.NOT_BREACHING,
    alarmDescription: `Messages in the ${name} dead-letter queue: ${what}`,
  });
  return queue;
}
