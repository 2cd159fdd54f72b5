// Open invoices by due date, from the sharded index the overdue sweep reads (never a scan).
import { eachItem, type Db } from '#shared/data/table';
import { BY, dueBefore, indexQuery, OPEN_INVOICE_SHARDS, openInvoicesShard } from '#shared/data/keys';

export type DueInvoice = { organizationId: string; invoiceId: string; dueDate: string };

/** Every open invoice due before `latest`, shard after shard, page after page. */
export async function* openInvoicesDueBefore(db: Db, latest: string): AsyncGenerator<DueInvoice> {
  const shards = Array.from({ length: OPEN_INVOICE_SHARDS }, (_, shard) =>
    indexQuery(BY.openInvoicesByDueDate, openInvoicesShard(shard), { below: dueBefore(latest) }),
  );
  for await (const item of eachItem(db, shards))
    yield { organizationId: String(item.organization_id), invoiceId: String(item.id), dueDate: String(item.due_date) };
}
