// Scheduled functions. The CDK stack gives each an EventBridge schedule; infra/local ticks them.

export type Job = {
  name: string;
  /** EventBridge schedule expression. */
  schedule: string;
  /** How often the local runtime runs it, in seconds. */
  localEverySeconds: number;
  /** Jobs that put events on the bus get that grant; no other does. */
  publishesEvents?: boolean;
  /** Jobs that send invoice e-mails get the SES grant for the configured sender. */
  sendsEmail?: boolean;
  /** Jobs that have documents drawn may invoke the document renderer. */
  rendersDocuments?: boolean;
  /** Jobs that archive what they send, or serve from the archive (docs/archive.md). */
  archives?: boolean;
  /** The recurring runner only plans: it queues one message per organization for the recurring worker. */
  queuesRecurringRuns?: boolean;
};

export const JOBS = [
  // Hourly, so each time zone's invoices turn overdue shortly after its midnight.
  { name: 'overdue-sweeper', schedule: 'cron(15 * * * ? *)', localEverySeconds: 60 },
  // Hourly too, after the overdue sweep: each zone's reminders go out early in its day.
  {
    name: 'reminder-sweeper',
    schedule: 'cron(25 * * * ? *)',
    localEverySeconds: 60,
    sendsEmail: true,
    rendersDocuments: true,
    archives: true,
  },
  // Hourly too: each zone's quotes expire shortly after the midnight that ends their last day.
  { name: 'quote-sweeper', schedule: 'cron(20 * * * ? *)', localEverySeconds: 60 },
  { name: 'recurring-runner', schedule: 'rate(5 minutes)', localEverySeconds: 60, queuesRecurringRuns: true },
  { name: 'outbox-sweeper', schedule: 'rate(15 minutes)', localEverySeconds: 60, publishesEvents: true },
  // What a crash kept from the archive (docs/archive.md "Nothing lost").
  {
    name: 'archive-sweeper',
    schedule: 'rate(15 minutes)',
    localEverySeconds: 60,
    rendersDocuments: true,
    archives: true,
  },
  // Weekdays after the ECB's 16:00 Frankfurt publication, winter (15:30 UTC) and summer alike; the second run retries.
  { name: 'exchange-rate-fetcher', schedule: 'cron(30 15,17 ? * MON-FRI *)', localEverySeconds: 3600 },
  // Voids numbers whose document was never written, once they are past the grace period.
  { name: 'number-sweeper', schedule: 'rate(15 minutes)', localEverySeconds: 60 },
] as const satisfies readonly Job[];
