// The one transaction helper: parts by name, the name of a failed condition as the outcome, and the
// retry of conflicts in one place — against DynamoDB Local, with conflicts injected.
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createDb, type Db, transact, type WritePart } from '#shared/data/table';
import { newId } from '#shared/domain/ids';
import { db } from '#test/support/api';

const pk = `TRANSACT-TEST#${newId('org')}`;
const put = (sk: string, condition?: string): WritePart => ({
  Put: { TableName: db.table, Item: { pk, sk }, ...(condition ? { ConditionExpression: condition } : {}) },
});
const stored = async (sk: string) =>
  (await db.client.send(new GetCommand({ TableName: db.table, Key: { pk, sk }, ConsistentRead: true }))).Item;

/** A handle of the same table whose first `conflicts` transactions are cancelled with `code`. */
function cancelling(conflicts: number, code = 'TransactionConflict'): Db & { sent: () => number } {
  const handle = createDb(db.table);
  let sent = 0;
  handle.client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== 'TransactWriteItemsCommand') return next(args);
      if (++sent > conflicts) return next(args);
      throw new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'None' }, { Code: code }],
      });
    },
    { step: 'initialize', name: 'injectCancellation' },
  );
  return Object.assign(handle, { sent: () => sent });
}

describe('transact()', () => {
  it('writes every part, or answers the first part whose condition failed and writes nothing', async () => {
    expect(await transact(db, { first: put('A'), second: [put('B'), put('C')] })).toEqual({ ok: true });
    const refused = await transact(db, {
      fresh: put('D'),
      again: put('A', 'attribute_not_exists(pk)'),
      also: put('B', 'attribute_not_exists(pk)'),
    });
    expect(refused).toEqual({ ok: false, failed: 'again', everyFailed: ['again', 'also'] });
    expect(await stored('D')).toBeUndefined();
  });

  it('leaves out parts given as undefined', async () => {
    expect(await transact(db, { one: put('E'), none: undefined })).toEqual({ ok: true });
    expect(await stored('E')).toBeDefined();
  });

  it('tries a conflicting write again, and writes it once the conflict is gone', async () => {
    const conflicted = cancelling(3);
    expect(await transact(conflicted, { item: put('F') })).toEqual({ ok: true });
    expect(conflicted.sent()).toBe(4);
    expect(await stored('F')).toBeDefined();
  });

  it('gives up on a conflict that does not go away, and throws what DynamoDB said', async () => {
    const conflicted = cancelling(Number.POSITIVE_INFINITY);
    await expect(transact(conflicted, { item: put('G') })).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(conflicted.sent()).toBe(8);
  });

  it('does not retry a cancellation that is neither a condition nor a conflict', async () => {
    const invalid = cancelling(1, 'ValidationError');
    await expect(transact(invalid, { item: put('H') })).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(invalid.sent()).toBe(1);
    expect(await stored('H')).toBeUndefined();
  });
});
