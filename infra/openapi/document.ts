// The OpenAPI 3.1 document of the API, generated from the route table (functions/routes.ts), the
// request schemas each handler declares (shared/http/endpoint.ts `contract`) and the response schemas
// of functions/responses.ts, with zod-openapi.
// Written to docs/openapi.json by `npm run openapi`; a test regenerates it and fails on any drift.
import { sample } from 'openapi-sampler';
import {
  createDocument,
  type ZodObjectInput,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
} from 'zod-openapi';
import type { ErrorCode } from '#shared/domain/errors';
import type { Contract } from '#shared/http/endpoint';
import { STATUS_OF } from '#shared/http/errors';
import { eventResponses } from '#shared/http/schemas/responses/events';
import { RESPONSES } from '#functions/responses';
import type { Route, RouteName } from '#functions/routes';
import { REQUEST_EXAMPLES } from '#infra/openapi/examples';
import { binary, html, SERVED } from '#infra/openapi/served';

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
  if (contract?.file) codes.push('payload_too_large', 'unsupported_media_type');
  // A browser's form another site posted is refused (shared/http/same-origin.ts).
  if (contract?.form) codes.push('permission_denied');
  // A credentialed route refuses query parameters it does not declare (shared/http/endpoint.ts).
  if (route.credentials !== 'public' || contract?.body || contract?.query || contract?.params)
    codes.push('validation_error');
  if (route.path.includes('{')) codes.push('not_found');
  if (route.method === 'POST' && route.credentials !== 'public') codes.push('idempotency_conflict');
  // A change that still loses its race after the frame's retries (shared/data/change.ts) is 409 conflict.
  if (route.method !== 'GET') codes.push('conflict');
  codes.push(...(route.errors ?? []), 'internal_error');
  return [...new Set(codes)];
}

/** What an error's `details` may hold; its `code` says which. */
const ERROR_DETAILS = {
  type: 'object' as const,
  description: 'What the code needs said: fields, missing terms, request id',
};

/** The error envelope, with `code` narrowed to the codes the answer can carry. */
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
        details: { $ref: '#/components/schemas/ErrorDetails' },
      },
    },
  },
});

/** Every answer carries the id of its request, which its logs and the events it causes share. */
const HEADERS = {
  RequestId: {
    description: 'The id of this request: quote it when reporting a problem',
    required: true,
    schema: { type: 'string' as const },
  },
  RetryAfter: {
    description: 'Seconds to wait before trying again',
    required: true,
    schema: { type: 'integer' as const, minimum: 1 },
  },
};
const REQUEST_ID = { $ref: '#/components/headers/RequestId' };

/** A public route a browser opens answers a missing document with a page, not JSON. */
const NOT_FOUND_PAGE = {
  description: 'No such document: an HTML page says so',
  headers: { 'X-Request-Id': REQUEST_ID },
  content: html,
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
                'Retry-After': { $ref: '#/components/headers/RetryAfter' },
              }
            : {}),
        },
        content: {
          'application/json': {
            schema: errorSchema(listed),
            example: { error: { code: listed[0], message: 'What was refused and why, in one sentence' } },
          },
        },
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

function success(route: Route) {
  const response = RESPONSES[route.name as RouteName];
  const description = { 204: 'No content', 303: 'See other' }[route.status as number] ?? 'Success';
  const served = route.serves ? (SERVED[route.serves] as { headers?: object; content?: object }) : {};
  return {
    description,
    headers: { 'X-Request-Id': REQUEST_ID, ...served.headers },
    ...(served.content ? { content: served.content } : {}),
    ...(response
      ? {
          content: {
            'application/json': { schema: response },
            ...(route.negotiates ? (SERVED[route.negotiates] as { content: object }).content : {}),
          },
        }
      : {}),
  };
}

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
      ? {
          requestBody: {
            required: true,
            content: {
              [contract.form ? 'application/x-www-form-urlencoded' : 'application/json']: {
                schema: contract.body,
                example: REQUEST_EXAMPLES[route.name as RouteName],
              },
            },
          },
        }
      : {}),
    ...(contract?.file
      ? {
          requestBody: {
            required: true,
            description: `The file itself, at most ${contract.file.maxBytes} bytes`,
            content: Object.fromEntries(contract.file.mediaTypes.map((type) => [type, { schema: binary }])),
          },
        }
      : {}),
    responses: {
      ...errorResponses(errorCodes(route, contract)),
      [String(status)]: success(route),
      ...(route.existingStatus
        ? { [String(route.existingStatus)]: { ...success(route), description: 'Exists already: the stored one' } }
        : {}),
      ...(route.serves && route.credentials === 'public' ? { '404': NOT_FOUND_PAGE } : {}),
    },
  };
}

