// The OpenAPI document is generated from the route table and the schemas each handler declares, and
// the committed copy (docs/openapi.json) is exactly what generation gives: a change to the contract
// shows in review. `npm run openapi` writes it again.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { bundleHandler } from '#bench/bundle';
import { openApiCommands } from '#infra/constructs/service-function';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { call, newTenant } from '#test/support/api';
import { contractChanges, withChanges } from '#infra/openapi/changes';
import { CLIENT_TYPES, clientTypes } from '#infra/openapi/client-types';
import { namedSchema, openApiDocument } from '#infra/openapi/document';
import { deref } from '#infra/openapi/refs';
import type { Contract } from '#shared/http/endpoint';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { RESPONSES } from '#functions/responses';
import { ROUTES, type Route, type RouteName } from '#functions/routes';
import { REQUEST_EXAMPLES } from '#infra/openapi/examples';
import { EVENT_TYPES } from '#shared/domain/events';

const COMMITTED = 'docs/openapi.json';
const CHANGELOG = 'docs/api-changelog.md';
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

async function generated() {
  const contracts = new Map<string, Contract | undefined>();
  for (const route of ROUTES) {
    const module = (await import(`../../functions/${route.name}/handler.ts`)) as { handler: { contract?: Contract } };
    contracts.set(route.name, module.handler.contract);
  }
  return openApiDocument(ROUTES, contracts, version);
}

