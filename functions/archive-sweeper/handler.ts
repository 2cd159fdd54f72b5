// Every 15 minutes: documents made binding whose files a crash kept from the archive are archived now
// (docs/archive.md "Nothing lost"). One that still fails fails the run: the job's alarm goes off.
import { configuredDocumentFiles } from '#shared/archive/document-file';
import { sweepArchiveDue } from '#shared/archive/archive-due';
import { config } from '#shared/config';
import { correlated, createDb } from '#shared/data/table';
import { systemActor } from '#shared/domain/actor';
import { createLogger } from '#shared/observability/logger';
import { errorFields } from '#shared/observability/stack';
import { traced } from '#shared/observability/tracing';

const { TABLE_NAME, LOG_LEVEL } = config();
const db = correlated(createDb(TABLE_NAME, traced), undefined, systemActor('archive-sweeper'));
const files = configuredDocumentFiles();
const log = createLogger(LOG_LEVEL, { job: 'archive-sweeper' });

export const handler = async (event: { now?: string } = {}) => {
  const { archived, failed } = await sweepArchiveDue({ ...files, db }, event.now ? new Date(event.now) : new Date());
  for (const { due, error } of failed) log.error('archive still due', { ...due, ...errorFields(error) });
  log.info('archive sweep', { archived, failed: failed.length });
  if (failed.length > 0) throw new Error(`${failed.length} documents could not be archived`);
  return { archived, failed: failed.length };
};
