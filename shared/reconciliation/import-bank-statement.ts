// Importing a bank statement (docs/reconciliation.md): read whole before anything is kept (a file that
// does not read, or of an account the organization did not name, is refused and nothing is booked),
// then kept in the archive as received, and the import job committed with its file's record and its
// `bank_statement.created` event; the bus hands that event to the statement worker, which books.
import { recordParts, storeArchived, type ArchiveDeps } from '#shared/archive/keep-file';
import { readStatement } from '#shared/bank-statement-reader/read-statement';
import { saveNewBankStatement } from '#shared/data/bank-statements';
import { getOrganization } from '#shared/data/organizations';
import { type ReadStatement, UnreadableStatement } from '#shared/domain/bank-statement';
import type { BankStatementImport } from '#shared/domain/bank-transaction';
import { DomainError, ErrorCode, notFound, unknownBankAccount } from '#shared/domain/errors';
import { newId } from '#shared/domain/ids';
import { bankStatementResource } from '#shared/domain/resources/bank-statement';

export type StatementFile = { bytes: Uint8Array; mediaType: 'application/xml' | 'text/plain' };

function read(file: StatementFile): ReadStatement {
  try {
    return readStatement(file.bytes, file.mediaType);
  } catch (error) {
    if (!(error instanceof UnreadableStatement)) throw error;
    throw new DomainError(ErrorCode.bankStatementUnreadable, `The statement is refused whole: ${error.message}`, {
      reason: error.reason,
    });
  }
}

export async function importBankStatement(
  deps: ArchiveDeps,
  organizationId: string,
  file: StatementFile,
  now = new Date(),
): Promise<BankStatementImport> {
  const organization = await getOrganization(deps.db, organizationId);
  if (!organization) throw notFound('Organization');
  const statement = read(file);
  if (!(organization.bank_accounts ?? []).some((account) => account.iban === statement.iban))
    throw unknownBankAccount(statement.iban);
  const id = newId('bst', now.getTime());
  const extension = statement.format === 'mt940' ? 'sta' : 'xml';
  const record = await storeArchived(
    deps,
    organization,
    {
      document: { type: 'bank_statement', id, number: statement.statement_id },
      kind: 'received',
      format: 'original',
      reason: 'received',
      file: { filename: `${id}.${extension}`, contentType: file.mediaType, content: file.bytes },
    },
    now,
  );
  const job: BankStatementImport = {
    id,
    status: 'pending',
    format: statement.format,
    iban: statement.iban,
    statement_id: statement.statement_id,
    archive_key: record.key,
    sha256: record.sha256,
    size: record.size,
    entries: statement.entries.length,
    entries_done: 0,
    counts: { booked: 0, duplicates: 0, matched: 0, unmatched: 0 },
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    version: 1,
  };
  const event = { type: 'bank_statement.created' as const, object: bankStatementResource(job) };
  await saveNewBankStatement(deps.db, organizationId, job, event, recordParts(deps, organizationId, [record]));
  return job;
}
