// One CloudWatch dashboard for the service: the API's traffic, errors and latency, the event
// pipeline's lag, and the state of every alarm.
import { Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { AlarmStatusWidget, Dashboard, GraphWidget, type IAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

export type DashboardProps = { httpApi: HttpApi; publisher: IFunction; alarms: IAlarm[] };

export class DashboardConstruct extends Construct {
  constructor(scope: Construct, id: string, { httpApi, publisher, alarms }: DashboardProps) {
    super(scope, id);
    const period = Duration.minutes(5);
    new Dashboard(this, 'Dashboard', {
      dashboardName: `${Stack.of(this).stackName}-service`,
      widgets: [
        [new AlarmStatusWidget({ title: 'Alarms', alarms, width: 24 })],
        [
          new GraphWidget({ title: 'API requests and errors', left: [httpApi.metricCount({ period }), httpApi.metricClientError({ period }), httpApi.metricServerError({ period })], width: 8 }),
          new GraphWidget({ title: 'API latency (ms)', left: [httpApi.metricLatency({ period, statistic: 'p50' }), httpApi.metricLatency({ period, statistic: 'p99' })], width: 8 }),
          new GraphWidget({ title: 'Event publisher lag (ms)', left: [publisher.metric('IteratorAge', { statistic: 'Maximum', period })], width: 8 }),
        ],
      ],
    });
  }
}
