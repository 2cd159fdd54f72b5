// Bank statement imports (docs/reconciliation.md): the job with its `bank_statement.created` event and
// its archived file's record in one transaction (the bus hands that event to the statement queue: no
// import is lost between the request and the worker), its progress, and its end with an event.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { eventParts } from '#shared/data/events';
import { bankStatementKey } from '#shared/data/keys';
import { transact, type CorrelatedDb, type Db, type WritePart } from '#shared/data/table';
import type { BankStatementImport } from '#shared/domain/bank-transaction';
import type { NewEvent } from '#shared/domain/events';

const statementItem = (organizationId: string, job: BankStatementImport) => ({
  ...bankStatementKey(organizationId, job.id),
  type: 'bank_statement',
  statement: job,
});

export async function getBankStatement(
  db: Db,
  organizationId: string,
  id: string,
): Promise<BankStatementImport | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: bankStatementKey(organizationId, id), ConsistentRead: true }),
  );
  return Item?.statement as BankStatementImport | undefined;
}

/** A new import with its event and the parts that commit its archived file. */
export async function saveNewBankStatement(
  db: CorrelatedDb,
  organizationId: string,
  job: BankStatementImport,
  event: NewEvent,
  archive: WritePart[],
) {
  const written = await transact(db, {
    statement: {
      Put: {
        TableName: db.table,
        Item: statementItem(organizationId, job),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    archive,
    event: eventParts(db, organizationId, [event]),
  });
  if (!written.ok) throw new Error(`bank statement ${job.id} exists already`);
}

/** The job's new state (and its events), if it is still the version `before` was; false otherwise. */
export async function saveBankStatementChange(
  db: CorrelatedDb,
  organizationId: string,
  job: BankStatementImport,
  before: BankStatementImport,
  events: NewEvent[] = [],
): Promise<boolean> {
  const written = await transact(db, {
    statement: {
      Put: {
        TableName: db.table,
        Item: statementItem(organizationId, job),
        ConditionExpression: '#statement.version = :read',
        ExpressionAttributeNames: { '#statement': 'statement' },
        ExpressionAttributeValues: { ':read': before.version },
      },
    },
    events: eventParts(db, organizationId, events),
  });
  return written.ok;
}

/** Entries handled so far, while the import runs (no event: progress is polled). */
export async function saveBankStatementProgress(db: Db, organizationId: string, id: string, entriesDone: number) {
  await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: bankStatementKey(organizationId, id),
      UpdateExpression: 'SET #statement.entries_done = :done',
      ConditionExpression: '#statement.#status = :running',
      ExpressionAttributeNames: { '#statement': 'statement', '#status': 'status' },
      ExpressionAttributeValues: { ':done': entriesDone, ':running': 'running' },
    }),
  );
}
