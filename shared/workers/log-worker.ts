// The frame of a CloudWatch Logs subscription consumer: the gzip'd batch decoded, each line parsed
// and validated (lines that are not the expected JSON are skipped and counted, never fatal), and the
// batch handed over with an id that stays the same when the batch is delivered again.
import { gunzipSync } from 'node:zlib';
import type { CloudWatchLogsDecodedData, CloudWatchLogsEvent } from 'aws-lambda';
import type * as z from 'zod/mini';
import { createLogger, type Logger, type LogLevel } from '#shared/observability/logger';
import { errorFields } from '#shared/observability/stack';

export type LogBatch<T> = {
  /** The first log event's id: CloudWatch gives each event a unique, stable id. */
  id: string;
  lines: T[];
};

export function logSubscriptionWorker<T>(
  name: string,
  options: { logLevel: LogLevel; line: z.ZodMiniType<T> },
  handle: (batch: LogBatch<T>, context: { log: Logger }) => Promise<void>,
) {
  return async (event: CloudWatchLogsEvent): Promise<void> => {
    const log = createLogger(options.logLevel, { worker: name });
    const data = JSON.parse(
      gunzipSync(Buffer.from(event.awslogs.data, 'base64')).toString('utf8'),
    ) as CloudWatchLogsDecodedData;
    if (data.messageType !== 'DATA_MESSAGE' || data.logEvents.length === 0) return;
    const lines: T[] = [];
    let skipped = 0;
    for (const logEvent of data.logEvents) {
      try {
        lines.push(options.line.parse(JSON.parse(logEvent.message)));
      } catch {
        skipped += 1;
      }
    }
    if (skipped > 0) log.warn('log lines skipped: not the expected shape', { skipped, log_group: data.logGroup });
    try {
      await handle({ id: data.logEvents[0]!.id, lines }, { log });
    } catch (error) {
      log.error('log batch failed; it is retried', { ...errorFields(error), log_group: data.logGroup });
      throw error;
    }
  };
}
