// The one frame of the SQS workers, as endpoint() is for routes: each message's body is parsed and
// validated, handled under the correlation id of the request that caused it, logged, and reported
// as a partial batch failure when it fails or asks to be retried (Powertools batch processing).
// Metrics counted during the batch are published once at its end. On a FIFO queue the records run
// in order, and after a failure the rest of that message group is handed back, not skipped.
import {
  BatchProcessor,
  EventType,
  processPartialResponse,
  SqsFifoPartialProcessorAsync,
} from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod/mini';
import { createLogger, type Logger, type LogLevel } from '#shared/observability/logger';
import { createMetrics, type Counter } from '#shared/observability/metrics';
import { errorFields } from '#shared/observability/stack';

/** `batch` is the invocation's whole event: state worth keeping for one batch, not longer, can key on it. */
export type WorkerContext = {
  log: Logger;
  /** The request that caused the message: what the work writes carries it on (`correlated` in shared/data/table). */
  correlationId: string | undefined;
  metrics: Counter;
  record: SQSRecord;
  batch: SQSEvent;
  /** The invocation's Lambda context (absent when a test calls the handler without one). */
  lambda?: Pick<Context, 'getRemainingTimeInMillis'>;
};

export type WorkerOptions<M> = {
  logLevel: LogLevel;
  message: z.ZodMiniType<M>;
  /** The request that caused the message, to carry into logs and onward. */
  correlationOf?: (message: M) => string | undefined;
  /** One record after another (messages of one batch that would only conflict); in parallel otherwise. */
  inOrder?: boolean;
  /** A FIFO queue: records in order, and a failure hands back the rest of its message group. */
  fifo?: boolean;
};

/** `retry`: leave the message on the queue for a later attempt (its visibility already set). */
export type Handled = 'done' | 'retry' | void;

class RetryLaterError extends Error {}

export function queueWorker<M>(
  name: string,
  options: WorkerOptions<M>,
  handle: (message: M, context: WorkerContext) => Promise<Handled>,
) {
  const metrics = createMetrics();

  const handleRecord = (batch: SQSEvent, lambda?: Context) => async (record: SQSRecord) => {
    let message: M;
    try {
      message = options.message.parse(JSON.parse(record.body));
    } catch (error) {
      createLogger(options.logLevel, { worker: name, message_id: record.messageId }).error(
        'message body is not a valid message',
        { error: String(error) },
      );
      throw error;
    }
    const correlationId = options.correlationOf?.(message);
    const log = createLogger(options.logLevel, {
      worker: name,
      message_id: record.messageId,
      ...(correlationId ? { correlation_id: correlationId } : {}),
    });
    try {
      const handled = await handle(message, { log, correlationId, metrics, record, batch, lambda });
      if (handled === 'retry') throw new RetryLaterError();
    } catch (error) {
      if (!(error instanceof RetryLaterError)) log.warn('message failed; it will come back', errorFields(error));
      throw error;
    }
  };

  return async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
    try {
      return options.fifo
        ? await processPartialResponse(event, handleRecord(event, context), new SqsFifoPartialProcessorAsync(), {
            context,
            throwOnFullBatchFailure: false,
            skipGroupOnError: true,
          })
        : await processPartialResponse(event, handleRecord(event, context), new BatchProcessor(EventType.SQS), {
            context,
            throwOnFullBatchFailure: false,
            processInParallel: !options.inOrder,
          });
    } finally {
      metrics.publishStoredMetrics();
    }
  };
}
