// Entry of the export process (bench/sections/exports.ts): runs the exports it is sent one after
// another, each measured for time and live memory, in a heap that holds nothing of the bench's own.
// A full collection before each sample costs what the heap holds: here a few milliseconds.
import { S3Client } from '@aws-sdk/client-s3';
import { LOCAL_CREDENTIALS } from '#infra/local/emulators';
import { type ObjectStore, s3ObjectStore } from '#shared/aws/object-store';
import { correlated, createDb } from '#shared/data/table';
import { systemActor } from '#shared/domain/actor';
import { requestExport } from '#shared/exports/request-export';
import { runExport } from '#shared/exports/run-export';
import { createLogger } from '#shared/observability/logger';

/** One export to run: the organization's invoices, into S3 or into a store that keeps nothing. */
export type ExportRun = { organizationId: string; into: 's3' | 'draining' };
export type ExportRequest = { runs: ExportRun[]; bucket: string; s3Endpoint: string };
export type Measured = { seconds: number; heapMb: number; key: string; rows: number };

const collectGarbage = globalThis.gc!;
/** What the process holds alive: objects, and the buffers outside the heap (an upload part is one). */
const liveBytes = () => {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};

/** A store that reads what it is given and keeps nothing: the export's own memory, without the upload's part. */
const draining: ObjectStore = {
  async put(_key, body) {
    for await (const _chunk of body);
  },
};

const db = correlated(createDb(process.env.TABLE_NAME!), undefined, systemActor('bench'));
const log = createLogger('silent', { worker: 'export-worker' });

async function measure(organizationId: string, store: ObjectStore): Promise<Measured> {
  const job = await requestExport(db, organizationId, {
    kind: 'invoices',
    format: 'csv',
    from: '2025-01-01',
    to: '2026-12-31',
    include_drafts: false,
  });
  // Live memory, not garbage: collected before every sample (50 ms apart).
  collectGarbage();
  const start = liveBytes();
  let peak = start;
  const sampler = setInterval(() => {
    collectGarbage();
    peak = Math.max(peak, liveBytes());
  }, 50);
  const started = performance.now();
  const done = await runExport({ db, store, log }, organizationId, job.id);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (done?.status !== 'completed') throw new Error(`export ${job.id}: ${done?.status} ${done?.error ?? ''}`);
  return { seconds, heapMb: (peak - start) / 1_048_576, key: done.object_key!, rows: done.rows_done };
}

process.once('message', async ({ runs, bucket, s3Endpoint }: ExportRequest) => {
  const s3 = new S3Client({
    endpoint: s3Endpoint,
    forcePathStyle: true,
    region: LOCAL_CREDENTIALS.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const stored = s3ObjectStore(bucket, s3);
  const measured: Measured[] = [];
  for (const run of runs) measured.push(await measure(run.organizationId, run.into === 's3' ? stored : draining));
  process.send!(measured, () => process.exit(0));
});
