// The ECB's euro foreign exchange reference rates feed (eurofxref-daily.xml, eurofxref-hist-90d.xml):
// a gesmes envelope whose Cube holds one Cube per day (`time`), each with one Cube per currency
// (`currency`, `rate`: units of the currency per euro). Parsed with xmlbuilder2.
import { create } from 'xmlbuilder2';
import type { DailyRates } from '#shared/data/exchange-rates';
import { isCalendarDate } from '#shared/domain/dates';

type Node = { [name: string]: unknown };
const many = (value: unknown): Node[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]) as Node[];

/** Every day of the feed, newest first as published; a day or rate that is not one is an error. */
export function parseEcbFeed(xml: string): DailyRates[] {
  const document = create(xml).end({ format: 'object' }) as Node;
  // The envelope's prefix is whatever the parser makes of the gesmes namespace.
  const envelope = Object.entries(document).find(([name]) => name.endsWith('Envelope'))?.[1] as Node | undefined;
  const outer = envelope && (envelope.Cube as Node | undefined);
  if (!outer) throw new Error('not an ECB reference rate feed: no Cube');
  return many(outer.Cube).map((day) => {
    const date = String(day['@time']);
    if (!isCalendarDate(date)) throw new Error(`ECB feed: a day dated "${date}"`);
    const rates: Record<string, string> = {};
    for (const entry of many(day.Cube)) {
      const [currency, rate] = [String(entry['@currency']), String(entry['@rate'])];
      if (!/^[A-Z]{3}$/.test(currency) || !/^\d+(\.\d+)?$/.test(rate) || /^[0.]+$/.test(rate))
        throw new Error(`ECB feed: ${date} has a rate "${rate}" for "${currency}"`);
      rates[currency] = rate;
    }
    return { date, rates };
  });
}
