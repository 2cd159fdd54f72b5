// The archive export (docs/archive.md "Data access for a tax audit") of a period with 5 000 documents,
// each with an archived PDF and e-invoice, through the export worker's own operation into the S3
// emulator: its live memory against an export of 500 (flat: it streams), how long it takes, and
// whether the ZIP holds every file once with its index row and SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { unzipSync } from 'fflate';
import type { BenchContext } from '#bench/context';
import type { ExportRun } from '#bench/export-child';
import { startS3Process } from '#bench/api-process';
import { exportsApart } from '#bench/sections/exports';
import { seedReportOrg } from '#bench/sections/revenue';
import { createBucket, freePort, LOCAL_CREDENTIALS } from '#infra/local/emulators';
import { archiveStore } from '#shared/aws/archive-store';
import { recordParts, storeArchived } from '#shared/archive/keep-file';
import { putAll } from '#bench/bulk';
import { invoicesIssued } from '#shared/data/export-sources';
import type { CorrelatedDb } from '#shared/data/table';

const BUCKET = 'invoicing-bench-exports';
const [SMALL, LARGE] = [500, 5_000];
/** Files kept at once while seeding. */
const SEEDING = 48;

/**
 * Archives each invoice of the organization as issued, a PDF (8 KB of noise) and an e-invoice (4 KB of
 * XML): the objects written as the service writes them (storeArchived), the records put in batches
 * (as the service's transactions would leave them) so that seeding is not what the section measures.
 */
async function seedArchive(db: CorrelatedDb, organizationId: string) {
  const deps = { db, archive: archiveStore(), publicBaseUrl: 'http://127.0.0.1' };
  const owner = { id: organizationId };
  const items: Record<string, unknown>[] = [];
  const keep = async (invoice: { id: string; invoice_number: string }) => {
    const document = { type: 'invoice' as const, id: invoice.id, number: invoice.invoice_number };
    const files = [
      { format: 'pdf' as const, contentType: 'application/pdf', content: randomBytes(8192), ext: 'pdf' },
      {
        format: 'ubl' as const,
        contentType: 'application/xml',
        content: `<Invoice>${'x'.repeat(4096)}</Invoice>`,
        ext: 'xml',
      },
    ];
    for (const { format, contentType, content, ext } of files) {
      const file = { filename: `${invoice.invoice_number}.${ext}`, contentType, content };
      const record = await storeArchived(deps, owner, { document, kind: 'document', format, reason: 'issued', file });
      for (const part of recordParts(deps, organizationId, [record])) if (part.Put?.Item) items.push(part.Put.Item);
    }
  };
  let batch: Promise<void>[] = [];
  for await (const invoice of invoicesIssued(db, organizationId, '2025-01-01', '2026-12-31', false).items()) {
    batch.push(keep(invoice));
    if (batch.length === SEEDING) await Promise.all(batch.splice(0));
  }
  await Promise.all(batch);
  batch = [];
  await putAll(db, items);
}

/** Entries of the ZIP without an index row naming them with their own SHA-256, and index rows without an entry. */
function unindexed(zip: Uint8Array): { files: number; wrong: number } {
  const entries = unzipSync(zip);
  const index = new TextDecoder()
    .decode(entries['index.csv'])
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const columns = index[0]!.split(',');
  const [name, sha] = ['file_name', 'sha256'].map((column) => columns.indexOf(column));
  const rows = new Map(
    index
      .slice(1)
      .map((line) => line.split(','))
      .map((cells) => [cells[name!]!, cells[sha!]!]),
  );
  const files = Object.keys(entries).filter((entry) => entry !== 'index.csv');
  const wrong = files.filter(
    (file) => rows.get(file) !== createHash('sha256').update(entries[file]!).digest('hex') || /[/\\]|^\./.test(file),
  ).length;
  return { files: files.length, wrong: wrong + Math.abs(rows.size - files.length) };
}

export async function archive(context: BenchContext): Promise<void> {
  const { db } = context;
  const { row } = context.rows;
  const s3Emulator = await startS3Process(await freePort());
  await createBucket(s3Emulator.url, BUCKET);
  try {
    const [small, large] = [await seedReportOrg(db, SMALL, 20), await seedReportOrg(db, LARGE, 21)];
    await seedArchive(db, small.org.id);
    await seedArchive(db, large.org.id);
    const run = (organizationId: string, rows: number, into: ExportRun['into']): ExportRun => ({
      organizationId,
      rows,
      into,
      kind: 'archive',
    });
    // Both into S3, so both hold the one upload part; the first warms what later ones reuse.
    const measured = await exportsApart(
      [run(small.org.id, SMALL, 's3'), run(small.org.id, SMALL, 's3'), run(large.org.id, LARGE, 's3')],
      s3Emulator.url,
    );
    const [smallRun, largeRun] = [measured[1]!, measured[2]!];
    row(
      `archive export live memory (heap and buffers, after collection), ZIP into S3: ${LARGE} vs ${SMALL} documents, two files each`,
      largeRun.heapMb,
      smallRun.heapMb,
      'MB',
      'flat (≤ 1.5×)',
      largeRun.heapMb <= 1.5 * smallRun.heapMb,
    );
    row(
      `archive export of ${largeRun.rows} documents (${2 * largeRun.rows} files) to a ZIP in the object store`,
      largeRun.seconds,
      0,
      's',
      'completes',
      largeRun.rows === LARGE,
    );
    const s3 = new S3Client({
      endpoint: s3Emulator.url,
      forcePathStyle: true,
      region: LOCAL_CREDENTIALS.AWS_REGION,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const file = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: largeRun.key }));
    const { files, wrong } = unindexed(await file.Body!.transformToByteArray());
    row(
      `files of the ${LARGE}-document ZIP (${files}) without their index row and SHA-256, or with an unsafe name`,
      wrong,
      0,
      '',
      '0',
      wrong === 0 && files === 2 * LARGE,
    );
  } finally {
    await s3Emulator.stop();
  }
}
