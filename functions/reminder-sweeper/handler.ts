// Hourly: each invoice whose reminder step has come (in its organization's zone) is reminded once,
// by e-mail in its language, with invoice.reminder_sent (docs/collections.md).
import { systemActor } from '#shared/domain/actor';
import { config } from '#shared/config';
import { correlated, createDb } from '#shared/data/table';
import { configuredMailing } from '#shared/email/mailing';
import { sweepReminders } from '#shared/invoicing/sweep-reminders';
import { createLogger } from '#shared/observability/logger';
import { traced } from '#shared/observability/tracing';
import type { Context } from 'aws-lambda';

const { TABLE_NAME, LOG_LEVEL } = config();
// A scheduled run: no API request causes what it writes.
const db = correlated(createDb(TABLE_NAME, traced), undefined, systemActor('reminder-sweeper'));
const log = createLogger(LOG_LEVEL, { job: 'reminder-sweeper' });
const mail = configuredMailing();
const deps = { ...mail, db, log };
/** Stop starting reminders this long before the function's timeout; the rest stay due. */
const RESERVE_MS = 30_000;

/** `now` (tests) or `today` (`npm run tick`, noon UTC) sets the sweep's instant; the schedule passes nothing. */
export const handler = async (event: { now?: string; today?: string } = {}, context?: Context) => {
  const now = event.now ? new Date(event.now) : event.today ? new Date(`${event.today}T12:00:00Z`) : new Date();
  const timeLeft = context?.getRemainingTimeInMillis
    ? () => context.getRemainingTimeInMillis() > RESERVE_MS
    : undefined;
  const result = await sweepReminders(deps, now, { timeLeft, log: (message, fields) => log.error(message, fields) });
  log.info('reminder sweep', { ...event, ...result });
  return result;
};
