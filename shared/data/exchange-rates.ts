// The ECB's euro reference rates, one item per publication day (docs/invoices.md "Foreign currency"),
// written by the daily fetch and read by date when an invoice is issued.
import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ECB_RATES_PARTITION, ecbRatesKey } from '#shared/data/keys';
import { query, type Db } from '#shared/data/table';

/** One day of the feed: currency → units per euro, as the ECB writes them. */
export type DailyRates = { date: string; rates: Record<string, string> };

export async function getDailyRates(db: Db, date: string): Promise<DailyRates | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: ecbRatesKey(date) }));
  return Item ? { date: Item.sk as string, rates: Item.rates as Record<string, string> } : undefined;
}

/** Writes the days (again: a day's rates never change), 25 a request, again for what DynamoDB left. */
export async function saveDailyRates(db: Db, days: readonly DailyRates[]): Promise<void> {
  for (let start = 0; start < days.length; start += 25) {
    let requests: NonNullable<ConstructorParameters<typeof BatchWriteCommand>[0]['RequestItems']>[string] = days
      .slice(start, start + 25)
      .map((day) => ({ PutRequest: { Item: { ...ecbRatesKey(day.date), type: 'ecb_rates', rates: day.rates } } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** Math.min(attempt, 6)));
      const { UnprocessedItems } = await db.client.send(
        new BatchWriteCommand({ RequestItems: { [db.table]: requests } }),
      );
      requests = UnprocessedItems?.[db.table] ?? [];
    }
  }
}

/** The latest publication day stored, if any. */
export async function latestRatesDay(db: Db): Promise<string | undefined> {
  const { Items } = await query(db, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': ECB_RATES_PARTITION },
    ScanIndexForward: false,
    Limit: 1,
  });
  return Items[0]?.sk as string | undefined;
}
