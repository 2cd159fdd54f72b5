// The one middleware chain every route handler is wrapped in, outermost first:
// envelope (request id, logs, errors) → authentication and scope → JSON body → the handler,
// which validates its input with zod and runs under the Idempotency-Key rules on POST.
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ZodMiniType } from 'zod/mini';
import { routeNamed, type RouteName } from '../../functions/routes.ts';
import type { Principal } from '../auth/principal.ts';
import { config } from '../config.ts';
import type { Db } from '../data/client.ts';
import { idempotent } from './idempotency.ts';
import { authenticate } from './middleware/authenticate.ts';
import { envelope } from './middleware/envelope.ts';
import { jsonBody } from './middleware/json-body.ts';
import { header, type Reply, type RequestContext } from './request.ts';
import { parseOrThrow } from './validation.ts';

export type EndpointRequest<B, Q, P> = {
  body: B;
  query: Q;
  params: P;
  principal: Principal;
  organizationId: string;
  /** Scheme and host the caller used, for absolute links. */
  baseUrl: string;
  requestId: string;
  log: RequestContext['log'];
};

type Schemas<B, Q, P> = { db: Db; body?: ZodMiniType<B>; query?: ZodMiniType<Q>; params?: ZodMiniType<P> };

export function endpoint<B = undefined, Q = undefined, P = undefined>(
  routeName: RouteName,
  schemas: Schemas<B, Q, P>,
  run: (request: EndpointRequest<B, Q, P>) => Promise<Reply>,
) {
  const route = routeNamed(routeName);
  const { LOG_LEVEL, MAX_BODY_BYTES, PUBLIC_BASE_URL } = config();
  const { db } = schemas;

  const handle = async (event: APIGatewayProxyEventV2, context: RequestContext): Promise<APIGatewayProxyStructuredResultV2> => {
    const principal = context.principal!;
    const request: EndpointRequest<B, Q, P> = {
      body: (schemas.body ? parseOrThrow(schemas.body, context.json) : undefined) as B,
      query: (schemas.query ? parseOrThrow(schemas.query, event.queryStringParameters ?? {}) : undefined) as Q,
      params: (schemas.params ? parseOrThrow(schemas.params, event.pathParameters ?? {}) : undefined) as P,
      principal,
      organizationId: principal.organizationId,
      baseUrl: context.baseUrl,
      requestId: context.requestId,
      log: context.log,
    };
    const reply = route.method === 'POST'
      ? await idempotent(db, {
        key: header(event.headers, 'idempotency-key'), organizationId: principal.organizationId,
        method: route.method, path: event.rawPath, body: context.json,
      }, () => run(request))
      : await run(request);
    return {
      statusCode: reply.status,
      headers: { ...(reply.body === undefined ? {} : { 'content-type': 'application/json' }), ...reply.headers },
      body: reply.body === undefined ? '' : JSON.stringify(reply.body),
    };
  };

  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, RequestContext>({ timeoutEarlyInMillis: 0 })
    .use(envelope({ route: route.name, logLevel: LOG_LEVEL, fallbackBaseUrl: PUBLIC_BASE_URL }))
    .use(authenticate(db, route.scope))
    .use(jsonBody(MAX_BODY_BYTES))
    .handler(handle);
}
