// The laptop's and the tests' stand-in for the ECB's reference rate feed: it serves the fixture feed
// (infra/local/fixtures/ecb-rates.xml, made-up rates in the ECB's format), so nothing reaches the
// internet. Tests take it as dated; `npm run dev` re-dates its days to end on the day the ECB would
// have published last, so invoices issued today find a rate.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays } from '#shared/domain/dates';
import { targetDayOnOrBefore } from '#shared/domain/target-days';
import { expectedPublication } from '#shared/exchange-rates/fetch-ecb-rates';
import type { Stoppable } from '#infra/local/emulators';

export const ECB_FIXTURE = new URL('./fixtures/ecb-rates.xml', import.meta.url);

/** The fixture with its days (newest first) moved onto the publication days up to `now`'s. */
function redated(xml: string, now: Date): string {
  let day = expectedPublication(now);
  return xml.replace(/time="\d{4}-\d{2}-\d{2}"/g, () => {
    const attribute = `time="${day}"`;
    day = targetDayOnOrBefore(addDays(day, -1));
    return attribute;
  });
}

export async function startEcbFeed({ port = 0, redate = false } = {}): Promise<Stoppable & { url: string }> {
  const fixture = readFileSync(ECB_FIXTURE, 'utf8');
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
    res.end(redate ? redated(fixture, new Date()) : fixture);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/stats/eurofxref/eurofxref-hist-90d.xml`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
