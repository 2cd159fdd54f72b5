// The one middleware chain every route handler is wrapped in, outermost first:
// envelope (request id, logs, errors) → authentication and authorisation → for a form, where the
// browser says it comes from → JSON body → the
// handler, which validates its input with zod and runs under the Idempotency-Key rules on POST.
// Public routes (the token endpoints) have the same chain without the credential.
// The request id is the correlation id of everything the request causes: a handler writes through
// `request.db`, which stamps it on every event (shared/data/table.ts `correlated`).
import { apiKeyActor, publicActor, userActor, type Actor } from '#shared/domain/actor';
import { createHash } from 'node:crypto';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ZodMiniType } from 'zod/mini';
import { accessTokenVerifier } from '#shared/auth/access-token';
import type { Principal } from '#shared/auth/principal';
import type { Scope } from '#shared/domain/scopes';
import { config } from '#shared/config';
import { type CorrelatedDb, correlated, type Db, serviceTable } from '#shared/data/table';
import { idempotent } from '#shared/http/idempotency';
import { authenticate } from '#shared/http/middleware/authenticate';
import { envelope } from '#shared/http/middleware/envelope';
import { type FileBodyRule, fileBody } from '#shared/http/middleware/file-body';
import { jsonBody } from '#shared/http/middleware/json-body';
import { header, type Reply, type RequestContext } from '#shared/http/request';
import { sameOriginForms } from '#shared/http/same-origin';
import { refuseUnfitText } from '#shared/http/text-policy';
import { nestedQuery, parseOrThrow, refuseUndeclaredQuery } from '#shared/http/validation';

type Input<B, Q, P> = {
  body: B;
  query: Q;
  params: P;
  /** Scheme and host the caller used, for absolute links. */
  baseUrl: string;
  sourceIp: string;
  /** The body exactly as received (signature checks need the bytes, not the parsed JSON). */
  rawBody: string;
  /** The file a `file` route was sent. */
  file: { bytes: Buffer; mediaType: string } | undefined;
  headers: APIGatewayProxyEventV2['headers'];
  requestId: string;
  log: RequestContext['log'];
  /** The table, with this request as the cause of what is written through it. */
  db: CorrelatedDb;
};

export type EndpointRequest<B, Q, P> = Input<B, Q, P> & {
  principal: Principal;
  organizationId: string;
};

type Schemas<B, Q, P> = {
  /** The table; the service's own (TABLE_NAME) unless a test hands another. */
  db?: Db;
  body?: ZodMiniType<B>;
  query?: ZodMiniType<Q>;
  params?: ZodMiniType<P>;
  /** The body comes from a browser's form (application/x-www-form-urlencoded), not JSON. */
  form?: boolean;
  /** The body is a file of one of these media types (an uploaded e-invoice), not JSON. */
  file?: FileBodyRule;
};

/** What the chain needs to know of a route; functions/routes.ts declares every one. */
export type EndpointRoute = {
  name: string;
  method: string;
  credentials: 'public' | 'any' | 'user';
  scope: Scope | null;
};

type Handle = (event: APIGatewayProxyEventV2, context: RequestContext) => Promise<APIGatewayProxyStructuredResultV2>;

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function toResult(reply: Reply): APIGatewayProxyStructuredResultV2 {
  if (reply.raw) {
    const binary = typeof reply.raw.content !== 'string';
    return {
      statusCode: reply.status,
      headers: { 'content-type': reply.raw.contentType, ...reply.headers },
      body: binary ? Buffer.from(reply.raw.content).toString('base64') : (reply.raw.content as string),
      isBase64Encoded: binary,
    };
  }
  return {
    statusCode: reply.status,
    headers: { ...(reply.body === undefined ? {} : { 'content-type': 'application/json' }), ...reply.headers },
    body: reply.body === undefined ? '' : JSON.stringify(reply.body),
  };
}

function inputOf<B, Q, P>(
  schemas: Schemas<B, Q, P>,
  table: () => Db,
  event: APIGatewayProxyEventV2,
  context: RequestContext,
  actor: Actor,
): Input<B, Q, P> {
  // What the route reads is held to the text policy; a provider's signed body (no schema) is its own.
  // The query as the schema reads it: `metadata[__proto__]` is a key of a group, checked as one.
  const query = nestedQuery(event.queryStringParameters ?? {});
  if (schemas.body) refuseUnfitText(context.json);
  if (schemas.query) refuseUnfitText(query);
  if (schemas.params) refuseUnfitText(event.pathParameters ?? {});
  return {
    body: (schemas.body ? parseOrThrow(schemas.body, context.json) : undefined) as B,
    query: (schemas.query ? parseOrThrow(schemas.query, query) : undefined) as Q,
    params: (schemas.params ? parseOrThrow(schemas.params, event.pathParameters ?? {}) : undefined) as P,
    baseUrl: context.baseUrl,
    sourceIp: event.requestContext?.http?.sourceIp ?? 'unknown',
    rawBody: event.body
      ? event.isBase64Encoded
        ? Buffer.from(event.body, 'base64').toString('utf8')
        : event.body
      : '',
    file: context.file,
    headers: event.headers ?? {},
    requestId: context.requestId,
    log: context.log,
    // Made when first read: routes that never touch the table never build a client for it.
    get db() {
      return correlated(table(), context.requestId, actor);
    },
  };
}

