// One instance of an invoked function on the laptop: a worker thread that loads the handler once and
// answers the invocations its parent sends, one at a time, as a Lambda instance does. Its parent ends
// it when an invocation outlives the function's timeout, or when it runs out of its memory.
import { parentPort, workerData } from 'node:worker_threads';

type Invoked = (event: unknown) => Promise<unknown>;
const { module } = workerData as { module: string };
const { handler } = (await import(module)) as { handler: Invoked };

parentPort!.on('message', async ({ id, event }: { id: number; event: unknown }) => {
  try {
    parentPort!.postMessage({ id, answer: JSON.stringify((await handler(event)) ?? null) });
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    parentPort!.postMessage({ id, error: { errorType: failure.name, errorMessage: failure.message } });
  }
});
parentPort!.postMessage({ ready: true });
