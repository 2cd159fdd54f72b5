// EventBridge (export.created, through the rule's SQS target) → the export's file in the object store,
// streamed part by part, and export.completed.
import { archiveStore } from '#shared/aws/archive-store';
import { exportStore } from '#shared/aws/object-store';
import { config } from '#shared/config';
import { correlated, createDb } from '#shared/data/table';
import { systemActor } from '#shared/domain/actor';
import { runExport } from '#shared/exports/run-export';
import { traced } from '#shared/observability/tracing';
import { busMessage } from '#shared/workers/messages';
import { queueWorker } from '#shared/workers/queue-worker';

const { TABLE_NAME, LOG_LEVEL } = config();
const table = createDb(TABLE_NAME, traced);
const store = exportStore();
const archive = archiveStore();

export const handler = queueWorker(
  'export-worker',
  { logLevel: LOG_LEVEL, message: busMessage, correlationOf: ({ detail }) => detail.correlation_id },
  async ({ detail: event }, { log, correlationId }) => {
    const db = correlated(table, correlationId, systemActor('export-worker'));
    const exportId = (event.data.object as { id: string }).id;
    const job = await runExport({ db, store, log, archive }, event.organization_id, exportId);
    log.info('export', { export_id: exportId, status: job?.status, rows: job?.rows_done });
  },
);
