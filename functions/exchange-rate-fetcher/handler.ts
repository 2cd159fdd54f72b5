// Each TARGET business day after 16:00 Frankfurt time: the ECB's euro reference rates of the last 90
// days into the table, and the history since 1999 when the table lacks it (docs/invoices.md "Foreign
// currency"). A day the ECB should have published but the feed lacks fails the run: the schedule
// retries it, and the failure alarm says so.
import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { fetchEcbRates } from '#shared/exchange-rates/fetch-ecb-rates';
import { createLogger } from '#shared/observability/logger';
import { traced } from '#shared/observability/tracing';

const { TABLE_NAME, LOG_LEVEL, ECB_RATES_URL } = config();
const db = createDb(TABLE_NAME, traced);
const log = createLogger(LOG_LEVEL, { job: 'exchange-rate-fetcher' });

/** `now` (tests) or `today` (`npm run tick`, noon UTC) sets the run's instant; the schedule passes nothing. */
export const handler = async (event: { now?: string; today?: string } = {}) => {
  const now = event.now ? new Date(event.now) : event.today ? new Date(`${event.today}T17:00:00Z`) : new Date();
  const result = await fetchEcbRates({ db, feedUrl: ECB_RATES_URL }, now);
  if (result.missing) {
    log.error('the ECB rates of a publication day are missing', { ...result });
    throw new Error(`the ECB reference rates of ${result.missing} are not in the feed yet`);
  }
  log.info('ECB rates stored', { ...result });
  return result;
};