/** Who the events of a request name as having acted (shared/domain/actor.ts). */
const actorOf = (principal: Principal): Actor =>
  principal.kind === 'user' ? userActor(principal.userId, principal.role) : apiKeyActor(principal.credentialId);

/** What a route takes, as its handler declares it: read by the OpenAPI document (infra/openapi). */
export type Contract = {
  route: string;
  /** The body is a browser's form (application/x-www-form-urlencoded). */
  form?: boolean;
  /** The body is a file of these media types. */
  file?: FileBodyRule;
  body?: ZodMiniType;
  query?: ZodMiniType;
  params?: ZodMiniType;
};

function chain(
  route: EndpointRoute,
  schemas: Omit<Contract, 'route'>,
  handle: Handle,
  authentication?: ReturnType<typeof authenticate>,
) {
  const { LOG_LEVEL, MAX_BODY_BYTES, PUBLIC_BASE_URL } = config();
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, RequestContext>({
    timeoutEarlyInMillis: 0,
  }).use(envelope({ route: route.name, logLevel: LOG_LEVEL, fallbackBaseUrl: PUBLIC_BASE_URL }));
  if (authentication) handler.use(authentication);
  // A browser's form is refused before its body is read when another site made the browser post it.
  if (schemas.form) handler.use(sameOriginForms(PUBLIC_BASE_URL));
  const reader = schemas.file ? fileBody(schemas.file) : jsonBody(MAX_BODY_BYTES, { forms: schemas.form });
  const handled = handler.use(reader).handler(handle);
  const run = (event: APIGatewayProxyEventV2, context: Context) => handled(event, context as RequestContext);
  const { body, query, params, form, file } = schemas;
  const contract: Contract = {
    route: route.name,
    body,
    query,
    params,
    ...(form ? { form } : {}),
    ...(file ? { file } : {}),
  };
  return Object.assign(run, { contract });
}

export function endpoint<B = undefined, Q = undefined, P = undefined>(
  route: EndpointRoute,
  schemas: Schemas<B, Q, P>,
  run: (request: EndpointRequest<B, Q, P>) => Promise<Reply>,
) {
  const { scope, credentials } = route;
  if (credentials === 'public' || !scope) throw new Error(`${route.name} is public: use publicEndpoint`);
  const { ACCESS_TOKEN_PUBLIC_JWKS, ACCESS_TOKEN_ISSUER, ACCESS_TOKEN_AUDIENCE } = config();
  const verify = accessTokenVerifier(ACCESS_TOKEN_PUBLIC_JWKS, {
    issuer: ACCESS_TOKEN_ISSUER,
    audience: ACCESS_TOKEN_AUDIENCE,
  });
  const db = schemas.db ?? serviceTable();

  return chain(
    route,
    schemas,
    async (event, context) => {
      const principal = context.principal!;
      if (!schemas.query) refuseUndeclaredQuery(event.queryStringParameters);
      const request = {
        ...inputOf(schemas, () => db, event, context, actorOf(principal)),
        principal,
        organizationId: principal.organizationId,
      };
      const reply =
        route.method === 'POST'
          ? await idempotent(
              db,
              {
                key: header(event.headers, 'idempotency-key'),
                organizationId: principal.organizationId,
                method: route.method,
                path: event.rawPath,
                // A file is the same request when it is the same bytes of the same type.
                body: context.file
                  ? { file_sha256: sha256Of(context.file.bytes), media_type: context.file.mediaType }
                  : context.json,
              },
              () => run(request),
            )
          : await run(request);
      return toResult(reply);
    },
    authenticate(db, verify, { scope, credentials }),
  );
}

/** A route that takes no credential. Idempotency keys need an organization, so these have none. */
export function publicEndpoint<B = undefined, Q = undefined, P = undefined>(
  route: EndpointRoute,
  schemas: Schemas<B, Q, P>,
  run: (request: Input<B, Q, P>) => Promise<Reply>,
) {
  if (route.credentials !== 'public') throw new Error(`${route.name} needs a credential: use endpoint`);
  const table = () => schemas.db ?? serviceTable();
  const actor = publicActor(route.name);
  return chain(route, schemas, async (event, context) =>
    toResult(await run(inputOf(schemas, table, event, context, actor))),
  );
}
