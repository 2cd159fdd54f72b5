// The table's stream, filtered to outbox event items, onto the EventBridge bus.
import { eventBridgeClient } from '#shared/aws/event-bridge';
import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { outboxEventOf } from '#shared/data/outbox-stream';
import { traced } from '#shared/observability/tracing';
import { publishEvents } from '#shared/events/publish';
import { streamWorker } from '#shared/workers/stream-worker';

const { TABLE_NAME, EVENT_BUS_NAME, LOG_LEVEL } = config();
const deps = { db: createDb(TABLE_NAME, traced), bus: traced(eventBridgeClient()), busName: EVENT_BUS_NAME };

export const handler = streamWorker(
  'event-publisher',
  { logLevel: LOG_LEVEL, decode: outboxEventOf },
  async (records) => {
    const failed = new Set(
      await publishEvents(
        deps,
        records.map((record) => record.item),
      ),
    );
    return new Set(records.filter((record) => failed.has(record.item.id)));
  },
);