describe('the OpenAPI document', () => {
  it('has every route of the table, with its method, security and success status', async () => {
    const document = await generated();
    for (const route of ROUTES) {
      const operation = document.paths?.[route.path]?.[route.method.toLowerCase() as 'get'];
      expect(operation?.operationId, `${route.method} ${route.path}`).toBe(
        route.name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()),
      );
      expect(Object.keys(operation!.responses!)).toContain(String((route as Route).status ?? 200));
      expect(operation!.security, route.name).toEqual(
        route.credentials === 'public'
          ? []
          : route.credentials === 'user'
            ? [{ accessToken: [] }]
            : [{ apiKey: [] }, { accessToken: [] }],
      );
    }
    const operations = Object.values(document.paths ?? {}).flatMap((item) => Object.keys(item));
    expect(operations).toHaveLength(ROUTES.length);
  });

  it('carries each handler’s request schemas: path and query parameters, the JSON body', async () => {
    const document = await generated();
    const create = document.paths!['/api/v1/invoices/']!.post!;
    const body = (create.requestBody as { content: Record<string, { schema: { properties: object } }> }).content[
      'application/json'
    ]!.schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['client', 'line_items', 'buyer_reference']));
    expect(create.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header' })]);
    const eInvoice = document.paths!['/api/v1/invoices/{id}/e-invoice/']!.get!;
    expect(eInvoice.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'id', in: 'path', required: true }),
        expect.objectContaining({ name: 'format', in: 'query', required: true }),
      ]),
    );
    const tooMany = deref<{ headers: Record<string, unknown> }>(document, create.responses!['429'] as never);
    expect(Object.keys(tooMany.headers)).toEqual(['X-Request-Id', 'Retry-After']);
    const list = document.paths!['/api/v1/invoices/']!.get!;
    expect((list.parameters ?? []).map((parameter) => (parameter as { name: string }).name)).toEqual(
      expect.arrayContaining(['limit', 'cursor', 'status', 'client']),
    );
  });

  it('describes the answers of the routes that declare them, and every test call is checked against them', async () => {
    const document = await generated();
    const created = document.paths!['/api/v1/clients/']!.post!.responses!['201'] as {
      content: Record<string, { schema: { $ref: string } }>;
    };
    expect(created.content['application/json']!.schema.$ref).toBe('#/components/schemas/CreatedClient');
    const tenant = await newTenant('Described');
    const client = await call('create-client', { token: tenant.apiKey, body: { name: 'A', email: 'a@x.example' } });
    const answer = await call('get-client', { token: tenant.apiKey, params: { id: client.json.id } });
    const schema = RESPONSES['get-client']!;
    expect(z.safeParse(schema, answer.json).success).toBe(true);
    // A field the schema does not name, or a wrong type, is refused: strict schemas.
    expect(z.safeParse(schema, { ...answer.json, extra: 1 }).success).toBe(false);
    expect(z.safeParse(schema, { ...answer.json, created_at: 'yesterday' }).success).toBe(false);
  });

  it('is served as committed, compressed for clients that take gzip, by a bundle that carries it beside its code', async () => {
    const committed = JSON.parse(readFileSync(COMMITTED, 'utf8'));
    const plain = await call('get-openapi');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json).toEqual(committed);
    const gzip = await call('get-openapi', { headers: { 'accept-encoding': 'br, gzip;q=0.8' } });
    expect([gzip.headers['content-encoding'], gzip.headers.vary]).toEqual(['gzip', 'accept-encoding']);
    expect(gzip.json).toEqual(committed);
    expect(gzip.bytes.length).toBeLessThan(plain.bytes.length / 5);
    const refused = await call('get-openapi', { headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();

    const dir = mkdtempSync(join(tmpdir(), 'openapi-bundle-'));
    try {
      const size = await bundleHandler('functions/get-openapi/handler.ts', join(dir, 'index.mjs'));
      expect(size).toBeLessThan(400 * 1024);
      spawnSync('sh', ['-c', openApiCommands(process.cwd(), dir).join(' && ')]);
      const event = { rawPath: '/api/v1/openapi.json', headers: { 'accept-encoding': 'gzip' }, requestContext: {} };
      const script =
        `const { handler } = await import('./index.mjs'); ` +
        `const answer = await handler(${JSON.stringify(event)}, { awsRequestId: 'b', getRemainingTimeInMillis: () => 1e4 }); ` +
        `process.stdout.write(JSON.stringify(answer));`;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: dir,
        encoding: 'utf8',
        env: process.env,
      });
      const answer = JSON.parse(run.stdout) as { statusCode: number; headers: Record<string, string>; body: string };
      expect([answer.statusCode, answer.headers['content-encoding']], run.stderr).toEqual([200, 'gzip']);
      expect(JSON.parse(gunzipSync(Buffer.from(answer.body, 'base64')).toString('utf8'))).toEqual(committed);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is the committed docs/openapi.json (run `npm run openapi` after changing the contract)', async () => {
    const document = await generated();
    const text = `${JSON.stringify(document, null, 2)}\n`;
    const types = await clientTypes(document);
    if (process.env.UPDATE_OPENAPI === '1') {
      // What changed goes into the changelog under Unreleased, breaking changes first.
      const changes = contractChanges(JSON.parse(readFileSync(COMMITTED, 'utf8')), JSON.parse(text));
      writeFileSync(CHANGELOG, withChanges(readFileSync(CHANGELOG, 'utf8'), changes));
      writeFileSync(COMMITTED, text);
      writeFileSync(CLIENT_TYPES, types);
    }
    expect(readFileSync(COMMITTED, 'utf8')).toBe(text);
    // The typed client's types are generated from the same document, and committed with it.
    expect(readFileSync(CLIENT_TYPES, 'utf8')).toBe(types);
  });

  it('describes every JSON answer with a schema, and every other answer by what the route serves', async () => {
    const document = await generated();
    for (const route of ROUTES as readonly Route[]) {
      const source = readFileSync(`functions/${route.name}/handler.ts`, 'utf8');
      const json = !route.serves && route.status !== 204;
      expect(route.name in RESPONSES, `${route.name} has its response schema in functions/responses.ts`).toBe(json);
      // A file, a page or a redirect is what `serves` says; only routes that declare it answer one. The
      // OpenAPI document is JSON answered as bytes (gzip'd or not), with its response schema.
      const answersBytes = /raw: \{|fileReply\(|htmlPage\(\s*200|status: 303/.test(source) && !route.servesOpenApi;
      expect(answersBytes, `${route.name} serves`).toBe(Boolean(route.serves || route.negotiates));
      const success = document.paths![route.path]![route.method.toLowerCase() as 'get']!.responses![
        String(route.status ?? 200)
      ] as { content?: Record<string, unknown>; headers: Record<string, unknown> };
      const media = Object.keys(success.content ?? {});
      if (json)
        expect(media, route.name).toEqual(['application/json', ...(route.negotiates ? ['application/pdf'] : [])]);
      if (route.serves === 'redirect') expect(Object.keys(success.headers)).toContain('Location');
      if (route.serves === 'e-invoice') expect(media).toEqual(['application/xml', 'application/pdf']);
    }
  });

  it('shows an example body on every operation that takes one, each valid for its route', async () => {
    const document = await generated();
    for (const route of ROUTES as readonly Route[]) {
      const { handler } = (await import(`../../functions/${route.name}/handler.ts`)) as {
        handler: { contract?: Contract };
      };
      const body = handler.contract?.body;
      expect(REQUEST_EXAMPLES[route.name as RouteName] !== undefined, `${route.name} has an example body`).toBe(
        Boolean(body),
      );
      if (body) {
        const parsed = z.safeParse(body, REQUEST_EXAMPLES[route.name as RouteName]);
        expect(parsed.success, `${route.name}: ${parsed.error && z.prettifyError(parsed.error)}`).toBe(true);
      }
    }
    // Every JSON answer and event has a sampled example, and each one matches its own schema.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const operations = [...Object.values(document.paths!), ...Object.values(document.webhooks!)].flatMap((item) =>
      Object.entries(item as Record<string, { responses: object; requestBody?: object }>),
    );
    let checked = 0;
    for (const [, operation] of operations) {
      const media = [
        ...Object.values(operation.responses as Record<string, object>).map(
          (response) => deref<{ content?: Record<string, unknown> }>(document, response).content?.['application/json'],
        ),
        (operation.requestBody as { content: Record<string, unknown> } | undefined)?.content['application/json'],
      ] as ({ schema: object; example: unknown } | undefined)[];
      for (const json of media.filter((found) => found !== undefined)) {
        const validate = ajv.compile({ ...json.schema, components: document.components });
        const example = json.example ?? namedSchema(document, json)?.examples?.[0];
        expect(example, JSON.stringify(json.schema)).toBeDefined();
        expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(ROUTES.length * 3);
  });

  it('describes every kind of event as a webhook, with the Standard Webhooks signature headers', async () => {
    const document = await generated();
    expect(Object.keys(document.webhooks!).sort()).toEqual([...EVENT_TYPES].sort());
    for (const [type, item] of Object.entries(document.webhooks!)) {
      const post = (item as { post: { parameters: { name: string }[]; requestBody: object } }).post;
      expect(post.parameters.map((parameter) => parameter.name)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
      const schema = (post.requestBody as { content: Record<string, { schema: { $ref: string } }> }).content[
        'application/json'
      ]!.schema;
      const named = document.components!.schemas![schema.$ref.split('/').at(-1)!] as {
        properties: { type: { const: string } };
      };
      expect(named.properties.type.const, type).toBe(type);
    }
  });

  it('builds the client package, whose compiled module signs and keys its requests', async () => {
    const out = mkdtempSync(join(tmpdir(), 'client-'));
    const built = spawnSync(
      process.execPath,
      ['node_modules/typescript/bin/tsc', '-p', 'clients/typescript/tsconfig.json', '--outDir', out],
      { encoding: 'utf8' },
    );
    expect(built.status, built.stdout + built.stderr).toBe(0);
    const { createInvoicingClient } = (await import(join(out, 'index.js'))) as typeof import('#client');
    const seen: Request[] = [];
    const api = createInvoicingClient({
      baseUrl: 'http://127.0.0.1:9',
      credential: () => 'inv_live_key',
      fetch: async (request: Request) => {
        seen.push(request);
        return new Response(JSON.stringify({ id: 'cli_1' }), { status: 201 });
      },
    });
    await api.POST('/api/v1/clients/', { body: { name: 'A', email: 'a@x.example' } });
    await api.POST('/api/v1/clients/', {
      body: { name: 'A', email: 'a@x.example' },
      headers: { 'Idempotency-Key': 'k' },
    });
    await api.GET('/api/v1/clients/');
    expect(seen.map((request) => request.headers.get('authorization'))).toEqual(Array(3).fill('Bearer inv_live_key'));
    const keys = seen.map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys.slice(1)).toEqual(['k', null]);
    rmSync(out, { recursive: true, force: true });
  });

  it('declares in the route table every success status a handler answers', () => {
    for (const route of ROUTES) {
      const source = readFileSync(`functions/${route.name}/handler.ts`, 'utf8');
      const statuses = [...source.matchAll(/status: ([23]\d\d)\b/g)].map((match) => Number(match[1]));
      for (const status of statuses) expect(status, route.name).toBe((route as Route).status ?? 200);
    }
  });
});
