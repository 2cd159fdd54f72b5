// Synchronous invocation of the service's own functions (Lambda's Invoke API), as a signed POST
// (signed-post.ts): the SDK's Lambda client would add 69 KB of operation schemas to every caller for
// this one call (docs/performance.md). The endpoint comes from the environment
// (AWS_ENDPOINT_URL_LAMBDA locally: infra/local/lambda-endpoint.ts).
import { DomainError, type ErrorCode } from '#shared/domain/errors';
import { type Pause, signedPost } from '#shared/aws/signed-post';

/** What Invoke answered: the function's result, or its error (`functionError` set, as X-Amz-Function-Error says). */
export type Invocation = { payload: string; functionError?: string };
export type Invoke = (functionName: string, payload: string) => Promise<Invocation>;

export class InvokeFailedError extends Error {
  constructor(
    readonly status: number,
    readonly errorType: string,
    message: string,
  ) {
    super(`Lambda Invoke answered ${status} ${errorType}: ${message}`);
  }
}

const LAMBDA = {
  signingName: 'lambda',
  endpointVariable: 'AWS_ENDPOINT_URL_LAMBDA',
  host: (region: string) => `lambda.${region}.amazonaws.com`,
};
/** Throttles and Lambda's own faults are tried again. */
const retryable = ({ status }: { status: number }) => status === 429 || status >= 500;

let invoke: Invoke | undefined;

/** The invoker of this process, configured by the environment (AWS_REGION, AWS_ENDPOINT_URL_LAMBDA). */
export const lambdaInvoker = (): Invoke => (invoke ??= invokerFor(process.env));

export function invokerFor(env: NodeJS.ProcessEnv, pause?: Pause): Invoke {
  const post = signedPost(env, LAMBDA, undefined, pause);
  const headers = { 'content-type': 'application/json', 'x-amz-invocation-type': 'RequestResponse' };
  return async (functionName, payload) => {
    const path = `/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`;
    const answer = await post(path, headers, payload, retryable);
    if (answer.ok) {
      const functionError = answer.headers.get('x-amz-function-error') ?? undefined;
      return { payload: answer.body, ...(functionError ? { functionError } : {}) };
    }
    const errorType = answer.headers.get('x-amzn-errortype')?.split(':')[0] ?? 'Unknown';
    throw new InvokeFailedError(answer.status, errorType, answer.body);
  };
}

/** The invoked function failed: an unhandled error, a timeout, running out of memory. */
export class FunctionFailedError extends Error {}

/**
 * Calls one of the service's own functions (shared/workers/invoked-worker.ts on the other side) with
 * `request` as JSON and answers what it returned. A refusal it answered is thrown again as the
 * DomainError it was, so the caller answers it as if it had decided it itself.
 */
export async function callFunction(invoke: Invoke, functionName: string, request: unknown): Promise<unknown> {
  const answer = await invoke(functionName, JSON.stringify(request));
  // Lambda answers 200 to a failed function and says so in a header.
  if (answer.functionError)
    throw new FunctionFailedError(`${functionName} failed (${answer.functionError}): ${answer.payload}`);
  const parsed = JSON.parse(answer.payload) as {
    refused?: { code: string; message: string; details: Record<string, unknown> };
  };
  if (parsed?.refused)
    throw new DomainError(parsed.refused.code as ErrorCode, parsed.refused.message, parsed.refused.details);
  return parsed;
}
