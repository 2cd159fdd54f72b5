// Every few minutes: find the organizations with due recurring templates and queue one message per
// organization for the recurring worker.
import { sqsClient } from '#shared/aws/sqs';
import { config, required } from '#shared/config';
import { createDb } from '#shared/data/table';
import { createLogger } from '#shared/observability/logger';
import { queueRun } from '#shared/recurring/queue';
import { planRun } from '#shared/recurring/runner';
import { traced } from '#shared/observability/tracing';

const settings = config();
const { TABLE_NAME, LOG_LEVEL } = settings;
const RECURRING_RUN_QUEUE_URL = required(settings, 'RECURRING_RUN_QUEUE_URL');
const db = createDb(TABLE_NAME, traced);
const sqs = traced(sqsClient());
const log = createLogger(LOG_LEVEL, { job: 'recurring-runner' });

/** `now` and `today` are for tests and `npm run tick`; the schedule passes neither. */
export const handler = async (event: { now?: string; today?: string } = {}) => {
  const runs = await planRun(db, event.now ? new Date(event.now) : new Date(), event.today);
  const messages = await queueRun(sqs, RECURRING_RUN_QUEUE_URL, runs);
  const result = {
    organizations: new Set(runs.map((run) => run.organization_id)).size,
    templates: runs.reduce((sum, run) => sum + run.recurring_ids.length, 0),
    messages,
  };
  log.info('recurring run queued', { ...event, ...result });
  return result;
};
