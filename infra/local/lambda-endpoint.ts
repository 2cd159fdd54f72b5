// The laptop's Lambda Invoke API, for the functions the service's own functions invoke synchronously
// (INVOKED_FUNCTIONS in functions/topology.ts: the document renderer). The callers use the real SDK
// client, pointed here by AWS_ENDPOINT_URL_LAMBDA; the function runs in this process, loaded once and
// warm afterwards, as an instance of it would be. Answers as Lambda does: the function's return value
// as JSON, an error as 200 with X-Amz-Function-Error, an unknown function as 404, more than 6 MB either
// way refused.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INVOKED_FUNCTIONS } from '#functions/topology';

/** Lambda's limit on a synchronous invocation's request and response payloads. */
export const INVOKE_PAYLOAD_LIMIT = 6 * 1024 * 1024;

type Invoked = (event: unknown) => Promise<unknown>;

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/** The function a FunctionName names: a plain name, or the last part of an ARN (a version or alias is ignored). */
const nameOf = (functionName: string) => {
  const arn = /^arn:[^:]+:lambda:[^:]*:[^:]*:function:([^:]+)/.exec(functionName);
  return arn ? arn[1]! : functionName;
};

export async function startLambdaEndpoint(
  load: (handler: string) => Promise<Invoked>,
  { port = 0 }: { port?: number } = {},
): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const handlers = new Map<string, Promise<Invoked>>();
  const server = createServer(async (req, res) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const match = INVOKE_PATH.exec(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (req.method !== 'POST' || !match)
      return json(404, { message: 'Only Invoke is served here' }, { 'x-amzn-errortype': 'UnknownOperationException' });
    const name = nameOf(decodeURIComponent(match[1]!));
    const invoked = INVOKED_FUNCTIONS.find((fn) => fn.handler === name);
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
    if (!handlers.has(name)) handlers.set(name, load(name));
    const ok = { 'x-amz-executed-version': '$LATEST' };
    try {
      const event = size ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      const answer = JSON.stringify((await (await handlers.get(name)!)(event)) ?? null);
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
    } catch (error) {
      return json(
        200,
        {
          errorType: error instanceof Error ? error.name : 'Error',
          errorMessage: error instanceof Error ? error.message : String(error),
        },
        { ...ok, 'x-amz-function-error': 'Unhandled' },
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
