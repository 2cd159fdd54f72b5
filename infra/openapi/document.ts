// The OpenAPI 3.1 document of the API, generated from the route table (functions/routes.ts) and the
// request schemas each handler declares (shared/http/endpoint.ts `contract`), with zod-openapi.
// Written to docs/openapi.json by `npm run openapi`; a test regenerates it and fails on any drift.
import {
  createDocument,
  type ZodObjectInput,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
} from 'zod-openapi';
import type { ErrorCode } from '#shared/domain/errors';
import type { Contract } from '#shared/http/endpoint';
import { STATUS_OF } from '#shared/http/errors';
import type { Route } from '#functions/routes';

const SECURITY: Record<Route['credentials'], Record<string, string[]>[]> = {
  any: [{ apiKey: [] }, { accessToken: [] }],
  user: [{ accessToken: [] }],
  public: [],
};

/** The error codes a route can answer from what it declares: credentials, input, method. */
function errorCodes(route: Route, contract: Contract | undefined): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (route.credentials !== 'public')
    codes.push(
      'authentication_required',
      'invalid_token',
      'token_expired',
      'insufficient_scope',
      'permission_denied',
      'organization_access_denied',
      'rate_limited',
    );
  if (contract?.body) codes.push('invalid_json', 'payload_too_large', 'unsupported_media_type');
  if (contract?.body || contract?.query || contract?.params) codes.push('validation_error');
  if (route.path.includes('{')) codes.push('not_found');
  if (route.method === 'POST' && route.credentials !== 'public') codes.push('idempotency_conflict');
  codes.push(...(route.errors ?? []), 'internal_error');
  return codes;
}

const errorSchema = (codes: ErrorCode[]) => ({
  type: 'object' as const,
  required: ['error'],
  properties: {
    error: {
      type: 'object' as const,
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' as const, enum: codes },
        message: { type: 'string' as const },
        details: {
          type: 'object' as const,
          description: 'What the code needs said: fields, missing terms, request id',
        },
      },
    },
  },
});

/** Every answer carries the id of its request, which its logs and the events it causes share. */
const REQUEST_ID = {
  description: 'The id of this request: quote it when reporting a problem',
  schema: { type: 'string' as const },
};

function errorResponses(codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(STATUS_OF[code], [...(byStatus.get(STATUS_OF[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, listed]) => [
      String(status),
      {
        description: listed.join(', '),
        headers: {
          'X-Request-Id': REQUEST_ID,
          ...(status === 429
            ? {
                'Retry-After': {
                  description: 'Seconds to wait before trying again',
                  schema: { type: 'integer' as const, minimum: 1 },
                },
              }
            : {}),
        },
        content: { 'application/json': { schema: errorSchema(listed) } },
      },
    ]),
  );
}

const title = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replaceAll('-', ' ');
const operationId = (name: string) => name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
/** The resource a path is about: its first segment after /api/v1/ (the documents about the API itself: meta). */
const tagOf = (path: string) => {
  const segment = path.split('/')[3] ?? '';
  return segment.includes('.') ? 'meta' : segment;
};

function operation(route: Route, contract: Contract | undefined): ZodOpenApiOperationObject {
  const status = route.status ?? 200;
  const scope = route.scope ? `Needs the scope \`${route.scope}\`.` : 'No credential.';
  const idempotent = route.method === 'POST' && route.credentials !== 'public';
  return {
    operationId: operationId(route.name),
    summary: title(route.name),
    description: `${scope}${idempotent ? ' A retry with the same `Idempotency-Key` answers the first answer again.' : ''}`,
    tags: [tagOf(route.path)],
    security: SECURITY[route.credentials],
    ...(route.scope ? { 'x-scope': route.scope } : {}),
    requestParams: {
      ...(contract?.params ? { path: contract.params as ZodObjectInput } : {}),
      ...(contract?.query ? { query: contract.query as ZodObjectInput } : {}),
    },
    ...(idempotent
      ? {
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header' as const,
              required: false,
              description: 'Up to 255 characters; the same key with another body is 409 idempotency_conflict.',
              schema: { type: 'string' as const, maxLength: 255 },
            },
          ],
        }
      : {}),
    ...(contract?.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: contract.body } } } }
      : {}),
    responses: {
      [String(status)]: {
        description: status === 204 ? 'No content' : 'Success',
        headers: { 'X-Request-Id': REQUEST_ID },
        ...(contract?.response ? { content: { 'application/json': { schema: contract.response } } } : {}),
      },
      ...errorResponses(errorCodes(route, contract)),
    },
  };
}

/** The document for `routes`, each with the contract its handler declares (undefined: none). */
export function openApiDocument(
  routes: readonly Route[],
  contracts: Map<string, Contract | undefined>,
  version: string,
) {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    item[route.method.toLowerCase() as 'get'] = operation(route, contracts.get(route.name));
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Invoicing service',
        version,
        description:
          'A multi-tenant invoicing API: clients, invoices with exact money and gapless numbers, credit notes, ' +
          'payments, EN 16931 e-invoices, recurring invoices and signed webhooks. Conventions: docs/api.md.',
      },
      servers: [{ url: '/', description: 'The server this document is served from' }],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key (`inv_live_…`) of the organization, with the scopes it was given.',
          },
          accessToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'An access token from POST /api/v1/users/auth/exchange/; its role decides its scopes.',
          },
        },
      },
      paths,
    },
    { reused: 'ref' },
  );
}
