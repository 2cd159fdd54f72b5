// The statement worker's one job (docs/reconciliation.md): read the kept file again and book each
// entry once. An entry booked already counts as a duplicate, unless this import booked it on an
// earlier try (a worker cut off and run again), so the counts come out the same however often it runs.
import type { ArchiveStore } from '#shared/aws/archive-store';
import { readStatement } from '#shared/bank-statement-reader/read-statement';
import { getBankStatement, saveBankStatementChange, saveBankStatementProgress } from '#shared/data/bank-statements';
import type { CorrelatedDb } from '#shared/data/table';
import { type BankStatementImport, bookedTransaction, type ImportCounts } from '#shared/domain/bank-transaction';
import { bankStatementResource } from '#shared/domain/resources/bank-statement';
import { bookTransfer } from '#shared/reconciliation/book-transfer';

export type StatementImportDeps = { db: CorrelatedDb; archive: Pick<ArchiveStore, 'get'>; publicBaseUrl: string };

/** Entries booked at once: each is one conditional write. */
const BOOKING_BATCH = 25;

export async function runBankStatementImport(
  deps: StatementImportDeps,
  organizationId: string,
  id: string,
  now = new Date(),
): Promise<BankStatementImport | undefined> {
  const job = await getBankStatement(deps.db, organizationId, id);
  if (!job || job.status === 'completed' || job.status === 'failed') return job;
  const running: BankStatementImport = {
    ...job,
    status: 'running',
    updated_at: now.toISOString(),
    version: job.version + 1,
  };
  if (!(await saveBankStatementChange(deps.db, organizationId, running, job)))
    return getBankStatement(deps.db, organizationId, id);
  const bytes = await deps.archive.get(job.archive_key);
  if (!bytes) throw new Error(`bank statement ${id}: its archived file ${job.archive_key} is missing`);
  const { entries, iban } = readStatement(bytes, job.format === 'mt940' ? 'text/plain' : 'application/xml');
  const counts: ImportCounts = { booked: 0, duplicates: 0, matched: 0, unmatched: 0 };
  for (let start = 0; start < entries.length; start += BOOKING_BATCH) {
    const batch = entries
      .slice(start, start + BOOKING_BATCH)
      .map((entry) => bookedTransaction(entry, { iban, statement: id, now }));
    const outcomes = await Promise.all(
      batch.map((transaction) => bookTransfer(deps, organizationId, transaction, now)),
    );
    for (const outcome of outcomes) {
      if (!outcome.booked && outcome.by !== id) counts.duplicates += 1;
      else {
        counts.booked += 1;
        // A try cut off after booking: what it matched then is not known here; count it as it stands.
        if (outcome.booked && outcome.matched) counts.matched += 1;
        else counts.unmatched += 1;
      }
    }
    await saveBankStatementProgress(deps.db, organizationId, id, Math.min(start + BOOKING_BATCH, entries.length));
  }
  const done = new Date();
  const completed: BankStatementImport = {
    ...running,
    status: 'completed',
    entries_done: entries.length,
    counts,
    updated_at: done.toISOString(),
    completed_at: done.toISOString(),
    version: running.version + 1,
  };
  const event = { type: 'bank_statement.imported' as const, object: bankStatementResource(completed) };
  // Progress writes do not move the version: the job read is still the one to change.
  await saveBankStatementChange(deps.db, organizationId, completed, running, [event]);
  return completed;
}
