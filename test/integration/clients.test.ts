import { beforeAll, describe, expect, it } from 'vitest';
import { call, newTenant } from '#test/support/api';

let tenant: Awaited<ReturnType<typeof newTenant>>;
beforeAll(async () => {
  tenant = await newTenant('Clients Inc');
});

const fullClient = {
  name: 'Initech',
  email: 'ap@initech.example',
  phone: '+1 555 0100',
  address: '1 Loop Rd',
  city: 'Austin',
  state: 'TX',
  postal_code: '73301',
  country: 'US',
};

describe('clients', () => {
  it('answers creation with exactly the spec fields, and GET one with every field', async () => {
    const created = await call('create-client', { token: tenant.apiKey, body: fullClient });
    expect(created.status).toBe(201);
    expect(Object.keys(created.json).sort()).toEqual(['created_at', 'email', 'id', 'is_active', 'name']);
    expect(created.json).toMatchObject({ name: 'Initech', email: 'ap@initech.example', is_active: true });
    expect(created.json.id).toMatch(/^cli_[0-9A-Z]{26}$/);
    expect(created.json.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const fetched = await call('get-client', { token: tenant.apiKey, params: { id: created.json.id } });
    expect(fetched.status).toBe(200);
    expect(fetched.json).toMatchObject({ ...fullClient, id: created.json.id, is_active: true });
    expect(fetched.json).not.toHaveProperty('pk');
  });

  it('patches only the given fields', async () => {
    const { json: created } = await call('create-client', { token: tenant.apiKey, body: fullClient });
    const patched = await call('update-client', {
      token: tenant.apiKey,
      params: { id: created.id },
      body: { city: 'Dallas' },
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ ...fullClient, city: 'Dallas' });
  });

  it('archives on DELETE: the client stays readable with is_active false', async () => {
    const { json: created } = await call('create-client', { token: tenant.apiKey, body: fullClient });
    const archived = await call('archive-client', { token: tenant.apiKey, params: { id: created.id } });
    expect(archived.status).toBe(200);
    expect(archived.json.is_active).toBe(false);
    const fetched = await call('get-client', { token: tenant.apiKey, params: { id: created.id } });
    expect(fetched.json.is_active).toBe(false);
    const active = await call('list-clients', { token: tenant.apiKey, query: { is_active: 'false', limit: '100' } });
    expect(active.json.results.map((c: { id: string }) => c.id)).toContain(created.id);
  });

  it('pages through every client exactly once with the next link', async () => {
    const own = await newTenant('Paging clients');
    const ids: string[] = [];
    for (let i = 0; i < 7; i++)
      ids.push(
        (await call('create-client', { token: own.apiKey, body: { name: `C${i}`, email: `c${i}@x.example` } })).json.id,
      );
    const seen: string[] = [];
    let page = await call('list-clients', { token: own.apiKey, query: { limit: '3' } });
    for (let guard = 0; guard < 10; guard++) {
      expect(page.status).toBe(200);
      seen.push(...page.json.results.map((c: { id: string }) => c.id));
      if (!page.json.next) break;
      const next = new URL(page.json.next);
      expect(next.origin).toBe('https://api.test');
      page = await call('list-clients', { token: own.apiKey, query: Object.fromEntries(next.searchParams) });
    }
    expect(seen.sort()).toEqual(ids.sort());
  });
});
