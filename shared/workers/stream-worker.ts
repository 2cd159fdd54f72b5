// The frame of the table-stream worker: records decoded by the data layer, handled as one batch (the
// publisher sends ten events per call), and the earliest failure reported, since a stream shard is
// ordered and Lambda retries from the lowest failed sequence number. Powertools' batch processor
// works record by record, which would cost one EventBridge call per event; hence this small frame.
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { createLogger, type Logger, type LogLevel } from '#shared/observability/logger';
import { createMetrics, type Counter } from '#shared/observability/metrics';
import { errorFields } from '#shared/observability/stack';

export type StreamItem<T> = { sequence: string; item: T };

export type StreamWorkerOptions<T> = {
  logLevel: LogLevel;
  /** The record's item, or undefined for records this worker does not handle. */
  decode: (record: DynamoDBRecord) => T | undefined;
};

export function streamWorker<T>(
  name: string,
  options: StreamWorkerOptions<T>,
  handle: (items: StreamItem<T>[], context: { log: Logger; metrics: Counter }) => Promise<Set<StreamItem<T>>>,
) {
  const metrics = createMetrics();
  return async (stream: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const log = createLogger(options.logLevel, { worker: name });
    try {
      const items = stream.Records.flatMap((record) => {
        const item = options.decode(record);
        return item === undefined ? [] : [{ sequence: record.dynamodb?.SequenceNumber ?? '', item }];
      });
      const failed = items.length > 0 ? await handle(items, { log, metrics }) : new Set();
      const first = items.find((item) => failed.has(item));
      if (first) log.warn('stream records failed; the batch is retried from the first', { failed: failed.size });
      return { batchItemFailures: first ? [{ itemIdentifier: first.sequence }] : [] };
    } catch (error) {
      log.error('stream batch failed; it is retried whole', errorFields(error));
      throw error;
    } finally {
      metrics.publishStoredMetrics();
    }
  };
}
