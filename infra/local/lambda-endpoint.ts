// The laptop's Lambda Invoke API, for the functions the service's own functions invoke synchronously
// (INVOKED_FUNCTIONS in functions/topology.ts: the document renderer, the payment gateway). The callers
// use the real SDK client, pointed here by AWS_ENDPOINT_URL_LAMBDA; each function runs in instances of
// its own (worker threads, warm after their first call) within its timeout and memory, so one that hangs
// is ended as Lambda ends it and stops nothing else. Answers as Lambda does: the function's return value
// as JSON, an error or a timeout as 200 with X-Amz-Function-Error, an unknown function as 404, more than
// 6 MB either way refused.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INVOKED_FUNCTIONS } from '#functions/topology';
import { type FunctionSpec, functionInstances } from '#infra/local/function-instances';

/** Lambda's limit on a synchronous invocation's request and response payloads. */
export const INVOKE_PAYLOAD_LIMIT = 6 * 1024 * 1024;

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/** The function a FunctionName names: a plain name, or the last part of an ARN (a version or alias is ignored). */
const nameOf = (functionName: string) => {
  const arn = /^arn:[^:]+:lambda:[^:]*:[^:]*:function:([^:]+)/.exec(functionName);
  return arn ? arn[1]! : functionName;
};

/** The functions served, by name: the topology's, each loaded from its handler module with its own environment. */
const servedFunctions = (environments: Partial<Record<string, Record<string, string>>>): Record<string, FunctionSpec> =>
  Object.fromEntries(
    INVOKED_FUNCTIONS.map((fn) => [
      fn.handler,
      { ...fn, module: `#functions/${fn.handler}/handler`, environment: environments[fn.handler] },
    ]),
  );

export async function startLambdaEndpoint({
  port = 0,
  environments = {},
  functions = servedFunctions(environments),
}: {
  port?: number;
  /** By function: the variables the stack sets on it alone (the Peppol gateway's access point and key). */
  environments?: Partial<Record<string, Record<string, string>>>;
  functions?: Record<string, FunctionSpec>;
} = {}): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const instances = new Map<string, ReturnType<typeof functionInstances>>();
  const server = createServer(async (req, res) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const match = INVOKE_PATH.exec(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (req.method !== 'POST' || !match)
      return json(404, { message: 'Only Invoke is served here' }, { 'x-amzn-errortype': 'UnknownOperationException' });
    const name = nameOf(decodeURIComponent(match[1]!));
    const invoked = functions[name];
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size <= INVOKE_PAYLOAD_LIMIT) chunks.push(chunk as Buffer);
    }
    if (!invoked)
      return json(
        404,
        { Type: 'User', message: `Function not found: ${name}` },
        { 'x-amzn-errortype': 'ResourceNotFoundException' },
      );
    if (size > INVOKE_PAYLOAD_LIMIT)
      return json(
        413,
        {
          Type: 'User',
          message: `Request must be smaller than ${INVOKE_PAYLOAD_LIMIT} bytes for the InvokeFunction operation`,
        },
        { 'x-amzn-errortype': 'RequestEntityTooLargeException' },
      );
    if (!instances.has(name)) instances.set(name, functionInstances(invoked));
    const ok = { 'x-amz-executed-version': '$LATEST' };
    let event: unknown;
    try {
      event = size ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
    } catch {
      return json(
        400,
        { Type: 'User', message: 'Could not parse request body into json' },
        { 'x-amzn-errortype': 'InvalidRequestContentException' },
      );
    }
    const outcome = await instances.get(name)!.invoke(event);
    if ('error' in outcome) return json(200, outcome.error, { ...ok, 'x-amz-function-error': 'Unhandled' });
    const { answer } = outcome;
    if (Buffer.byteLength(answer) > INVOKE_PAYLOAD_LIMIT)
      return json(
        200,
        {
          errorType: 'Function.ResponseSizeTooLarge',
          errorMessage: 'Response payload size exceeded maximum allowed payload size (6291556 bytes).',
        },
        { ...ok, 'x-amz-function-error': 'Unhandled' },
      );
    return json(200, answer, ok);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      await Promise.all([...instances.values()].map((running) => running.stop()));
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
