// The laptop's Lambda Invoke API holds each invoked function to its timeout and memory, as Lambda does:
// an invocation that hangs or outgrows its memory is ended with Lambda's error, and nothing else waits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLambdaEndpoint } from '#infra/local/lambda-endpoint';

let lambda: Awaited<ReturnType<typeof startLambdaEndpoint>>;
beforeAll(async () => {
  lambda = await startLambdaEndpoint({
    functions: {
      stalling: {
        module: new URL('../support/stalling-function.ts', import.meta.url).href,
        timeoutSeconds: 3,
        memorySize: 64,
      },
    },
  });
});
afterAll(() => lambda.stop());

const invoke = async (action: string) => {
  const answer = await fetch(`${lambda.endpoint}/2015-03-31/functions/stalling/invocations`, {
    method: 'POST',
    body: JSON.stringify({ do: action }),
  });
  return { status: answer.status, error: answer.headers.get('x-amz-function-error'), body: await answer.json() };
};

describe('the local Lambda endpoint', () => {
  it('answers what the function returns, and a thrown error as a function error', async () => {
    expect(await invoke('answer')).toEqual({ status: 200, error: null, body: { answered: 'answer' } });
    expect(await invoke('fail')).toEqual({
      status: 200,
      error: 'Unhandled',
      body: { errorType: 'TypeError', errorMessage: 'asked to fail' },
    });
  });

  it('ends an invocation that outlives the timeout, answers others meanwhile, and serves the next', async () => {
    const finished: string[] = [];
    const spinning = invoke('spin').then((outcome) => (finished.push('spin'), outcome));
    const answered = await invoke('answer');
    finished.push('answer');
    expect(answered.body).toEqual({ answered: 'answer' });
    expect(await spinning).toEqual({
      status: 200,
      error: 'Unhandled',
      body: { errorType: 'Sandbox.Timedout', errorMessage: 'Task timed out after 3.00 seconds' },
    });
    expect(finished).toEqual(['answer', 'spin']);
    expect((await invoke('answer')).body).toEqual({ answered: 'answer' });
  }, 30_000);

  it('ends an invocation that outgrows the memory, and serves the next', async () => {
    const grown = await invoke('grow');
    expect([grown.status, grown.error, grown.body.errorType]).toEqual([200, 'Unhandled', 'Runtime.ExitError']);
    expect((await invoke('answer')).body).toEqual({ answered: 'answer' });
  }, 30_000);
});
