// Business metrics as CloudWatch embedded metric format, through Powertools for AWS Lambda. Domain
// code counts through the `Counter` it is handed; the functions publish once per invocation.
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import { SERVICE_NAME } from '#shared/observability/logger';

export const METRICS_NAMESPACE = 'InvoicingService';

/** The metrics the service emits, by name. */
export type MetricName =
  | 'InvoicesCreated'
  | 'InvoicesSent'
  | 'PaymentsReceived'
  | 'InvoiceEmailsFailed'
  | 'WebhookDeliveriesSucceeded'
  | 'WebhookDeliveriesFailed'
  | 'DeadLetteredMessages';

export type Counter = { count(name: MetricName, value?: number): void };

/** Events whose arrival at the fan-out worker is counted (one place sees every event exactly as published). */
export const COUNTED_EVENTS: Record<string, MetricName> = {
  'invoice.created': 'InvoicesCreated',
  'invoice.sent': 'InvoicesSent',
  'payment.received': 'PaymentsReceived',
};

/**
 * One per process. Powertools' Metrics (and the quiet logger for its warnings, e.g. nothing to
 * publish) is made at the first count: most calls count nothing, and then publish nothing.
 */
export function createMetrics(): Counter & { publishStoredMetrics(): void } {
  let metrics: Metrics | undefined;
  return {
    count: (name: MetricName, value = 1) => {
      metrics ??= new Metrics({
        namespace: METRICS_NAMESPACE,
        serviceName: SERVICE_NAME,
        logger: new PowertoolsLogger({ serviceName: SERVICE_NAME, logLevel: 'ERROR' }),
      });
      metrics.addMetric(name, MetricUnit.Count, value);
    },
    publishStoredMetrics: () => metrics?.publishStoredMetrics(),
  };
}
