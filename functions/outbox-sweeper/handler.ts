// Publishes events the stream did not (a publisher outage longer than the stream's 24 h retention).
import { eventBridgeClient } from '#shared/aws/event-bridge';
import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { createLogger } from '#shared/observability/logger';
import { unpublishedEvents } from '#shared/data/events';
import { publishEvents } from '#shared/events/publish';
import { traced } from '#shared/observability/tracing';

const { TABLE_NAME, EVENT_BUS_NAME, LOG_LEVEL } = config();
const deps = { db: createDb(TABLE_NAME, traced), bus: traced(eventBridgeClient()), busName: EVENT_BUS_NAME };
const log = createLogger(LOG_LEVEL, { job: 'outbox-sweeper' });
/** Younger events are still the stream's to publish. */
const GRACE_SECONDS = 300;

export const handler = async (event: { now?: string } = {}) => {
  const now = event.now ? new Date(event.now) : new Date();
  const pending = await unpublishedEvents(deps.db, GRACE_SECONDS, now);
  const failed = await publishEvents(deps, pending, now);
  log.info('outbox sweep', { found: pending.length, failed: failed.length });
  return { published: pending.length - failed.length, failed: failed.length };
};
