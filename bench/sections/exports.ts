// An invoice export of 20 000 invoices through the export worker's own operation, into the S3
// emulator: how long it takes, how much heap it holds against an export of 2 000 (flat: it streams),
// and whether the CSV's totals per currency are the revenue report's to the cent.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { type BenchContext } from '#bench/context';
import { seedReportOrg } from '#bench/sections/revenue';
import { startS3Process } from '#bench/api-process';
import { createBucket, LOCAL_CREDENTIALS, freePort } from '#infra/local/emulators';
import { type ObjectStore, PART_BYTES, s3ObjectStore } from '#shared/aws/object-store';
import { createLogger } from '#shared/observability/logger';
import { requestExport } from '#shared/exports/request-export';
import { runExport } from '#shared/exports/run-export';

const BUCKET = 'invoicing-bench-exports';

setFlagsFromString('--expose-gc');
/** V8's collector, asked for at run time: the bench runs without --expose-gc. */
const collectGarbage = runInNewContext('gc') as () => void;
/** What the process holds alive: objects, and the buffers outside the heap (an upload part is one). */
const liveBytes = () => {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};
/** The object store's upload part (shared/aws/object-store.ts), in MB. */
const PART_MB = PART_BYTES / 1_048_576;

/** A store that reads what it is given and keeps nothing: the export's own memory, without the upload's part. */
const draining: ObjectStore = {
  async put(_key, body) {
    for await (const _chunk of body);
  },
};

export async function exports(context: BenchContext): Promise<void> {
  const { db } = context;
  const { row } = context.rows;
  // In a process of its own: what S3 keeps is not the export's memory.
  const s3Emulator = await startS3Process(await freePort());
  await createBucket(s3Emulator.url, BUCKET);
  const s3 = new S3Client({
    endpoint: s3Emulator.url,
    forcePathStyle: true,
    region: LOCAL_CREDENTIALS.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const store = s3ObjectStore(BUCKET, s3);
  try {
    const [small, large] = [await seedReportOrg(db, 2_000, 10), await seedReportOrg(db, 20_000, 11)];
    const measure = measurer(db, store);
    await measure(small.org.id, draining);
    const [smallDrained, largeDrained] = [await measure(small.org.id, draining), await measure(large.org.id, draining)];
    row(
      'export live memory (heap and buffers, after collection), reading and writing the CSV: 20 000 vs 2 000 invoices',
      largeDrained.heapMb,
      smallDrained.heapMb,
      'MB',
      'flat (≤ 1.5×)',
      largeDrained.heapMb <= 1.5 * smallDrained.heapMb,
    );
    // The S3 client's first upload builds what it keeps for every later one (endpoint rules, the XML
    // parser, a connection): a small export to the store first, as the draining store had its own.
    await measure(small.org.id);
    const largeRun = await measure(large.org.id);
    row(
      `invoice export of ${largeRun.rows} invoices to CSV in the object store`,
      largeRun.seconds,
      0,
      's',
      '< 120 s',
      largeRun.seconds < 120,
    );
    // The upload holds one part (5 MiB) more than the draining store: nothing that grows with the rows.
    const floor = largeDrained.heapMb + PART_MB;
    row(
      'export live memory with the S3 upload, 20 000 invoices: against the draining export plus one 5 MiB part',
      largeRun.heapMb,
      floor,
      'MB',
      'flat (≤ 1×)',
      largeRun.heapMb <= floor,
    );
    const file = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: largeRun.key }));
    row(
      `the export file of ${largeRun.rows} invoices, in ${PART_MB} MB parts`,
      (file.ContentLength ?? 0) / 1_048_576,
      0,
      'MB',
      'reported',
      true,
    );
    const differences = await totalsAgainstReport(
      context,
      large.org.apiKey,
      await file.Body!.transformToString('utf8'),
    );
    row(
      'currencies whose CSV total differs from the revenue report (20 000 invoices)',
      differences,
      0,
      '',
      '0',
      differences === 0,
    );
  } finally {
    await s3Emulator.stop();
  }
}

/** Runs one export of all the organization's invoices: seconds, the memory it held above where it started, its key. */
function measurer(db: BenchContext['db'], store: ObjectStore) {
  const log = createLogger('silent', { worker: 'export-worker' });
  return async (organizationId: string, into: ObjectStore = store) => {
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
    const done = await runExport({ db, store: into, log }, organizationId, job.id);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (done?.status !== 'completed') throw new Error(`export ${job.id}: ${done?.status} ${done?.error ?? ''}`);
    return { seconds, heapMb: (peak - start) / 1_048_576, key: done.object_key!, rows: done.rows_done };
  };
}

/** Sums the CSV's totals per currency (void rows aside) and counts the currencies the report disagrees on. */
async function totalsAgainstReport(context: BenchContext, apiKey: string, csv: string): Promise<number> {
  const [header, ...lines] = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const columns = header!.split(',');
  const [currency, total, status] = ['currency', 'total_amount', 'status'].map((name) => columns.indexOf(name));
  const sums = new Map<string, bigint>();
  for (const line of lines) {
    const cells = line.split(',');
    if (cells[status!] === 'void') continue;
    const cents = BigInt(cells[total!]!.replace('.', ''));
    sums.set(cells[currency!]!, (sums.get(cells[currency!]!) ?? 0n) + cents);
  }
  const { startApiServer } = await import('#infra/local/api-server');
  const api = await startApiServer({ port: context.apiPort });
  try {
    const response = await fetch(
      `${api.url}/api/v1/reports/revenue/?period=yearly&start_date=2025-01-01&end_date=2026-12-31`,
      { headers: { authorization: `Bearer ${apiKey}` } },
    );
    const report = (await response.json()) as { totals: { currency: string; invoiced: string; credited: string }[] };
    const reported = new Map(
      report.totals.map((entry) => [
        entry.currency,
        BigInt(entry.invoiced.replace('.', '')) + BigInt(entry.credited.replace('.', '')),
      ]),
    );
    const currencies = new Set([...sums.keys(), ...reported.keys()]);
    return [...currencies].filter((code) => (sums.get(code) ?? 0n) !== (reported.get(code) ?? 0n)).length;
  } finally {
    await api.stop();
  }
}
