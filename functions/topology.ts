// The one table of the queues, their consumers and the bus rules that feed them. The CDK stack
// builds them from here (infra/constructs/events.ts, schedules.ts); infra/local creates and polls the
// same queues from here; test/infra/topology.test.ts compares the synthesized template with what the
// local runtime wires, so the two cannot drift apart.
import type { Route } from '#functions/routes';
import { API_KEY_USE } from '#shared/domain/api-key-usage';
import { PEPPOL_DOCUMENT_TYPES } from '#shared/domain/peppol';
import { PEPPOL_EVENTS } from '#shared/domain/peppol-sending';
import { INVOICE_RESPONSE_EVENTS } from '#shared/domain/invoice-response';
import { REVENUE_EVENT_TYPES } from '#shared/reports/contributions';
import { SES_DETAIL_TYPES, SES_EVENT_SOURCE, type SesEventType } from '#shared/email/ses-events';

export type { QueueSpec } from '#functions/queue-spec';
import type { QueueSpec } from '#functions/queue-spec';

/** SQS's advice: a visibility timeout of six times the consumer's timeout. */
export const VISIBILITY_FACTOR = 6;

/** How long dead-letter queues keep what they hold (SQS's maximum). */
export const DEAD_LETTER_RETENTION_DAYS = 14;

export const QUEUES = {
  fanout: {
    name: 'webhook-fanout',
    constructId: 'Fanout',
    maxReceiveCount: 5,
    retentionDays: 4,
    consumer: {
      handler: 'webhook-fanout',
      constructId: 'FanoutWorker',
      title: 'the webhook fan-out worker',
      timeoutSeconds: 30,
      batchSize: 10,
      maxConcurrency: 10,
      table: 'readOnly',
      queuesDeliveries: true,
    },
  },
  // Retries are scheduled by the worker (visibility changes up to 10 h), so the receive count is generous.
  delivery: {
    name: 'webhook-delivery',
    constructId: 'Delivery',
    maxReceiveCount: 12,
    retentionDays: 4,
    consumer: {
      handler: 'webhook-delivery',
      constructId: 'DeliveryWorker',
      title: 'the webhook delivery worker',
      timeoutSeconds: 30,
      batchSize: 5,
      maxConcurrency: 20,
      table: 'readWrite',
      retriesDeliveries: true,
    },
  },
  revenue: {
    name: 'revenue',
    constructId: 'Revenue',
    maxReceiveCount: 10,
    retentionDays: 14,
    // Aggregates are written with ADD, so events may arrive in any order; a marker per event makes a redelivery a no-op.
    consumer: {
      handler: 'revenue-aggregator',
      constructId: 'RevenueAggregator',
      title: 'the revenue aggregator',
      timeoutSeconds: 30,
      batchSize: 10,
      maxConcurrency: 5,
      table: 'readWrite',
    },
  },
  // Every event, chained into its organization's audit log; appenders of one organization take turns on its head.
  audit: {
    name: 'audit',
    constructId: 'Audit',
    maxReceiveCount: 10,
    retentionDays: 14,
    // Each entry is appended conditional on the organization's chain head, so a redelivery or a race appends nothing twice.
    consumer: {
      handler: 'audit-chainer',
      constructId: 'AuditChainer',
      title: 'the audit chainer',
      timeoutSeconds: 30,
      batchSize: 10,
      maxConcurrency: 2,
      table: 'readWrite',
    },
  },
  // One message per bank statement imported; the worker books its entries (docs/reconciliation.md).
  bankStatements: {
    name: 'bank-statements',
    constructId: 'BankStatements',
    maxReceiveCount: 3,
    retentionDays: 4,
    // An import already completed is left as it is; one cut off while running books again, each entry once.
    consumer: {
      handler: 'bank-statement-worker',
      constructId: 'BankStatementWorker',
      title: 'the bank statement worker',
      timeoutSeconds: 900,
      batchSize: 1,
      maxConcurrency: 2,
      table: 'readWrite',
      archives: true,
    },
  },
  // One message per export asked for; the worker streams the file, so one instance holds little memory.
  exports: {
    name: 'exports',
    constructId: 'Exports',
    maxReceiveCount: 3,
    retentionDays: 4,
    // A job already finished is left as it is; one cut off while running is written again from the start.
    consumer: {
      handler: 'export-worker',
      constructId: 'ExportWorker',
      title: 'the export worker',
      timeoutSeconds: 900,
      batchSize: 1,
      maxConcurrency: 2,
      table: 'readWrite',
      writesExports: true,
      archives: true,
    },
  },
  // SES reports arrive within seconds of a sending; one that outruns its record comes back for another try.
  emailStatus: {
    name: 'email-status',
    constructId: 'EmailStatus',
    maxReceiveCount: 10,
    retentionDays: 4,
    consumer: {
      handler: 'email-status',
      constructId: 'Worker', // inside the Email construct: EmailWorker…
      title: 'the e-mail status worker',
      timeoutSeconds: 30,
      batchSize: 10,
      maxConcurrency: 5,
      table: 'readWrite',
    },
  },
  // One message per organization; FIFO groups keep an organization's runs in order, one at a time.
  recurringRuns: {
    name: 'recurring-runs',
    constructId: 'RecurringRuns',
    fifo: true,
    maxReceiveCount: 5,
    retentionDays: 1,
    // It sends the invoices marked auto_send, so it mails (and has documents drawn) like the send route.
    consumer: {
      handler: 'recurring-worker',
      constructId: 'RecurringWorker',
      title: 'the recurring worker',
      timeoutSeconds: 300,
      batchSize: 1,
      maxConcurrency: 10,
      table: 'readWrite',
      rendersDocuments: true,
      archives: true,
      sendsEmail: true,
    },
  },
  // A queued Peppol sending (its event) and the worker's later looks at its status; transmissions are
  // idempotent by the sending's id, so a redelivered message never transmits twice.
  peppol: {
    name: 'peppol',
    constructId: 'Peppol',
    maxReceiveCount: 8,
    retentionDays: 4,
    consumer: {
      handler: 'peppol-worker',
      constructId: 'PeppolWorker',
      title: 'the Peppol worker',
      timeoutSeconds: 60,
      batchSize: 5,
      maxConcurrency: 5,
      table: 'readWrite',
      rendersDocuments: true,
      usesPeppol: true,
      archives: true,
      queuesPeppolChecks: true,
    },
  },
  // SES's notification of an e-mail received for the deployment's receiving domain (the receipt rule's
  // SNS topic, raw delivery), its MIME already in the incoming bucket: each attachment is taken in once by
  // its message id and part, so a redelivered notification adds nothing (docs/incoming-invoices.md).
  incomingEmail: {
    name: 'incoming-email',
    constructId: 'IncomingEmail',
    maxReceiveCount: 5,
    retentionDays: 4,
    consumer: {
      handler: 'email-receiver',
      constructId: 'EmailReceiver',
      title: 'the e-mail receiver',
      // The reader's timeout per candidate, for the few an e-mail brings.
      timeoutSeconds: 120,
      batchSize: 1,
      maxConcurrency: 5,
      table: 'readWrite',
      receivesInvoices: true,
      readsIncoming: true,
      archives: true,
    },
  },
  // A document the Peppol gateway kept for an access point's arrival (its bytes under `peppol/` in the
  // incoming bucket): taken into the inbox of the organization that receives as its participant, once
  // by the access point's message id, so a redelivery adds nothing (docs/incoming-invoices.md "By Peppol").
  incomingPeppol: {
    name: 'incoming-peppol',
    constructId: 'IncomingPeppol',
    maxReceiveCount: 5,
    retentionDays: 4,
    consumer: {
      handler: 'peppol-receiver',
      constructId: 'PeppolReceiver',
      title: 'the Peppol receiver',
      // The reader's timeout, and the gateway's for the acknowledgement.
      timeoutSeconds: 90,
      batchSize: 1,
      maxConcurrency: 5,
      table: 'readWrite',
      receivesInvoices: true,
      readsIncoming: true,
      archives: true,
      usesPeppol: true,
    },
  },
} as const satisfies Record<string, QueueSpec>;

