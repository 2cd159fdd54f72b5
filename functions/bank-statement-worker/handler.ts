// EventBridge (bank_statement.created, through the rule's SQS target) → the statement's entries booked,
// and bank_statement.imported (docs/reconciliation.md).
import { archiveStore } from '#shared/aws/archive-store';
import { config } from '#shared/config';
import { correlated, createDb } from '#shared/data/table';
import { systemActor } from '#shared/domain/actor';
import { traced } from '#shared/observability/tracing';
import { runBankStatementImport } from '#shared/reconciliation/run-bank-statement-import';
import { busMessage } from '#shared/workers/messages';
import { queueWorker } from '#shared/workers/queue-worker';

const { TABLE_NAME, LOG_LEVEL, PUBLIC_BASE_URL } = config();
const table = createDb(TABLE_NAME, traced);
const archive = archiveStore();

export const handler = queueWorker(
  'bank-statement-worker',
  { logLevel: LOG_LEVEL, message: busMessage, correlationOf: ({ detail }) => detail.correlation_id },
  async ({ detail: event }, { log, correlationId }) => {
    const db = correlated(table, correlationId, systemActor('bank-statement-worker'));
    const statementId = (event.data.object as { id: string }).id;
    const job = await runBankStatementImport(
      { db, archive, publicBaseUrl: PUBLIC_BASE_URL },
      event.organization_id,
      statementId,
    );
    log.info('bank statement', { bank_statement_id: statementId, status: job?.status, counts: job?.counts });
  },
);
