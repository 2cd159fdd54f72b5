// The archive export (docs/archive.md "Data access for a tax audit"): a ZIP of every archived PDF and
// e-invoice of the invoices and credit notes issued in the period (formats archived later included,
// e-mails not), and `index.csv` with one row per file: number, date, type, counterparty, amounts,
// file name and SHA-256. Streamed with memory flat in the number of documents: each object goes
// through as its chunks come (its hash checked as they pass), and what the ZIP's end and the index
// need waits on disk (zip-writer.ts). Documents are read ahead a batch at a time: their records in
// one go and their objects' GETs started together, each body waiting in its socket until its turn.
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ArchiveStore } from '#shared/aws/archive-store';
import { listDocumentRecords } from '#shared/data/archive-records';
import { creditNotesIssued, invoicesIssued } from '#shared/data/export-sources';
import type { Db } from '#shared/data/table';
import type { ArchiveRecord } from '#shared/domain/archive';
import type { Invoice } from '#shared/domain/invoice';
import { csvRecord } from '#shared/domain/csv';
import { type ExportJob, zipEntryName } from '#shared/domain/export';
import { type ArchiveIndexRow, CSV_LAYOUT } from '#shared/domain/export-rows';
import { ZipWriter } from '#shared/exports/zip-writer';
import { inPages } from '#shared/exports/export-file';

export type ArchiveZip = { total: () => Promise<number>; bytes: (onRow: () => void) => AsyncGenerator<Uint8Array> };
type Archived = Omit<ArchiveIndexRow, 'file_name' | 'format' | 'sha256' | 'record_id'> & { id: string };

const INDEX = 'index.csv';
/** Documents read ahead at once: their records in parallel, their objects' GETs started together. */
const READ_AHEAD = 48;

/** An archived object's bytes as they stream, refused at the end if they are not the record's. */
async function* checked(opened: Promise<Readable | undefined>, record: ArchiveRecord): AsyncGenerator<Uint8Array> {
  const body = await opened;
  if (!body) throw new Error(`archive record ${record.id}: its object ${record.key} is missing`);
  const hash = createHash('sha256');
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    yield chunk;
  }
  if (hash.digest('hex') !== record.sha256)
    throw new Error(`archive record ${record.id}: its object ${record.key} no longer matches its SHA-256`);
}

async function documentFiles(db: Db, organizationId: string, documentId: string): Promise<ArchiveRecord[]> {
  const files: ArchiveRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await listDocumentRecords(db, organizationId, documentId, { limit: 100, startKey });
    files.push(...page.items.filter((record) => record.kind === 'document'));
    startKey = page.position;
  } while (startKey);
  return files;
}

type Issued = Pick<
  Invoice,
  'id' | 'issue_date' | 'client_name' | 'currency' | 'subtotal_minor' | 'tax_amount_minor' | 'total_amount_minor'
> & {
  buyer?: { name: string } | null;
  discount_minor?: number;
};

/** A document as its index rows show it: net after the document discount, the buyer as issued. */
const archivedOf = (type: Archived['type'], number: string, document: Issued): Archived => ({
  id: document.id,
  number,
  date: document.issue_date,
  type,
  counterparty: document.buyer?.name ?? document.client_name,
  currency: document.currency,
  net_minor: document.subtotal_minor - (document.discount_minor ?? 0),
  tax_minor: document.tax_amount_minor,
  total_minor: document.total_amount_minor,
});

const extensionOf = (record: ArchiveRecord) => (record.media_type === 'application/pdf' ? 'pdf' : 'xml');

export function archiveZip(
  deps: { db: Db; archive: ArchiveStore },
  organizationId: string,
  job: ExportJob,
): ArchiveZip {
  const invoices = invoicesIssued(deps.db, organizationId, job.from, job.to, false);
  const notes = creditNotesIssued(deps.db, organizationId, job.from, job.to);
  async function* documents(): AsyncGenerator<Archived> {
    for await (const invoice of invoices.items()) yield archivedOf('invoice', invoice.invoice_number, invoice);
    for await (const note of notes.items()) yield archivedOf('credit_note', note.credit_note_number, note);
  }
  async function* zipBytes(onRow: () => void): AsyncGenerator<Uint8Array> {
    const folder = mkdtempSync(join(tmpdir(), 'archive-export-'));
    try {
      const zip = new ZipWriter(join(folder, 'directory'));
      const index = createWriteStream(join(folder, INDEX));
      const write = async (text: string) => {
        if (!index.write(text)) await once(index, 'drain');
      };
      await write(`\uFEFF${csvRecord(CSV_LAYOUT.archive.columns)}`);
      for await (const batch of inPages(documents(), READ_AHEAD)) {
        const files = await Promise.all(batch.map(({ id }) => documentFiles(deps.db, organizationId, id)));
        const opened = files.map((records) =>
          records.map((record) => {
            const body = deps.archive.stream(record.key);
            // Awaited in its turn; a failure before then is not an unhandled rejection.
            body.catch(() => undefined);
            return body;
          }),
        );
        for (const [at, { id: _id, ...document }] of batch.entries()) {
          onRow();
          for (const [n, record] of files[at]!.entries()) {
            const name = zipEntryName(document.type, document.number, record.format, extensionOf(record));
            yield* zip.entry(name, checked(opened[at]![n]!, record));
            await write(
              csvRecord(
                CSV_LAYOUT.archive.row({
                  ...document,
                  file_name: name,
                  format: record.format,
                  sha256: record.sha256,
                  record_id: record.id,
                }),
              ),
            );
          }
        }
      }
      index.end();
      await once(index, 'finish');
      yield* zip.entry(INDEX, createReadStream(join(folder, INDEX)));
      yield* zip.end();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  return {
    total: async () => (await invoices.count()) + (await notes.count()),
    bytes: zipBytes,
  };
}