/** The Standard Webhooks headers every delivery carries (docs/events.md). */
const SIGNATURE_HEADERS = [
  {
    name: 'webhook-id',
    description: 'The event id: the same on every attempt and retry, so receivers can de-duplicate',
  },
  { name: 'webhook-timestamp', description: 'Unix seconds when this attempt was signed; refuse old ones' },
  {
    name: 'webhook-signature',
    description:
      '`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; ' +
      'space-separated, two during a secret rotation',
  },
].map((header) => ({ ...header, in: 'header' as const, required: true, schema: { type: 'string' as const } }));

/** What the service POSTs to a subscription's URL for each kind of event. */
function webhooks() {
  return Object.fromEntries(
    Object.entries(eventResponses).map(([type, schema]) => [
      type,
      {
        post: {
          operationId: `on${type.replace(/(^|[._])(\w)/g, (_, __, letter: string) => letter.toUpperCase())}`,
          summary: `The ${type} event`,
          description: 'Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).',
          tags: ['events'],
          security: [],
          parameters: SIGNATURE_HEADERS,
          requestBody: { required: true, content: { 'application/json': { schema } } },
          responses: {
            '2XX': {
              description: 'Received; anything else is retried on the schedule, and 410 disables the subscription',
            },
          },
        },
      },
    ]),
  );
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
  const document = createDocument(
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
        schemas: { ErrorDetails: ERROR_DETAILS },
        headers: HEADERS,
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
      webhooks: webhooks(),
    },
    { reused: 'inline' },
  );
  withSampleAnswers(document);
  withSharedRefusals(document);
  return document;
}

const pascal = (code: string) => code.replace(/(^|_)(\w)/g, (_, __, letter: string) => letter.toUpperCase());

/**
 * An error answer that several operations give word for word (the credential refusals, 413, 415,
 * 429, 500) is written once under components/responses, named after its codes, and referred to.
 */
function withSharedRefusals(document: Document) {
  type Responses = Record<string, { $ref?: string; description?: string }>;
  const operations = Object.values(document.paths ?? {}).flatMap((item) =>
    Object.values(item as Record<string, { responses: Responses }>),
  );
  const uses = new Map<string, number>();
  const each = (visit: (responses: Responses, status: string, text: string) => void) => {
    for (const { responses } of operations)
      for (const [status, response] of Object.entries(responses))
        if (Number(status) >= 400 && response.description !== NOT_FOUND_PAGE.description)
          visit(responses, status, JSON.stringify(response));
  };
  each((_, __, text) => uses.set(text, (uses.get(text) ?? 0) + 1));
  const shared: Record<string, object> = {};
  each((responses, status, text) => {
    if ((uses.get(text) ?? 0) < 2) return;
    const name = responses[status]!.description!.split(', ').map(pascal).join('Or');
    shared[name] = JSON.parse(text);
    responses[status] = { $ref: `#/components/responses/${name}` };
  });
  document.components = { ...document.components, responses: shared as never };
}

type Media = { schema?: { $ref?: string }; example?: unknown };
type Answers = { responses?: Record<string, { content?: Record<string, Media> }>; requestBody?: unknown };
type Document = ReturnType<typeof createDocument>;

/** The named schema `media` refers to, if it refers to one. */
export const namedSchema = (document: Document, media: Media) =>
  media.schema?.$ref?.startsWith('#/components/schemas/')
    ? (document.components?.schemas?.[media.schema.$ref.split('/').at(-1)!] as { examples?: unknown[] })
    : undefined;

/**
 * Every JSON body gets an example, sampled from its schema by openapi-sampler (the sampler Redoc
 * uses): the fields' own examples (ids, money, dates) where they have them, the first enum value,
 * else a placeholder of the right type. A named schema holds its example once, for every operation
 * and event that uses it; an inline one holds it on the operation.
 */
function withSampleAnswers(document: Document) {
  const operations = [...Object.values(document.paths ?? {}), ...Object.values(document.webhooks ?? {})].flatMap(
    (item) => Object.values(item as Record<string, Answers>),
  );
  for (const operation of operations) {
    const bodies = Object.values(operation.responses ?? {}).map((response) => response.content?.['application/json']);
    const request = (operation.requestBody as { content?: Record<string, Media> } | undefined)?.content?.[
      'application/json'
    ];
    for (const media of [...bodies, request]) {
      if (!media?.schema || media.example !== undefined) continue;
      const named = namedSchema(document, media);
      if (named) named.examples ??= [sample(media.schema as never, {}, document)];
      else media.example = sample(media.schema as never, {}, document);
    }
  }
}
