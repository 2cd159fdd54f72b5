// The OpenAPI document is generated from the route table and the schemas each handler declares, and
// the committed copy (docs/openapi.json) is exactly what generation gives: a change to the contract
// shows in review. `npm run openapi` writes it again.
import { readFileSync, writeFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { call, newTenant } from '#test/support/api';
import { openApiDocument } from '#infra/openapi/document';
import type { Contract } from '#shared/http/endpoint';
import { ROUTES, type Route } from '#functions/routes';

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

  it('declares in the route table every success status a handler answers', () => {
    for (const route of ROUTES) {
      const source = readFileSync(`functions/${route.name}/handler.ts`, 'utf8');
      const statuses = [...source.matchAll(/status: (2\d\d)\b/g)].map((match) => Number(match[1]));
      for (const status of statuses) expect(status, route.name).toBe((route as Route).status ?? 200);
    }
  });
});
