import { beforeAll, describe, expect, it } from 'vitest';
import { call, invoiceBody, newTenant, tableItemCount } from '#test/support/api';

let tenant: Awaited<ReturnType<typeof newTenant>>;
let clientId: string;
beforeAll(async () => {
  tenant = await newTenant('Idempotent');
  clientId = (await call('create-client', { token: tenant.apiKey, body: { name: 'Once', email: 'o@x.example' } })).json
    .id;
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, creating nothing new', async () => {
    const headers = { 'idempotency-key': `create-${Date.now()}` };
    const first = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId), headers });
    const count = await tableItemCount();
    const second = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId), headers });
    expect(second.status).toBe(first.status);
    expect(second.json).toEqual(first.json);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await tableItemCount()).toBe(count);
  });

  it('treats a reordered body as the same request', async () => {
    const headers = { 'idempotency-key': `order-${Date.now()}` };
    const first = await call('create-client', {
      token: tenant.apiKey,
      body: { name: 'A', email: 'a@x.example' },
      headers,
    });
    const second = await call('create-client', {
      token: tenant.apiKey,
      body: { email: 'a@x.example', name: 'A' },
      headers,
    });
    expect(second.json.id).toBe(first.json.id);
  });

  it('answers 409 idempotency_conflict for the same key with another body', async () => {
    const headers = { 'idempotency-key': `conflict-${Date.now()}` };
    await call('create-client', { token: tenant.apiKey, body: { name: 'A', email: 'a@x.example' }, headers });
    const count = await tableItemCount();
    const second = await call('create-client', {
      token: tenant.apiKey,
      body: { name: 'B', email: 'b@x.example' },
      headers,
    });
    expect(second.status).toBe(409);
    expect(second.json.error.code).toBe('idempotency_conflict');
    expect(await tableItemCount()).toBe(count);
  });

  it('frees the key when the request failed, so a corrected retry goes through', async () => {
    const headers = { 'idempotency-key': `retry-${Date.now()}` };
    const failed = await call('create-invoice', {
      token: tenant.apiKey,
      body: invoiceBody('cli_01ARZ3NDEKTSV4RRFFQ69G5FAV'),
      headers,
    });
    expect(failed.status).toBe(404);
    const retried = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId), headers });
    expect(retried.status).toBe(201);
  });

  it('keeps keys per organization', async () => {
    const other = await newTenant('Same key elsewhere');
    const headers = { 'idempotency-key': `shared-${Date.now()}` };
    const mine = await call('create-client', {
      token: tenant.apiKey,
      body: { name: 'A', email: 'a@x.example' },
      headers,
    });
    const theirs = await call('create-client', {
      token: other.apiKey,
      body: { name: 'A', email: 'a@x.example' },
      headers,
    });
    expect(theirs.status).toBe(201);
    expect(theirs.json.id).not.toBe(mine.json.id);
  });

  it('refuses a key that is too long', async () => {
    const result = await call('create-client', {
      token: tenant.apiKey,
      body: { name: 'A', email: 'a@x.example' },
      headers: { 'idempotency-key': 'k'.repeat(256) },
    });
    expect(result.status).toBe(400);
    expect(result.json.error.details.fields).toHaveProperty(['Idempotency-Key']);
  });
});
