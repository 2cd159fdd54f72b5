// Synchronous invocation of the service's own functions (Lambda's Invoke API), signed with the SDK's
// SigV4 signer and credential chain, which every function bundles already with its DynamoDB client. The
// SDK's Lambda client would add 69 KB of operation schemas to every caller for this one call
// (docs/performance.md). The endpoint comes from the environment (AWS_ENDPOINT_URL_LAMBDA locally:
// infra/local/lambda-endpoint.ts).
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Hash } from '@smithy/core/serde';
import { SignatureV4 } from '@smithy/signature-v4';
import { DomainError, type ErrorCode } from '#shared/domain/errors';

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

/** Throttles and Lambda's own faults are tried again, up to this many attempts in all, as the SDK's standard retry does. */
const ATTEMPTS = 3;
const retryable = (status: number) => status === 429 || status >= 500;

let invoke: Invoke | undefined;

/** The invoker of this process, configured by the environment (AWS_REGION, AWS_ENDPOINT_URL_LAMBDA). */
export const lambdaInvoker = (): Invoke => (invoke ??= invokerFor(process.env));

export function invokerFor(
  env: NodeJS.ProcessEnv,
  pause = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Invoke {
  const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1';
  const endpoint = new URL(
    env.AWS_ENDPOINT_URL_LAMBDA ?? env.AWS_ENDPOINT_URL ?? `https://lambda.${region}.amazonaws.com`,
  );
  const signer = new SignatureV4({
    service: 'lambda',
    region,
    credentials: defaultProvider(),
    sha256: Hash.bind(null, 'sha256'),
  });
  return async (functionName, payload) => {
    const path = `/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`;
    for (let attempt = 1; ; attempt++) {
      const signed = await signer.sign({
        method: 'POST',
        protocol: endpoint.protocol,
        hostname: endpoint.hostname,
        port: endpoint.port ? Number(endpoint.port) : undefined,
        path,
        query: {},
        headers: {
          host: endpoint.host,
          'content-type': 'application/json',
          'x-amz-invocation-type': 'RequestResponse',
        },
        body: payload,
      });
      const response = await fetch(new URL(path, endpoint), {
        method: 'POST',
        headers: signed.headers,
        body: payload,
      });
      const body = await response.text();
      if (response.ok) {
        const functionError = response.headers.get('x-amz-function-error') ?? undefined;
        return { payload: body, ...(functionError ? { functionError } : {}) };
      }
      if (retryable(response.status) && attempt < ATTEMPTS) {
        await pause(50 * 2 ** attempt * Math.random());
        continue;
      }
      const errorType = response.headers.get('x-amzn-errortype')?.split(':')[0] ?? 'Unknown';
      throw new InvokeFailedError(response.status, errorType, body);
    }
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
