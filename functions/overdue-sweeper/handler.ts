// Hourly: open invoices past their due date (in their organization's zone) become overdue, each
// exactly once, with invoice.overdue.
import { systemActor } from '#shared/domain/actor';
import { config } from '#shared/config';
import { correlated, createDb } from '#shared/data/table';
import { sweepOverdue } from '#shared/invoicing/sweep-overdue';
import { createLogger } from '#shared/observability/logger';
import { traced } from '#shared/observability/tracing';

const { TABLE_NAME, PUBLIC_BASE_URL, LOG_LEVEL } = config();
// A scheduled run: no API request causes what it writes.
const db = correlated(createDb(TABLE_NAME, traced), undefined, systemActor('overdue-sweeper'));
const log = createLogger(LOG_LEVEL, { job: 'overdue-sweeper' });

/** `today` (tests, `npm run tick`) forces every organization's date; the schedule passes nothing. */
export const handler = async (event: { today?: string; now?: string } = {}) => {
  const clock = event.today ? { today: event.today } : { now: event.now ? new Date(event.now) : new Date() };
  const result = await sweepOverdue({ db, publicBaseUrl: PUBLIC_BASE_URL }, clock);
  log.info('overdue sweep', { ...event, ...result });
  return result;
};
