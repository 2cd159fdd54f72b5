// The instances of one invoked function on the laptop, as Lambda keeps them: each answers one
// invocation at a time in a worker thread of its own, its heap limited to the function's memory; an
// invocation that outlives the function's timeout ends its instance, and no other request waits on it.
import { Worker } from 'node:worker_threads';

/** What an invocation came to: the handler's answer as JSON, or Lambda's error body. */
export type Outcome = { answer: string } | { error: { errorType: string; errorMessage: string } };
export type FunctionSpec = {
  module: string;
  timeoutSeconds: number;
  memorySize: number;
  /** What the stack gives this function beside what every function has (the process's environment). */
  environment?: Record<string, string>;
};

/** Most instances of one function at once; more invocations wait for one, where Lambda would start more. */
const MAX_INSTANCES = 4;
const ENTRY = new URL('./invoked-function-worker.ts', import.meta.url).href;
/** Not every Node version hands a worker the parent's tsx: each worker registers it, then loads its entry. */
const BOOT = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(ENTRY)}); })`;

type Instance = { worker: Worker; ready: Promise<void> };

/** Instances started on demand, at most MAX_INSTANCES; an invocation waits for a free one beyond that. */
function instancePool(spec: FunctionSpec) {
  const idle: Instance[] = [];
  const live = new Set<Instance>();
  const waiting: ((instance: Instance) => void)[] = [];

  const start = (): Instance => {
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: { module: spec.module },
      env: { ...process.env, ...spec.environment },
      resourceLimits: { maxOldGenerationSizeMb: spec.memorySize },
    });
    const ready = new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
    ready.catch(() => {}); // a failed start is answered by the invocation that waits on it
    const instance = { worker, ready };
    live.add(instance);
    worker.once('exit', () => live.delete(instance));
    return instance;
  };
  const acquire = (): Promise<Instance> => {
    const free = idle.pop();
    if (free) return Promise.resolve(free);
    if (live.size < MAX_INSTANCES) return Promise.resolve(start());
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (instance: Instance) => {
    const next = waiting.shift();
    if (next) next(instance);
    else idle.push(instance);
  };
  const discard = (instance: Instance) => {
    void instance.worker.terminate();
    live.delete(instance);
    const next = waiting.shift();
    if (next) next(start());
  };
  return { live, acquire, release, discard };
}

/**
 * One invocation on `instance`. `settle` is told once whether the instance may serve again: not after a timeout or
 * a crash (an instance that hangs is ended, as Lambda ends it).
 */
function invokeOn(
  instance: Instance,
  event: unknown,
  timeoutSeconds: number,
  settle: (keep: boolean) => void,
): Promise<Outcome> {
  return new Promise<Outcome>((resolve) => {
    let done = false;
    const finish = (outcome: Outcome, keep: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      instance.worker.off('message', onMessage).off('error', onError);
      settle(keep);
      resolve(outcome);
    };
    const onMessage = (message: { answer?: string; error?: { errorType: string; errorMessage: string } }) => {
      if (message.answer !== undefined) finish({ answer: message.answer }, true);
      else if (message.error) finish({ error: message.error }, true);
    };
    const onError = (error: Error) =>
      finish({ error: { errorType: 'Runtime.ExitError', errorMessage: error.message } }, false);
    const timer = setTimeout(
      () =>
        finish(
          {
            error: {
              errorType: 'Sandbox.Timedout',
              errorMessage: `Task timed out after ${timeoutSeconds.toFixed(2)} seconds`,
            },
          },
          false,
        ),
      timeoutSeconds * 1000,
    );
    instance.worker.on('error', onError);
    instance.ready.then(
      () => {
        instance.worker.on('message', onMessage);
        instance.worker.postMessage({ id: 0, event });
      },
      (error: Error) => onError(error),
    );
  });
}

export function functionInstances(spec: FunctionSpec) {
  const pool = instancePool(spec);

  async function invoke(event: unknown): Promise<Outcome> {
    const instance = await pool.acquire();
    return invokeOn(instance, event, spec.timeoutSeconds, (keep) =>
      keep ? pool.release(instance) : pool.discard(instance),
    );
  }

  return {
    invoke,
    stop: async () => {
      await Promise.all([...pool.live].map((instance) => instance.worker.terminate()));
    },
  };
}
