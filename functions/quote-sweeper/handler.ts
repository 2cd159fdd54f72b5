// Hourly: sent quotes past their expiry day (in their organization's zone) become expired, each once,
// with quote.expired.
import { systemActor } from '#shared/domain/actor';
import { config } from '#shared/config';
import { correlated, createDb } from '#shared/data/table';
import { createLogger } from '#shared/observability/logger';
import { traced } from '#shared/observability/tracing';
import { sweepQuotes } from '#shared/quotes/sweep-quotes';

const { TABLE_NAME, PUBLIC_BASE_URL, LOG_LEVEL } = config();
// A scheduled run: no API request causes what it writes.
const db = correlated(createDb(TABLE_NAME, traced), undefined, systemActor('quote-sweeper'));
const log = createLogger(LOG_LEVEL, { job: 'quote-sweeper' });

/** `today` (tests, `npm run tick`) forces every organization's date; the schedule passes nothing. */
export const handler = async (event: { today?: string; now?: string } = {}) => {
  const clock = event.today ? { today: event.today } : { now: event.now ? new Date(event.now) : new Date() };
  const result = await sweepQuotes({ db, publicBaseUrl: PUBLIC_BASE_URL }, clock);
  log.info('quote sweep', { ...event, ...result });
  return result;
};