export type QueueKey = keyof typeof QUEUES;

export const visibilitySeconds = (queue: QueueSpec) => queue.consumer.timeoutSeconds * VISIBILITY_FACTOR;

/** The bus's rules: every service event to the fan-out and audit queues, the revenue events to the revenue queue, sendings queued for Peppol to the Peppol queue. */
export const EVENT_RULES: readonly { constructId: string; queue: QueueKey; detailTypes?: readonly string[] }[] = [
  { constructId: 'ServiceEvents', queue: 'fanout' },
  { constructId: 'RevenueEvents', queue: 'revenue', detailTypes: REVENUE_EVENT_TYPES },
  { constructId: 'AuditEvents', queue: 'audit' },
  { constructId: 'ExportEvents', queue: 'exports', detailTypes: ['export.created'] },
  { constructId: 'BankStatementEvents', queue: 'bankStatements', detailTypes: ['bank_statement.created'] },
  {
    constructId: 'PeppolEvents',
    queue: 'peppol',
    detailTypes: PEPPOL_DOCUMENT_TYPES.map((kind) => PEPPOL_EVENTS[kind].queued),
  },
  // A received document's statuses, for its Peppol supplier's Invoice Responses (the worker skips other channels').
  { constructId: 'InvoiceResponseEvents', queue: 'peppol', detailTypes: INVOICE_RESPONSE_EVENTS },
];

/**
 * SES's e-mail events of the service's configuration set: SES publishes them to the account's default
 * bus only, where this rule (its pattern below) sends them to the e-mail status queue. Locally,
 * infra/local/ses-events.ts publishes the same events through the same pattern.
 */
export const EMAIL_EVENT_RULE = {
  constructId: 'EmailEvents',
  queue: 'emailStatus',
  /** The configuration set's event types, as SES names them in its API. */
  sesEventTypes: Object.keys(SES_DETAIL_TYPES) as SesEventType[],
} as const satisfies { constructId: string; queue: QueueKey; sesEventTypes: readonly SesEventType[] };

