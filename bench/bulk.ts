// Seeding thousands of items for a section: written in BatchWriteItem requests, several in flight.
// DynamoDB Local works on a few requests at once: 8 in flight write about twice as fast as one.
import { BatchWriteCommand, type BatchWriteCommandOutput, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { CorrelatedDb } from '#shared/data/table';

type Item = Record<string, unknown>;

const IN_FLIGHT = 8;
/** Items per BatchWriteItem request: DynamoDB's limit. */
const BATCH = 25;

/** Writes the items as they are (no conditions): for a section's fresh partitions only. */
export async function putAll(db: CorrelatedDb, items: readonly Item[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < items.length) {
        const batch = items.slice(next, next + BATCH);
        next += BATCH;
        let unprocessed: BatchWriteCommandOutput['UnprocessedItems'] = {
          [db.table]: batch.map((Item) => ({ PutRequest: { Item } })),
        };
        while (unprocessed?.[db.table]?.length)
          unprocessed = (await db.client.send(new BatchWriteCommand({ RequestItems: unprocessed }))).UnprocessedItems;
      }
    }),
  );
}

/**
 * A table handle whose transactions are kept, not sent: what the service's own operations would
 * write, collected to be written with `putAll` afterwards. Reads go to the table. Only transactions
 * of Puts are taken: anything else would need the table as the transaction leaves it.
 */
export function collecting(db: CorrelatedDb): { db: CorrelatedDb; items: Item[] } {
  const items: Item[] = [];
  const send = (command: unknown) => {
    if (!(command instanceof TransactWriteCommand)) return db.client.send(command as never);
    for (const part of command.input.TransactItems ?? []) {
      if (!part.Put) throw new Error('collecting takes transactions of Puts only');
      items.push(part.Put.Item as Item);
    }
    return Promise.resolve({});
  };
  return { db: { ...db, client: { send } as unknown as CorrelatedDb['client'] }, items };
}
