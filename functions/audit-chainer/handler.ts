// EventBridge (every service event, through the rule's SQS target) → the organization's audit chain,
// each event chained once.
import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { appendToAuditLog } from '#shared/audit/append-audit-entry';
import { traced } from '#shared/observability/tracing';
import { busMessage } from '#shared/workers/messages';
import { queueWorker } from '#shared/workers/queue-worker';

const { TABLE_NAME, LOG_LEVEL, AUDIT_RETENTION_DAYS } = config();
const db = createDb(TABLE_NAME, traced);

// In order: a batch's events of one organization would only race for the same place in its chain.
export const handler = queueWorker(
  'audit-chainer',
  { logLevel: LOG_LEVEL, message: busMessage, correlationOf: ({ detail }) => detail.correlation_id, inOrder: true },
  async ({ detail: event }, { log }) => {
    log.info('audit entry', { event_id: event.id, outcome: await appendToAuditLog(db, event, AUDIT_RETENTION_DAYS) });
  },
);
