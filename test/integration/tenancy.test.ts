// Generated from functions/routes.ts: for every route that takes an id, organization A's credential
// with organization B's id answers 404, exactly as a missing id does, and changes nothing.
import { describe, expect, it, beforeAll } from 'vitest';
import { ROUTES } from '../../functions/routes.ts';
import { call, invoiceBody, newTenant, tableItemCount } from '../support/api.ts';

const idRoutes = ROUTES.filter((route) => route.path.includes('{id}'));
const resourceOf = (path: string) => (path.startsWith('/api/v1/clients/') ? 'client' : 'invoice');

let a: Awaited<ReturnType<typeof newTenant>>;
let b: Awaited<ReturnType<typeof newTenant>>;
const idsOfB: Record<string, string> = {};

beforeAll(async () => {
  a = await newTenant('Tenant A');
  b = await newTenant('Tenant B');
  idsOfB.client = (await call('create-client', { token: b.apiKey, body: { name: 'B client', email: 'b@x.example' } })).json.id;
  idsOfB.invoice = (await call('create-invoice', { token: b.apiKey, body: invoiceBody(idsOfB.client!) })).json.id;
});

const patchBody = { client: { name: 'changed' }, invoice: { notes: 'changed' } };

describe('tenant isolation', () => {
  it('covers every route with an id', () => {
    expect(idRoutes.length).toBeGreaterThanOrEqual(5);
  });

  it.each(idRoutes.map((route) => [route.name, route] as const))('%s: another organization’s id is a 404', async (_, route) => {
    const before = await tableItemCount();
    const resource = resourceOf(route.path);
    const id = idsOfB[resource]!;
    const body = route.method === 'PATCH' ? patchBody[resource] : undefined;
    const result = await call(route.name, { token: a.apiKey, params: { id }, body });
    expect(result.status).toBe(404);
    expect(result.json.error.code).toBe('not_found');
    expect(await tableItemCount()).toBe(before);
    const owner = await call(resource === 'client' ? 'get-client' : 'get-invoice', { token: b.apiKey, params: { id } });
    if (resource === 'client') expect(owner.json).toMatchObject({ name: 'B client', is_active: true });
    else expect(owner.json.notes).toBe('Thank you');
  });

  it('lists show only the caller’s organization', async () => {
    const invoices = await call('list-invoices', { token: a.apiKey, query: { limit: '100' } });
    const clients = await call('list-clients', { token: a.apiKey, query: { limit: '100' } });
    expect(invoices.json.results.map((i: { id: string }) => i.id)).not.toContain(idsOfB.invoice);
    expect(clients.json.results.map((c: { id: string }) => c.id)).not.toContain(idsOfB.client);
  });

  it('a credential’s organization cannot be changed by the body or headers', async () => {
    const result = await call('create-client', { token: a.apiKey, body: { name: 'X', email: 'x@x.example', organization_id: b.id }, headers: { 'x-organization-id': b.id } });
    expect(result.status).toBe(400);
    const me = await call('get-organization', { token: a.apiKey, headers: { 'x-organization-id': b.id } });
    expect(me.json.id).toBe(a.id);
  });
});
