// The laptop's and the tests' stand-in for the ECB's reference rate feeds, so nothing reaches the
// internet: eurofxref-hist-90d.xml is the fixture (infra/local/fixtures/ecb-rates.xml, made-up rates
// in the ECB's format), eurofxref-hist.xml the fixture's days after a made-up history from 1999-01-04
// (madeUpRate: the same currencies on every TARGET day before them). Tests take the fixture as
// dated; `npm run dev` re-dates its days to end on the day the ECB would have published last, so
// invoices issued today find a rate.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays } from '#shared/domain/dates';
import { isTargetDay, targetDayOnOrBefore } from '#shared/domain/target-days';
import { expectedPublication, HISTORY_BEGINS } from '#shared/exchange-rates/fetch-ecb-rates';
import type { Stoppable } from '#infra/local/emulators';

export const ECB_FIXTURE = new URL('./fixtures/ecb-rates.xml', import.meta.url);
const FEED_PATH = '/stats/eurofxref/eurofxref-hist-90d.xml';
const HISTORY_PATH = '/stats/eurofxref/eurofxref-hist.xml';

/** The fixture with its days (newest first) moved onto the publication days up to `now`'s. */
function redated(xml: string, now: Date): string {
  let day = expectedPublication(now);
  return xml.replace(/time="\d{4}-\d{2}-\d{2}"/g, () => {
    const attribute = `time="${day}"`;
    day = targetDayOnOrBefore(addDays(day, -1));
    return attribute;
  });
}

/**
 * The made-up rate of the `index`th TARGET day since 1999-01-04 for a currency whose fixture rate is
 * `newest`: within ±10 % of it, as many decimals, by integers only (the same on every machine).
 */
export function madeUpRate(newest: string, index: number, currency: string): string {
  const decimals = newest.split('.')[1]?.length ?? 0;
  const units = BigInt(newest.replace('.', ''));
  const salt = [...currency].reduce((sum, letter) => sum * 31 + letter.charCodeAt(0), 0);
  const scaled = (units * BigInt(900 + ((index * 37 + salt) % 201))) / 1000n;
  const digits = scaled.toString().padStart(decimals + 1, '0');
  return decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
}

/** The feed with the made-up days from 1999-01-04 up to its oldest day after its own, newest first. */
function withHistory(feed: string): string {
  const dates = [...feed.matchAll(/time="(\d{4}-\d{2}-\d{2})"/g)].map((match) => match[1]!).sort();
  const newest = feed.slice(feed.indexOf('<Cube time='), feed.indexOf('</Cube>'));
  const currencies = [...newest.matchAll(/currency="([A-Z]{3})" rate="([\d.]+)"/g)].map((match) => match.slice(1));
  const days: string[] = [];
  for (let day = HISTORY_BEGINS, index = 0; day < dates[0]!; day = addDays(day, 1)) {
    if (!isTargetDay(day)) continue;
    const rates = currencies.map(
      ([code, rate]) => `<Cube currency='${code}' rate='${madeUpRate(rate!, index, code!)}'/>`,
    );
    days.push(`\t\t<Cube time='${day}'>${rates.join('')}</Cube>\n`);
    index++;
  }
  const end = feed.lastIndexOf('\t</Cube>');
  return `${feed.slice(0, end)}${days.reverse().join('')}${feed.slice(end)}`;
}

export async function startEcbFeed({ port = 0, redate = false } = {}): Promise<Stoppable & { url: string }> {
  const fixture = readFileSync(ECB_FIXTURE, 'utf8');
  const feed = () => (redate ? redated(fixture, new Date()) : fixture);
  // Made up once per feed: `npm run dev`'s moves on each publication day.
  let history = { feed: '', xml: '' };
  const historyOf = (current: string) => {
    if (history.feed !== current) history = { feed: current, xml: withHistory(current) };
    return history.xml;
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://feed').pathname;
    if (path !== FEED_PATH && path !== HISTORY_PATH) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
    res.end(path === HISTORY_PATH ? historyOf(feed()) : feed());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${FEED_PATH}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
