// The ECB's euro reference rates (docs/invoices.md "Foreign currency"), one item per month holding
// each of its publication days as one string, "USD 1.0801 JPY 162.64 …" (currency and rate, as the
// ECB writes them): the history since 1999 is some 340 items, not 7 000, of under 8 KB each; a map
// per day would be 30 attributes each, three times slower to write into DynamoDB Local and larger.
// Written by the fetch job, read by date when an invoice is issued.
import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ecbRatesKey } from '#shared/data/keys';
import { itemsWithIds, type Db } from '#shared/data/table';

/** One day of the feed: currency → units per euro, as the ECB writes them. */
export type DailyRates = { date: string; rates: Record<string, string> };
/** A month's publication days: date → "USD 1.0801 JPY 162.64 …". */
type Month = Record<string, string>;

const monthOf = (date: string) => date.slice(0, 7);
const written = (rates: Record<string, string>) => Object.entries(rates).flat().join(' ');
function read(day: string): Record<string, string> {
  const words = day.split(' ');
  const rates: Record<string, string> = {};
  for (let at = 0; at + 1 < words.length; at += 2) rates[words[at]!] = words[at + 1]!;
  return rates;
}

export async function getDailyRates(db: Db, date: string): Promise<DailyRates | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.table,
      Key: ecbRatesKey(monthOf(date)),
      ProjectionExpression: '#days.#date',
      ExpressionAttributeNames: { '#days': 'days', '#date': date },
    }),
  );
  const day = (Item?.days as Month | undefined)?.[date];
  return day ? { date, rates: read(day) } : undefined;
}

/** The months stored of these (`yyyy-mm`), each with its days. */
async function storedMonths(db: Db, months: readonly string[]): Promise<Map<string, Month>> {
  const stored = new Map<string, Month>();
  for (let start = 0; start < months.length; start += 100) {
    for (const item of await itemsWithIds(db, months.slice(start, start + 100), ecbRatesKey))
      stored.set(item.id as string, item.days as Month);
  }
  return stored;
}

/**
 * Adds the days to their months (a day's rates never change, so what is stored stays): reads the
 * months, writes back whole each month that gained a day, oldest first, 25 a request, again for what
 * DynamoDB left. Only the fetch job writes, one run at a time, so no month changes between the two.
 */
export async function saveDailyRates(db: Db, days: readonly DailyRates[]): Promise<void> {
  const months = await storedMonths(db, [...new Set(days.map((day) => monthOf(day.date)))]);
  const gained = new Set<string>();
  for (const day of days) {
    const month = monthOf(day.date);
    if (months.get(month)?.[day.date]) continue;
    months.set(month, { ...months.get(month), [day.date]: written(day.rates) });
    gained.add(month);
  }
  const puts = [...gained].sort().map((month) => ({
    PutRequest: { Item: { ...ecbRatesKey(month), type: 'ecb_rates', id: month, days: months.get(month) } },
  }));
  for (let start = 0; start < puts.length; start += 25) {
    let requests: typeof puts = puts.slice(start, start + 25);
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** Math.min(attempt, 6)));
      const { UnprocessedItems } = await db.client.send(
        new BatchWriteCommand({ RequestItems: { [db.table]: requests } }),
      );
      requests = (UnprocessedItems?.[db.table] ?? []) as typeof puts;
    }
  }
}

/** The publication days stored of the months these dates fall in, oldest first. */
export async function storedDaysAround(db: Db, dates: readonly string[]): Promise<string[]> {
  const months = await storedMonths(db, [...new Set(dates.map(monthOf))]);
  return [...months.values()].flatMap((month) => Object.keys(month)).sort();
}
