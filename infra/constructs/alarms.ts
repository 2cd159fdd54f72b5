// Where the stack says it is unwell: one SNS topic that every alarm notifies (with an e-mail
// subscription from `-c alarmEmail=…`), and the alarms every part raises through it.
import { CfnOutput, Duration, Stack, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

const FIVE_MINUTES = Duration.minutes(5);

export type AlarmOptions = { threshold: number; evaluationPeriods?: number; description: string };

export class AlarmsConstruct extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, { email }: { email?: string }) {
    super(scope, id);
    // Not encrypted: alarm notifications carry no customer data, and CloudWatch cannot publish to a
    // topic encrypted with the AWS-managed key (a customer-managed key would cost every deployment).
    this.topic = new Topic(this, 'Topic', { displayName: 'Invoicing service alarms', enforceSSL: true });
    if (email) {
      const subscription = this.topic.addSubscription(new EmailSubscription(email));
      Validations.of(subscription).acknowledge({
        id: 'Serverless-SNSRedrivePolicy',
        reason: 'An e-mail to people: a missed one leaves the alarm itself in ALARM on the dashboard',
      });
    }
    new CfnOutput(Stack.of(this), 'AlarmTopicArn', {
      value: this.topic.topicArn,
      description: 'The SNS topic every alarm notifies',
    });
  }

  /** An alarm on `metric` at or above `threshold`, notifying the topic; no data is not a breach. */
  raise(
    scope: Construct,
    id: string,
    metric: IMetric,
    { threshold, evaluationPeriods = 1, description }: AlarmOptions,
  ): Alarm {
    const alarm = new Alarm(scope, id, {
      metric,
      threshold,
      evaluationPeriods,
      alarmDescription: description,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }

  /** Any error or throttle of a function that works in the background (queues, streams, schedules). */
  onFailures(scope: Construct, fn: IFunction, what: string): Alarm {
    const metric = new MathExpression({
      expression: 'errors + throttles',
      period: FIVE_MINUTES,
      usingMetrics: {
        errors: fn.metricErrors({ period: FIVE_MINUTES }),
        throttles: fn.metricThrottles({ period: FIVE_MINUTES }),
      },
    });
    return this.raise(scope, `${fn.node.id}Failures`, metric, {
      threshold: 1,
      description: `Errors or throttles in ${what}`,
    });
  }
}
