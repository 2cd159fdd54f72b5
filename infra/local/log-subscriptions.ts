// The laptop's CloudWatch Logs subscriptions: Lambda captures a function's output into its log
// group and a subscription filter streams matching lines to a consumer; here the routes run in this
// process, so their output is read as it is written, and matching lines are delivered to the same
// consumer handler, in the same gzip'd envelope, every second (LOG_SUBSCRIPTIONS in functions/topology.ts).
import { gzipSync } from 'node:zlib';
import type { CloudWatchLogsEvent, CloudWatchLogsLogEvent } from 'aws-lambda';
import { LOG_SUBSCRIPTIONS, type LogSubscription } from '#functions/topology';

type Consumer = (event: CloudWatchLogsEvent) => Promise<unknown>;

export type LogTap = { flush(): Promise<void>; stop(): Promise<void> };

let sequence = 0;
const eventId = () => `${Date.now()}${String(sequence++).padStart(12, '0')}`;

/** The envelope CloudWatch Logs hands a subscription's consumer. */
export function subscriptionEvent(subscription: LogSubscription, logEvents: CloudWatchLogsLogEvent[]) {
  const data = {
    messageType: 'DATA_MESSAGE',
    owner: '000000000000',
    logGroup: '/local/routes',
    logStream: 'local',
    subscriptionFilters: [subscription.constructId],
    logEvents,
  };
  return { awslogs: { data: gzipSync(JSON.stringify(data)).toString('base64') } };
}

/**
 * Reads the process's output for subscribed lines. `echo: false` keeps them off the terminal (tests);
 * `everyMs: 0` delivers only on `flush()`.
 */
export function tapLogSubscriptions(
  consumerOf: (handler: string) => Promise<Consumer>,
  { echo = true, everyMs = 1000 }: { echo?: boolean; everyMs?: number } = {},
): LogTap {
  const pending = new Map<LogSubscription, CloudWatchLogsLogEvent[]>(LOG_SUBSCRIPTIONS.map((entry) => [entry, []]));
  const write = process.stdout.write.bind(process.stdout);
  const matching = (line: string) => {
    if (!line.startsWith('{')) return [];
    try {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      return LOG_SUBSCRIPTIONS.filter((entry) => parsed[entry.field] === entry.value);
    } catch {
      return [];
    }
  };
  // Loggers write whole lines, one per call; text after the last newline passes through as it is.
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    const lines = (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')).split('\n');
    const tail = lines.pop() ?? '';
    let kept = '';
    for (const line of lines) {
      const subscriptions = matching(line);
      for (const subscription of subscriptions)
        pending.get(subscription)!.push({ id: eventId(), timestamp: Date.now(), message: line });
      if (echo || subscriptions.length === 0) kept = `${kept}${line}\n`;
    }
    kept += tail;
    return kept ? write(kept, ...rest) : true;
  }) as typeof process.stdout.write;

  let delivering = Promise.resolve();
  const flush = () => {
    delivering = delivering.then(async () => {
      for (const [subscription, events] of pending) {
        if (events.length === 0) continue;
        const batch = events.splice(0, events.length);
        try {
          await (await consumerOf(subscription.consumer.handler))(subscriptionEvent(subscription, batch));
        } catch {
          events.unshift(...batch); // as Lambda retries a failed asynchronous invocation
        }
      }
    });
    return delivering;
  };
  const timer = everyMs > 0 ? setInterval(() => void flush(), everyMs) : undefined;
  timer?.unref();
  return {
    flush,
    async stop() {
      if (timer) clearInterval(timer);
      await flush();
      process.stdout.write = write as typeof process.stdout.write;
    },
  };
}
