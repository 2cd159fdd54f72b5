// One CloudWatch dashboard for the service: the API's traffic, errors and latency, the event
// pipeline's lag, and the state of every alarm.
import { Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { AlarmStatusWidget, Dashboard, GraphWidget, Metric, type IAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { SERVICE_NAME } from '#shared/observability/logger';
import { METRICS_NAMESPACE, type MetricName } from '#shared/observability/metrics';

export type DashboardProps = { httpApi: HttpApi; publisher: IFunction; alarms: IAlarm[] };

export class DashboardConstruct extends Construct {
  constructor(scope: Construct, id: string, { httpApi, publisher, alarms }: DashboardProps) {
    super(scope, id);
    const period = Duration.minutes(5);
    // The business metrics the functions emit (embedded metric format, dimension `service`).
    const business = (names: MetricName[]) =>
      names.map(
        (metricName) =>
          new Metric({
            namespace: METRICS_NAMESPACE,
            metricName,
            dimensionsMap: { service: SERVICE_NAME },
            statistic: 'Sum',
            period: Duration.hours(1),
          }),
      );
    new Dashboard(this, 'Dashboard', {
      dashboardName: `${Stack.of(this).stackName}-service`,
      widgets: [
        [new AlarmStatusWidget({ title: 'Alarms', alarms, width: 24 })],
        [
          new GraphWidget({
            title: 'API requests and errors',
            left: [
              httpApi.metricCount({ period }),
              httpApi.metricClientError({ period }),
              httpApi.metricServerError({ period }),
            ],
            width: 8,
          }),
          new GraphWidget({
            title: 'API latency (ms)',
            left: [
              httpApi.metricLatency({ period, statistic: 'p50' }),
              httpApi.metricLatency({ period, statistic: 'p99' }),
            ],
            width: 8,
          }),
          new GraphWidget({
            title: 'Event publisher lag (ms)',
            left: [publisher.metric('IteratorAge', { statistic: 'Maximum', period })],
            width: 8,
          }),
        ],
        [
          new GraphWidget({
            title: 'Invoices and payments (per hour)',
            left: business(['InvoicesCreated', 'InvoicesSent', 'PaymentsReceived']),
            width: 12,
          }),
          new GraphWidget({
            title: 'Deliveries and failures (per hour)',
            width: 12,
            left: business([
              'WebhookDeliveriesSucceeded',
              'WebhookDeliveriesFailed',
              'DeadLetteredMessages',
              'InvoiceEmailsFailed',
            ]),
          }),
        ],
      ],
    });
  }
}
