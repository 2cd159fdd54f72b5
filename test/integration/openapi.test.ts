// The OpenAPI document is generated from the route table and the schemas each handler declares, and
// the committed copy (docs/openapi.json) is exactly what generation gives: a change to the contract
// shows in review. `npm run openapi` writes it again.
import { readFileSync, writeFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { call, newTenant } from '#test/support/api';
import { openApiDocument } from '#infra/openapi/document';
import type { Contract } from '#shared/http/endpoint';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { ROUTES, type Route, type RouteName } from '#functions/routes';
import { REQUEST_EXAMPLES } from '#infra/openapi/examples';
import { EVENT_TYPES } from '#shared/domain/events';

const COMMITTED = 'docs/openapi.json';
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
    const tooMany = create.responses!['429'] as { headers: Record<string, unknown> };
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
    const { handler } = (await import('../../functions/get-client/handler.ts')) as {
      handler: { contract: Contract };
    };
    const answer = await call('get-client', { token: tenant.apiKey, params: { id: client.json.id } });
    const schema = handler.contract.response!;
    expect(z.safeParse(schema, answer.json).success).toBe(true);
    // A field the schema does not name, or a wrong type, is refused: strict schemas.
    expect(z.safeParse(schema, { ...answer.json, extra: 1 }).success).toBe(false);
    expect(z.safeParse(schema, { ...answer.json, created_at: 'yesterday' }).success).toBe(false);
  });

  it('is the committed docs/openapi.json (run `npm run openapi` after changing the contract)', async () => {
    const text = `${JSON.stringify(await generated(), null, 2)}\n`;
    if (process.env.UPDATE_OPENAPI === '1') writeFileSync(COMMITTED, text);
    expect(readFileSync(COMMITTED, 'utf8')).toBe(text);
  });

  it('describes every JSON answer with a schema, and every other answer by what the route serves', async () => {
    const document = await generated();
    for (const route of ROUTES as readonly Route[]) {
      const source = readFileSync(`functions/${route.name}/handler.ts`, 'utf8');
      const json = !route.serves && route.status !== 204;
      expect(/response: \w+/.test(source), `${route.name} declares its response schema`).toBe(json);
      // A file, a page or a redirect is what `serves` says; only routes that declare it answer one.
      expect(/raw: \{|htmlPage\(\s*200|status: 303/.test(source), `${route.name} serves`).toBe(Boolean(route.serves));
      const success = document.paths![route.path]![route.method.toLowerCase() as 'get']!.responses![
        String(route.status ?? 200)
      ] as { content?: Record<string, unknown>; headers: Record<string, unknown> };
      const media = Object.keys(success.content ?? {});
      if (json) expect(media, route.name).toEqual(['application/json']);
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
        ...Object.values(operation.responses as Record<string, { content?: Record<string, unknown> }>).map(
          (response) => response.content?.['application/json'],
        ),
        (operation.requestBody as { content: Record<string, unknown> } | undefined)?.content['application/json'],
      ] as ({ schema: object; example: unknown } | undefined)[];
      for (const json of media.filter((found) => found !== undefined)) {
        const validate = ajv.compile({ ...json.schema, components: document.components });
        expect(validate(json.example), JSON.stringify(validate.errors)).toBe(true);
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

  it('declares in the route table every success status a handler answers', () => {
    for (const route of ROUTES) {
      const source = readFileSync(`functions/${route.name}/handler.ts`, 'utf8');
      const statuses = [...source.matchAll(/status: ([23]\d\d)\b/g)].map((match) => Number(match[1]));
      for (const status of statuses) expect(status, route.name).toBe((route as Route).status ?? 200);
    }
  });
});