/** The rule's event pattern: the configuration set's sending events, and no other SES mail of the account. */
export const emailEventPattern = (configurationSetName: string) => ({
  source: [SES_EVENT_SOURCE],
  'detail-type': EMAIL_EVENT_RULE.sesEventTypes.map((type) => SES_DETAIL_TYPES[type]),
  detail: { mail: { tags: { 'ses:configuration-set': [configurationSetName] } } },
});

/**
 * Log subscriptions: lines of the route functions' output whose `field` equals `value` go to the
 * consumer. In AWS a CloudWatch Logs subscription filter on each route's log group (with an
 * on-failure queue for batches the consumer gives up on); on a laptop infra/local/log-subscriptions.ts
 * reads the same lines from the process's output.
 */
export type LogSubscription = {
  constructId: string;
  field: string;
  value: string;
  /** Which routes' log groups feed it. */
  fromRoutes: (route: Route) => boolean;
  consumer: { handler: string; timeoutSeconds: number };
};

export const LOG_SUBSCRIPTIONS: readonly LogSubscription[] = [
  {
    constructId: 'ApiKeyUsage',
    field: 'kind',
    value: API_KEY_USE,
    fromRoutes: (route) => route.credentials === 'any',
    consumer: { handler: 'usage-aggregator', timeoutSeconds: 60 },
  },
];

/** The subscription as a CloudWatch Logs filter pattern. */
export const filterPatternOf = (subscription: LogSubscription) =>
  `{ $.${subscription.field} = "${subscription.value}" }`;

/**
 * Functions the service's own functions invoke synchronously (Lambda Invoke, RequestResponse). In AWS
 * each is a function of the stack that only its callers may invoke (infra/constructs/invoked-function.ts);
 * on a laptop infra/local/lambda-endpoint.ts answers the Invoke API for the same list.
 */
export type InvokedFunction = {
  /** Function folder under functions/, and its name on the laptop's endpoint. */
  handler: string;
  constructId: string;
  timeoutSeconds: number;
  memorySize: number;
  /** Where its callers find its name. */
  nameVariable:
    | 'DOCUMENT_RENDERER_FUNCTION'
    | 'PAYMENT_GATEWAY_FUNCTION'
    | 'PEPPOL_GATEWAY_FUNCTION'
    | 'E_INVOICE_READER_FUNCTION';
};

/**
 * The one function that draws documents (PDFs, e-invoices, the e-mails that carry them). Only it bundles
 * the PDF, XML and MIME libraries and the fonts; the routes and workers marked `rendersDocuments` invoke
 * it, so it stays warm for all of them. Lambda gives CPU in proportion to memory, and drawing is CPU work.
 */
export const DOCUMENT_RENDERER = {
  handler: 'render-document',
  constructId: 'DocumentRenderer',
  timeoutSeconds: 20,
  memorySize: 1536,
  nameVariable: 'DOCUMENT_RENDERER_FUNCTION',
} as const satisfies InvokedFunction;

/**
 * The one function with the Stripe SDK and the Stripe secret: checkout sessions, refunds and webhook
 * signatures for the routes marked `usesStripe`, in deployments that take Stripe.
 */
export const PAYMENT_GATEWAY = {
  handler: 'payment-gateway',
  constructId: 'PaymentGateway',
  timeoutSeconds: 20,
  memorySize: 512,
  nameVariable: 'PAYMENT_GATEWAY_FUNCTION',
} as const satisfies InvokedFunction;

/**
 * The one function with the Peppol access point's key: discovery, submission and status for the routes
 * and workers marked `usesPeppol`, in deployments with an access point (docs/peppol.md). Its timeout
 * covers the access point's own (20 s: phoss-ap answers only after its AS4 send).
 */
export const PEPPOL_GATEWAY = {
  handler: 'peppol-gateway',
  constructId: 'PeppolGateway',
  timeoutSeconds: 30,
  memorySize: 512,
  nameVariable: 'PEPPOL_GATEWAY_FUNCTION',
} as const satisfies InvokedFunction;

/**
 * The one function that reads received e-invoices: the hardened parser, the official rules (SaxonJS
 * and their compiled stylesheets beside its bundle) and the PDF reader, for the inbox's routes and
 * workers (docs/incoming-invoices.md). A hostile file meets its limits and no other function's. It
 * reads and writes the incoming bucket only; SaxonJS's first run of a rule set is CPU work.
 */
export const E_INVOICE_READER = {
  handler: 'read-e-invoice',
  constructId: 'EInvoiceReader',
  timeoutSeconds: 30,
  memorySize: 2048,
  nameVariable: 'E_INVOICE_READER_FUNCTION',
} as const satisfies InvokedFunction;

export const INVOKED_FUNCTIONS: readonly InvokedFunction[] = [
  DOCUMENT_RENDERER,
  PAYMENT_GATEWAY,
  PEPPOL_GATEWAY,
  E_INVOICE_READER,
];
