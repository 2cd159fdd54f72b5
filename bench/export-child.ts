// Entry of the export process (bench/sections/exports.ts): runs the exports it is sent one after
// another, each measured for time and live memory, in a heap that holds nothing of the bench's own.
// The collections before each sample cost what the heap holds: here a few milliseconds.
import { pipeline, Transform } from 'node:stream';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { LOCAL_CREDENTIALS } from '#infra/local/emulators';
import { type ObjectStore, s3ObjectStore } from '#shared/aws/object-store';
import { archiveStore } from '#shared/aws/archive-store';
import { correlated, createDb } from '#shared/data/table';
import { systemActor } from '#shared/domain/actor';
import { requestExport } from '#shared/exports/request-export';
import { runExport } from '#shared/exports/run-export';
import { createLogger } from '#shared/observability/logger';

/**
 * One export to run: the organization's invoices, into S3 or into a store that keeps nothing.
 * `rows`: how many it holds, so that every export is sampled at the same points of its progress.
 */
export type ExportRun = {
  organizationId: string;
  rows: number;
  into: 's3' | 'draining';
  kind?: 'invoices' | 'archive';
};
export type ExportRequest = { runs: ExportRun[]; bucket: string; s3Endpoint: string };
export type Measured = { seconds: number; heapMb: number; key: string; rows: number };

/** Samples per export, at equal steps of its rows: a large export is not sampled more often than a small one. */
const SAMPLES = 40;

const collectGarbage = globalThis.gc!;
/**
 * What the process holds alive: objects, and the buffers outside the heap (an upload part is one).
 * Two collections: V8 frees a dead array buffer's memory after the collection that finds it, so a
 * sample after one may still count a buffer of megabytes that nothing holds.
 */
const liveBytes = () => {
  collectGarbage();
  collectGarbage();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};

/**
 * The store, with the body it is given sampled every `every` lines of the file as it passes (a CSV), or
 * every `every` chunks (a ZIP, whose bytes have no lines).
 */
function sampledStore(store: ObjectStore, every: number, sample: () => void, by: 'lines' | 'chunks'): ObjectStore {
  return {
    put(key, body, file) {
      let lines = 0;
      const counting = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          if (by === 'chunks' && ++lines % every === 0) sample();
          for (let at = by === 'lines' ? chunk.indexOf(10) : -1; at !== -1; at = chunk.indexOf(10, at + 1)) {
            lines += 1;
            if (lines % every === 0) sample();
          }
          done(null, chunk);
        },
      });
      // pipeline, as the export's own: a failed body fails the store's read instead of leaving it open.
      return store.put(
        key,
        pipeline(body, counting, () => {}),
        file,
      );
    },
  };
}

/** A store that reads what it is given and keeps nothing: the export's own memory, without the upload's part. */
const draining: ObjectStore = {
  async put(_key, body) {
    for await (const _chunk of body);
  },
};

/** Called with every answer from DynamoDB while an export runs: a page of invoices is largest there. */
let onAnswer: (() => void) | undefined;
const sampledAnswers = (client: DynamoDBClient) => {
  client.middlewareStack.add(
    (next) => async (args) => {
      const output = await next(args);
      onAnswer?.();
      return output;
    },
    { step: 'initialize', name: 'benchMemorySample' },
  );
  return client;
};
const db = correlated(createDb(process.env.TABLE_NAME!, sampledAnswers), undefined, systemActor('bench'));
const log = createLogger('silent', { worker: 'export-worker' });
/** The archive an archive export reads: the bench's Object Lock front (bench/run.ts), named by the environment. */
const archive = archiveStore();

async function measure({ organizationId, rows, kind = 'invoices' }: ExportRun, store: ObjectStore): Promise<Measured> {
  const job = await requestExport(db, organizationId, {
    kind,
    from: '2025-01-01',
    to: '2026-12-31',
    include_drafts: false,
  });
  // Live memory, not garbage: collected before every sample.
  const start = liveBytes();
  let peak = start;
  const sample = () => {
    peak = Math.max(peak, liveBytes());
  };
  // At the same points of every export (equal steps of its rows, and each page's answer), so that the
  // peak does not depend on how long an export runs.
  // A ZIP passes at least one chunk per document: its files' and their headers'.
  const by = kind === 'archive' ? 'chunks' : 'lines';
  const sampled = sampledStore(store, Math.max(1, Math.floor(rows / SAMPLES)), sample, by);
  // Each document of the archive is a Query of its records: sampled as often as its chunks, not at each answer.
  let answers = 0;
  onAnswer = kind === 'archive' ? () => void (++answers % Math.max(1, Math.floor(rows / SAMPLES)) || sample()) : sample;
  const started = performance.now();
  const done = await runExport({ db, store: sampled, log, archive }, organizationId, job.id);
  const seconds = (performance.now() - started) / 1000;
  onAnswer = undefined;
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
  for (const run of runs) measured.push(await measure(run, run.into === 's3' ? stored : draining));
  process.send!(measured, () => process.exit(0));
});
