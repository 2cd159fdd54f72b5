// An invoice export of 20 000 invoices through the export worker's own operation, into the S3
// emulator: how long it takes, how much heap it holds against an export of 2 000 (flat: it streams),
// and whether the CSV's totals per currency are the revenue report's to the cent.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { type BenchContext } from '#bench/context';
import type { ExportRequest, ExportRun, Measured } from '#bench/export-child';
import { seedReportOrg } from '#bench/sections/revenue';
import { startS3Process } from '#bench/api-process';
import { createBucket, LOCAL_CREDENTIALS, freePort } from '#infra/local/emulators';
import { PART_BYTES } from '#shared/aws/object-store';

const BUCKET = 'invoicing-bench-exports';
/** The invoices of the two exports whose memory is compared. */
const [SMALL, LARGE] = [2_000, 20_000];

/** The object store's upload part (shared/aws/object-store.ts), in MB. */
const PART_MB = PART_BYTES / 1_048_576;

/**
 * The exports run one after another in a process of their own (bench/export-child.ts), started with
 * this one's environment: what they hold is all its heap holds beside its modules.
 */
export async function exportsApart(runs: ExportRun[], s3Endpoint: string): Promise<Measured[]> {
  const child = fork(fileURLToPath(new URL('../export-child.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
  });
  const request: ExportRequest = { runs, bucket: BUCKET, s3Endpoint };
  child.send(request);
  return new Promise((resolve, reject) => {
    child.once('message', (measured: Measured[]) => resolve(measured));
    child.once('exit', (code) => reject(new Error(`the export process exited with ${code} before it answered`)));
  });
}

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
  try {
    const [small, large] = [await seedReportOrg(db, SMALL, 10), await seedReportOrg(db, LARGE, 11)];
    // The first export of each store warms what later ones reuse (the S3 client's endpoint rules, its
    // XML parser, a connection): a small one first, then those measured.
    const measured = await exportsApart(
      [
        { organizationId: small.org.id, rows: SMALL, into: 'draining' },
        { organizationId: small.org.id, rows: SMALL, into: 'draining' },
        { organizationId: large.org.id, rows: LARGE, into: 'draining' },
        { organizationId: small.org.id, rows: SMALL, into: 's3' },
        { organizationId: large.org.id, rows: LARGE, into: 's3' },
      ],
      s3Emulator.url,
    );
    const [smallDrained, largeDrained, largeRun] = [measured[1]!, measured[2]!, measured[4]!];
    row(
      'export live memory (heap and buffers, after collection), reading and writing the CSV: 20 000 vs 2 000 invoices',
      largeDrained.heapMb,
      smallDrained.heapMb,
      'MB',
      'flat (≤ 1.5×)',
      largeDrained.heapMb <= 1.5 * smallDrained.heapMb,
    );
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
