// The correlation id of the work in progress: the API request id where a request started it,
// carried by every event that request wrote (outbox → bus → queues → workers → webhook delivery).
// Async-local, so concurrent requests in one process (the local runtime) never mix their ids.
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<string>();

export const withCorrelationId = <T>(correlationId: string | undefined, work: () => T): T =>
  correlationId ? current.run(correlationId, work) : work();

export const correlationId = (): string | undefined => current.getStore();
