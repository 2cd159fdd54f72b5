// The daily move of open invoices past their due date to overdue. It reads only the open-invoice
// index (sharded), never the table; each move is conditional, so a sweep that runs twice, or two
// sweeps at once, move each invoice exactly once.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { markOverdue } from './invoice-lifecycle.ts';
import { dueBefore, OPEN_INVOICE_SHARDS, openInvoicesShard } from './keys.ts';
import { INDEX } from './table-definition.ts';

export async function sweepOverdue(db: Db, today: string, publicBaseUrl: string): Promise<{ moved: number; examined: number }> {
  let moved = 0;
  let examined = 0;
  for (let shard = 0; shard < OPEN_INVOICE_SHARDS; shard++) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await db.client.send(new QueryCommand({
        TableName: db.table, IndexName: INDEX.byDueDate,
        KeyConditionExpression: 'gsi4pk = :shard AND gsi4sk < :before',
        ExpressionAttributeValues: { ':shard': openInvoicesShard(shard), ':before': dueBefore(today) },
        ExclusiveStartKey: startKey,
      }));
      for (const item of page.Items ?? []) {
        examined += 1;
        if (await markOverdue(db, String(item.organization_id), String(item.id), today, publicBaseUrl)) moved += 1;
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
  return { moved, examined };
}
