// Requests derived from the OpenAPI document: for every operation that takes input, random path
// parameters, query parameters and JSON bodies built from the names and types the document gives
// (mostly invalid, sometimes valid). Nothing may answer 5xx; every 4xx is the error envelope with a
// code the document lists for that status; and a refused request writes nothing.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newTenant, tableItemCount } from '#test/support/api';
import { deref } from '#infra/openapi/refs';
import { ROUTES, type Route, type RouteName } from '#functions/routes';

type Schema = {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  $ref?: string;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
const document = JSON.parse(readFileSync('docs/openapi.json', 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};
const resolve = (schema: Schema | undefined): Schema | undefined =>
  schema?.$ref ? resolve(document.components?.schemas?.[schema.$ref.split('/').pop()!]) : schema;

/** A value for a schema: one of its enum values, something of its type, or anything at all. */
function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const resolved = resolve(schema);
  const anything = fc.jsonValue({ maxDepth: 2 });
  if (!resolved || depth > 2) return anything;
  const typed =
    resolved.enum && resolved.enum.length > 0
      ? fc.constantFrom(...resolved.enum)
      : resolved.pattern
        ? patterned(resolved.pattern)
        : resolved.type === 'string'
          ? fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('10.00', '2026-11-01', 'EUR', 'x@y.example', ''))
          : resolved.type === 'integer' || resolved.type === 'number'
            ? fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.double({ noNaN: true }))
            : resolved.type === 'boolean'
              ? fc.boolean()
              : resolved.type === 'array'
                ? fc.array(valueFor(resolved.items, depth + 1), { maxLength: 3 })
                : resolved.type === 'object' && resolved.properties
                  ? objectFor(resolved, depth + 1)
                  : anything;
  return fc.oneof({ weight: 4, arbitrary: typed }, { weight: 1, arbitrary: anything });
}

/** A string of the pattern: for an id, one of the tenant's own most of the time, else a well-formed stranger. */
function patterned(pattern: string): fc.Arbitrary<string> {
  const own = Object.entries(ownIds)
    .filter(([prefix]) => pattern.startsWith(`^${prefix}_`))
    .flatMap(([, ids]) => ids);
  const shaped = fc.stringMatching(new RegExp(pattern));
  return own.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...own) }, shaped) : shaped;
}

const objectFor = (schema: Schema, depth = 0) =>
  fc.record(
    Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, each]) => [name, valueFor(each, depth)])),
    { requiredKeys: [] },
  );

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** One random request for the operation: path and query parameters as strings, a JSON body. */
function requestFor(operation: Operation) {
  const parameters = operation.parameters ?? [];
  const path = parameters.filter((parameter) => parameter.in === 'path');
  const query = parameters.filter((parameter) => parameter.in === 'query');
  const body = operation.requestBody?.content['application/json']?.schema;
  return fc.record({
    params: fc.record(Object.fromEntries(path.map((each) => [each.name, valueFor(each.schema).map(text)]))),
    query: fc.record(Object.fromEntries(query.map((each) => [each.name, valueFor(each.schema).map(text)])), {
      requiredKeys: [],
    }),
    body: body
      ? fc.oneof({ weight: 4, arbitrary: objectFor(resolve(body)!) }, fc.jsonValue({ maxDepth: 2 }))
      : fc.constant(undefined),
  });
}

/** The codes the document lists for a status of the operation. */
const documentedCodes = (operation: Operation, status: number): unknown[] =>
  resolve(
    resolve(
      deref<Operation['responses'][string] | undefined>(document, operation.responses[String(status)])?.content?.[
        'application/json'
      ]?.schema,
    )?.properties?.error?.properties?.code,
  )?.enum ?? [];

const fuzzed = (ROUTES as readonly Route[]).filter((route) => {
  const operation = document.paths[route.path]?.[route.method.toLowerCase()];
  return route.credentials !== 'public' && (operation?.parameters?.length || operation?.requestBody);
});

let token: string;
/** Ids of the tenant's own resources, by prefix, for path parameters and references in bodies. */
const ownIds: Record<string, string[]> = {};
beforeAll(async () => {
  const tenant = await newTenant('Fuzzed');
  token = tenant.ownerToken;
  const made = async (route: RouteName, options: Parameters<typeof call>[1]) =>
    (await call(route, { token, ...options })).json;
  const client = await made('create-client', { body: { name: 'Fuzz client', email: 'f@x.example', country: 'DE' } });
  const line = { description: 'x', quantity: 1, unit_price: '10.00', tax_rate: '19' };
  const invoice = await made('create-invoice', { body: { client: client.id, line_items: [line] } });
  const issued = await made('create-invoice', { body: { client: client.id, line_items: [line] } });
  await call('send-invoice', { token, params: { id: issued.id } });
  const note = await made('create-credit-note', {
    params: { id: issued.id },
    body: { amount: '1.00', description: 'x', reason: 'other' },
  });
  const webhook = await made('create-webhook', { body: { url: 'https://hooks.example/x', events: ['invoice.sent'] } });
  const template = await made('create-recurring-invoice', {
    body: { client: client.id, frequency: 'monthly', line_items: [line] },
  });
  Object.assign(ownIds, {
    cli: [client.id],
    inv: [issued.id, invoice.id],
    cn: [note.id],
    whk: [webhook.id],
    rec: [template.id],
  });
});

describe('requests derived from the OpenAPI document', () => {
  it('cover every authenticated operation that takes input', () => {
    expect(fuzzed.length).toBeGreaterThan(30);
  });

  it.each(
    fuzzed.map((route) => ({ name: route.name, route })),
  )('$name: no 5xx, every 4xx documented, nothing written when refused', async ({ route }) => {
    const operation = document.paths[route.path]![route.method.toLowerCase()]!;
    const requests = fc.sample(requestFor(operation), { numRuns: 8, seed: route.name.length * 7919 });
    for (const request of requests) {
      const before = await tableItemCount();
      const answer = await call(route.name as RouteName, {
        token,
        params: request.params as Record<string, string>,
        query: request.query as Record<string, string>,
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      const about = `${route.name} ${JSON.stringify(request).slice(0, 300)} → ${answer.status} ${answer.text.slice(0, 300)}`;
      expect(answer.status, about).toBeLessThan(500);
      expect(answer.headers['x-request-id'], about).toBeTruthy();
      if (answer.status < 400) continue;
      expect(Object.keys(answer.json ?? {}), about).toEqual(['error']);
      expect(documentedCodes(operation, answer.status), about).toContain(answer.json.error.code);
      expect(await tableItemCount(), about).toBe(before);
    }
  }, 120_000);
});
