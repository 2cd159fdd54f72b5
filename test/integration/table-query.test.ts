// Every Query goes through `query()`: the low-level client with its middleware resolved once, values
// converted by util-dynamodb. It must answer exactly what the document client's Query answers.
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { query, queryAll } from '#shared/data/table';
import { newId } from '#shared/domain/ids';
import { db } from '#test/support/api';

const pk = `QUERY-TEST#${newId('org')}`;
const kinds = {
  text: 'Zoë & “quotes”',
  whole: 42,
  negative: -7,
  fraction: 0.1,
  large: Number.MAX_SAFE_INTEGER,
  yes: true,
  nothing: null,
  list: [1, 'two', { three: [3] }],
  map: { nested: { deeper: ['a', 2, false] }, empty: {} },
  emptyList: [],
  strings: new Set(['a', 'b']),
  numbers: new Set([1, 2]),
};

describe('query()', () => {
  beforeAll(async () => {
    for (let n = 0; n < 5; n++)
      await db.client.send(
        new PutCommand({ TableName: db.table, Item: { pk, sk: `ITEM#${n}`, n, ...kinds, skipped: undefined } }),
      );
  });

  const input = {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: 'n <> :odd AND yes = :yes',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': 'ITEM#', ':odd': 3, ':yes': true },
    ScanIndexForward: false,
    Limit: 2,
  };

  it('answers the pages the document client answers, values and positions alike', async () => {
    const throughDocumentClient = [];
    const throughQuery = [];
    let documentKey: Record<string, unknown> | undefined;
    let queryKey: Record<string, unknown> | undefined;
    do {
      const page = await db.client.send(
        new QueryCommand({ ...input, TableName: db.table, ExclusiveStartKey: documentKey }),
      );
      throughDocumentClient.push({ items: page.Items, position: page.LastEvaluatedKey });
      documentKey = page.LastEvaluatedKey;
    } while (documentKey);
    do {
      const page = await query(db, { ...input, ExclusiveStartKey: queryKey });
      throughQuery.push({ items: page.Items, position: page.LastEvaluatedKey });
      queryKey = page.LastEvaluatedKey;
    } while (queryKey);
    expect(throughQuery).toEqual(throughDocumentClient);
    expect(throughQuery.flatMap((page) => page.items.map((item) => item.n))).toEqual([4, 2, 1, 0]);
    expect(throughQuery[0]!.items[0]).toEqual({ pk, sk: 'ITEM#4', n: 4, ...kinds });
  });

  it('reads every page with queryAll', async () => {
    const items = await queryAll(db, { ...input, Limit: 1 });
    expect(items.map((item) => item.sk)).toEqual(['ITEM#4', 'ITEM#2', 'ITEM#1', 'ITEM#0']);
  });
});
