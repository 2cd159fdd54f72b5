// Writing an export's file (the export worker): the job is marked running with the number of rows to
// come, the rows are streamed into the object store part by part with the progress saved as they go,
// and the job completes with `export.completed` — or fails with `export.failed`. A redelivered message
// of a job already finished changes nothing; one cut off while running starts the file again.
import { pipeline, Readable, Transform } from 'node:stream';
import iconv from 'iconv-lite';
import type { ObjectStore } from '#shared/aws/object-store';
import type { ArchiveStore } from '#shared/aws/archive-store';
import { archiveZip } from '#shared/exports/archive-zip';
import { getExport, saveExportChange, saveExportProgress } from '#shared/data/exports';
import { getOrganization } from '#shared/data/organizations';
import type { CorrelatedDb } from '#shared/data/table';
import type { ExportJob } from '#shared/domain/export';
import type { Organization } from '#shared/domain/organization';
import { exportResource } from '#shared/domain/resources/export';
import { windows1252Text } from '#shared/domain/windows-1252';
import { exportText } from '#shared/exports/export-file';
import type { Logger } from '#shared/observability/logger';
import { errorFields } from '#shared/observability/stack';

export type ExportDeps = { db: CorrelatedDb; store: ObjectStore; log: Logger; archive: ArchiveStore };

/** What the file is: its bytes as they are produced, its rows to come and its media type. */
function fileOf(deps: ExportDeps, organizationId: string, organization: Organization, job: ExportJob) {
  if (job.kind === 'archive') {
    const zip = archiveZip(deps, organizationId, job);
    return { total: zip.total, bytes: zip.bytes, contentType: 'application/zip' };
  }
  const text = exportText(deps.db, organizationId, organization, job);
  const datev = job.format === 'datev';
  return {
    total: text.total,
    // pipeline, not pipe: a failed read destroys the upload's body with its error instead of leaving it open.
    bytes: (onRow: () => void) =>
      pipeline(Readable.from(text.chunks(onRow)), datev ? windows1252Bytes() : utf8Bytes(), () => {}),
    contentType: datev ? 'text/csv; charset=windows-1252' : 'text/csv; charset=utf-8',
  };
}

/** Progress is saved at most this often. */
const PROGRESS_EVERY_MS = 1000;

export async function runExport(
  deps: ExportDeps,
  organizationId: string,
  exportId: string,
): Promise<ExportJob | undefined> {
  const { db } = deps;
  const job = await getExport(db, organizationId, exportId);
  if (!job || job.status === 'completed' || job.status === 'failed') return job;
  const organization = await getOrganization(db, organizationId);
  if (!organization) return job;
  const file = fileOf(deps, organizationId, organization, job);
  const running: ExportJob = {
    ...job,
    status: 'running',
    rows_done: 0,
    rows_total: await file.total(),
    updated_at: new Date().toISOString(),
    version: job.version + 1,
  };
  if (!(await saveExportChange(db, organizationId, running, job))) return job;
  const key = `${organizationId}/${job.id}/${job.file_name}`;
  let rows = 0;
  let savedAt = Date.now();
  const onRow = () => {
    rows += 1;
  };
  async function* withProgress() {
    for await (const chunk of file.bytes(onRow) as AsyncIterable<Uint8Array>) {
      yield chunk;
      if (Date.now() - savedAt >= PROGRESS_EVERY_MS) {
        savedAt = Date.now();
        await saveExportProgress(db, organizationId, exportId, rows);
      }
    }
  }
  try {
    await deps.store.put(key, Readable.from(withProgress()), {
      contentType: file.contentType,
      fileName: job.file_name ?? `${job.id}.csv`,
    });
  } catch (error) {
    deps.log.error('export failed', { export_id: job.id, ...errorFields(error) });
    const failed = {
      ...running,
      status: 'failed' as const,
      error: 'The file could not be written; ask for it again',
      rows_done: rows,
    };
    await saveExportChange(db, organizationId, { ...failed, version: running.version + 1 }, running, [
      { type: 'export.failed', object: exportResource(failed) },
    ]);
    return failed;
  }
  const now = new Date().toISOString();
  const completed: ExportJob = {
    ...running,
    status: 'completed',
    rows_done: rows,
    object_key: key,
    completed_at: now,
    updated_at: now,
    version: running.version + 1,
  };
  await saveExportChange(db, organizationId, completed, running, [
    { type: 'export.completed', object: exportResource(completed) },
  ]);
  return completed;
}

/**
 * Text pieces as Windows-1252 bytes, as DATEV reads its batches: one "?" per character the code page
 * cannot hold (windows1252Text), not the encoder's one per UTF-16 unit. Pieces are whole rows.
 */
const windows1252Bytes = () =>
  new Transform({
    writableObjectMode: true,
    transform(chunk: string, _encoding, done) {
      done(null, iconv.encode(windows1252Text(chunk), 'win1252'));
    },
  });

/** Text pieces as UTF-8 bytes, for the store's upload. */
const utf8Bytes = () =>
  new Transform({
    writableObjectMode: true,
    transform(chunk: string, _encoding, done) {
      done(null, Buffer.from(chunk, 'utf8'));
    },
  });
