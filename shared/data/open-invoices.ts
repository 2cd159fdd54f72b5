// Open invoices by due date, from the sharded index the overdue sweep reads (never a scan).
import { query, type Db } from '#shared/data/table';
import { BY, dueBefore, indexQuery, OPEN_INVOICE_SHARDS, openInvoicesShard } from '#shared/data/keys';

export type DueInvoice = { organizationId: string; invoiceId: string; dueDate: string };

/** Every open invoice due before `latest`, shard after shard, page after page. */
export async function* openInvoicesDueBefore(db: Db, latest: string): AsyncGenerator<DueInvoice> {
  for (let shard = 0; shard < OPEN_INVOICE_SHARDS; shard++) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await query(db, {
        ...indexQuery(BY.openInvoicesByDueDate, openInvoicesShard(shard), { below: dueBefore(latest) }),
        ExclusiveStartKey: startKey,
      });
      for (const item of page.Items ?? [])
        yield {
          organizationId: String(item.organization_id),
          invoiceId: String(item.id),
          dueDate: String(item.due_date),
        };
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
}
