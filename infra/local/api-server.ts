// The laptop counterpart of API Gateway: an HTTP server that turns each request into the
// APIGatewayProxyEventV2 a route's Lambda would receive and calls that route's real handler.
import { createReadStream, statSync } from 'node:fs';
import { referencePage, scalarScript } from '#infra/openapi/reference-page';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { JOBS } from '#functions/jobs';
import { tapLogSubscriptions } from '#infra/local/log-subscriptions';
import { servedRoutes, type Route } from '#functions/routes';
import type { PaymentProvider } from '#shared/payments/provider';

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** API Gateway refuses bodies over 10 MB before any function runs; so does this server. */
const GATEWAY_BODY_LIMIT = 10 * 1024 * 1024;

const pattern = (path: string) => new RegExp(`^${path.replace(/\/$/, '').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}/?$`);
type RouteTable = { route: Route; regex: RegExp }[];
/** As API Gateway matches: a path without parameters before one with (`/archive/verify/` before `/archive/{id}/`). */
const routeTable = (routes: readonly Route[]): RouteTable =>
  routes
    .map((route) => ({ route, regex: pattern(route.path), params: route.path.split('{').length }))
    .sort((a, b) => a.params - b.params)
    .map(({ route, regex }) => ({ route, regex }));

function matchRoute(
  compiled: RouteTable,
  method: string,
  path: string,
): { route: Route; pathParameters: Record<string, string> } | 'method_not_allowed' | undefined {
  let pathKnown = false;
  for (const { route, regex } of compiled) {
    const match = regex.exec(path);
    if (!match) continue;
    if (route.method !== method) {
      pathKnown = true;
      continue;
    }
    const pathParameters: Record<string, string> = {};
    for (const [name, value] of Object.entries(match.groups ?? {})) pathParameters[name] = decodeURIComponent(value);
    return { route, pathParameters };
  }
  return pathKnown ? 'method_not_allowed' : undefined;
}

/** Bodies passed as text; every other media type arrives base64-encoded, as API Gateway passes binary bodies. */
const TEXT_TYPES = /^\s*(text\/|application\/(json|xml|x-www-form-urlencoded)\b)/i;

export function toApiGatewayEvent(
  request: { method: string; url: URL; headers: Record<string, string>; body: Buffer; host: string; sourceIp: string },
  route: Route,
  pathParameters: Record<string, string>,
): APIGatewayProxyEventV2 {
  const now = new Date();
  const query = [...request.url.searchParams.keys()];
  const textual = TEXT_TYPES.test(request.headers['content-type'] ?? 'application/json');
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath: request.url.pathname,
    rawQueryString: request.url.search.replace(/^\?/, ''),
    headers: request.headers,
    queryStringParameters: query.length
      ? Object.fromEntries(query.map((name) => [name, request.url.searchParams.getAll(name).join(',')]))
      : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: request.host,
      domainPrefix: request.host.split('.')[0] ?? 'local',
      http: {
        method: request.method,
        path: request.url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: request.headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    // API Gateway hands a binary body (a PDF upload) base64-encoded, a text one as it is.
    body: request.body.length ? request.body.toString(textual ? 'utf8' : 'base64') : undefined,
    isBase64Encoded: !textual && request.body.length > 0,
  };
}

const lambdaContext = (functionName: string): Context => ({
  callbackWaitsForEmptyEventLoop: false,
  functionName,
  functionVersion: '$LATEST',
  invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
  memoryLimitInMB: '512',
  awsRequestId: randomUUID(),
  logGroupName: `/aws/lambda/${functionName}`,
  logStreamName: 'local',
  getRemainingTimeInMillis: () => 29_000,
  done: () => {},
  fail: () => {},
  succeed: () => {},
});

async function readBody(request: IncomingMessage): Promise<Buffer | 'too_large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > GATEWAY_BODY_LIMIT) return 'too_large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const errorBody = (code: string, message: string) => JSON.stringify({ error: { code, message, details: {} } });

export class UnknownJobError extends Error {
  constructor(name: string) {
    super(`There is no job named "${name}"; the jobs are: ${JOBS.map((job) => job.name).join(', ')}`);
  }
}

/** A non-route function's handler: a job or a log subscription's consumer. */
export const functionHandler = async <E>(name: string) =>
  ((await import(`../../functions/${name}/handler.ts`)) as { handler: (event: E) => Promise<unknown> }).handler;

/** Runs a scheduled job's handler now, as its schedule would (`npm run tick -- <job>`). */
export async function runJob(name: string, event: object = {}): Promise<unknown> {
  if (!JOBS.some((job) => job.name === name)) throw new UnknownJobError(name);
  return (await functionHandler<object>(name))(event);
}

