// Booked bank transactions (docs/reconciliation.md): one item per account and bank key, written if
// new, so an entry imported twice is booked once; ids sort by booking date, so a period is a key range.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { eventParts } from '#shared/data/events';
import { bankTransactionKey, bankTransactionRange } from '#shared/data/keys';
import { type CorrelatedDb, type Db, transact, type WritePart } from '#shared/data/table';
import type { NewEvent } from '#shared/domain/events';
import type { BankTransaction } from '#shared/domain/bank-transaction';
import type { ItemPage, PageRequest } from '#shared/domain/pages';

const transactionItem = (organizationId: string, transaction: BankTransaction) => ({
  ...bankTransactionKey(organizationId, transaction.id),
  type: 'bank_transaction',
  transaction,
});

/** Books the transaction (with its events) if its entry is new; else answers the import that booked it first. */
export async function bookBankTransaction(
  db: CorrelatedDb,
  organizationId: string,
  transaction: BankTransaction,
  events: readonly NewEvent[] = [],
): Promise<{ booked: true } | { booked: false; by: string }> {
  const written = await transact(db, {
    transaction: newBankTransactionPart(db, organizationId, transaction),
    events: eventParts(db, organizationId, events),
  });
  if (written.ok) return { booked: true };
  const held = await getBankTransaction(db, organizationId, transaction.id);
  return { booked: false, by: held?.statement ?? '' };
}

export async function getBankTransaction(
  db: Db,
  organizationId: string,
  id: string,
): Promise<BankTransaction | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: bankTransactionKey(organizationId, id), ConsistentRead: true }),
  );
  return Item?.transaction as BankTransaction | undefined;
}

/** A page of the organization's transactions between two ids (booking dates), newest first. */
export async function listBankTransactions(
  db: Db,
  organizationId: string,
  range: { fromId: string; toId: string },
  page: PageRequest,
): Promise<ItemPage<BankTransaction>> {
  const { Items = [], LastEvaluatedKey } = await db.client.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: bankTransactionRange(organizationId, range.fromId, range.toId),
      ScanIndexForward: false,
      Limit: page.limit,
      ...(page.startKey ? { ExclusiveStartKey: page.startKey } : {}),
    }),
  );
  return { items: Items.map((item) => item.transaction as BankTransaction), position: LastEvaluatedKey };
}

/** The transaction written if its entry is new, as part of the transaction that matches it. */
export const newBankTransactionPart = (db: Db, organizationId: string, transaction: BankTransaction): WritePart => ({
  Put: {
    TableName: db.table,
    Item: transactionItem(organizationId, transaction),
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** The transaction as changed (matched or unmatched by hand), on the condition that it is still the version read. */
export const changedBankTransactionPart = (
  db: Db,
  organizationId: string,
  transaction: BankTransaction,
  before: BankTransaction,
): WritePart => ({
  Put: {
    TableName: db.table,
    Item: transactionItem(organizationId, transaction),
    ConditionExpression: '#transaction.#version = :read',
    ExpressionAttributeNames: { '#transaction': 'transaction', '#version': 'version' },
    ExpressionAttributeValues: { ':read': before.version },
  },
});