/** Loads each route's handler module on first use, as a cold start would. */
const handlers = new Map<string, Promise<Handler>>();
const loadHandler = (route: Route) => {
  if (!handlers.has(route.name)) {
    handlers.set(
      route.name,
      import(`../../functions/${route.name}/handler.ts`).then((module: { handler: Handler }) => module.handler),
    );
  }
  return handlers.get(route.name)!;
};

/** Writes one whole answer. */
type Send = (status: number, headers: Record<string, string>, body: string | Buffer) => void;

/** What the server serves beside the API: job runs (`npm run tick`) and the API reference page. True if it did. */
async function serveLocal(req: IncomingMessage, res: ServerResponse, url: URL, send: Send): Promise<boolean> {
  const job = /^\/__local\/jobs\/([\w-]+)\/?$/.exec(url.pathname);
  if (job && req.method === 'POST') {
    const body = await readBody(req);
    const event = body === 'too_large' || body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
    if (!JOBS.some((known) => known.name === job[1]))
      send(404, { 'content-type': 'application/json' }, errorBody('not_found', new UnknownJobError(job[1]!).message));
    else send(200, { 'content-type': 'application/json' }, JSON.stringify((await runJob(job[1]!, event)) ?? null));
    return true;
  }
  // The API reference page and its script, beside the API (infra/openapi/reference-page.ts).
  if (req.method === 'GET' && (url.pathname === '/reference/' || url.pathname === '/reference')) {
    send(
      200,
      { 'content-type': 'text/html; charset=utf-8' },
      referencePage('/api/v1/openapi.json', '/reference/scalar.js'),
    );
    return true;
  }
  if (req.method === 'GET' && url.pathname === '/reference/scalar.js') {
    res.writeHead(200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'max-age=3600',
      'content-length': String(statSync(scalarScript()).size),
    });
    createReadStream(scalarScript()).pipe(res);
    return true;
  }
  return false;
}

/** A request to the API: its route's handler gets the event API Gateway would give it. */
async function serveRoute(req: IncomingMessage, url: URL, compiled: RouteTable, host: string, send: Send) {
  const matched = matchRoute(compiled, req.method ?? 'GET', url.pathname);
  if (matched === undefined)
    return send(404, { 'content-type': 'application/json' }, errorBody('not_found', 'No such route'));
  if (matched === 'method_not_allowed')
    return send(
      405,
      { 'content-type': 'application/json' },
      errorBody('method_not_allowed', 'This method is not allowed on this path'),
    );
  const body = await readBody(req);
  if (body === 'too_large')
    return send(
      413,
      { 'content-type': 'application/json', connection: 'close' },
      errorBody('payload_too_large', 'The body is too large'),
    );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  headers['x-forwarded-proto'] = 'http';
  const event = toApiGatewayEvent(
    {
      method: req.method ?? 'GET',
      url,
      headers,
      body,
      host: req.headers.host ?? host,
      sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
    },
    matched.route,
    matched.pathParameters,
  );
  const handler = await loadHandler(matched.route);
  const result = await handler(event, lambdaContext(matched.route.name));
  const payload = typeof result.body === 'string' ? result.body : '';
  send(
    result.statusCode ?? 200,
    (result.headers ?? {}) as Record<string, string>,
    result.isBase64Encoded ? Buffer.from(payload, 'base64') : payload,
  );
}

/** Serves the routes the stack would deploy for the same payment provider (functions/routes.ts). */
export async function startApiServer({
  port,
  host = '127.0.0.1',
  paymentProvider = 'sandbox',
}: {
  port: number;
  host?: string;
  paymentProvider?: PaymentProvider;
}): Promise<{ server: Server; url: string; stop(): Promise<void> }> {
  const compiled = routeTable(servedRoutes(paymentProvider));
  const server = createServer(async (req, res) => {
    // API Gateway answers with a Content-Length, never chunked; so does every answer here.
    const send: Send = (status, headers, body) => {
      const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
      res.writeHead(status, { ...headers, 'content-length': String(bytes.length) });
      res.end(bytes);
    };
    try {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? host}`);
      if (!(await serveLocal(req, res, url, send))) await serveRoute(req, url, compiled, host, send);
    } catch (error) {
      console.error(error);
      send(500, { 'content-type': 'application/json' }, errorBody('internal_error', 'An internal error occurred'));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const { port: actual } = server.address() as AddressInfo;
  // The routes' output feeds their log subscriptions, as their log groups do in AWS; the usage lines
  // are accounting, not diagnostics, so they stay off the terminal.
  const logs = tapLogSubscriptions(functionHandler, { echo: false });
  return {
    server,
    url: `http://${host}:${actual}`,
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await logs.stop();
    },
  };
}
