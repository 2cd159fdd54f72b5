// API key management by signed-in owners and admins, and how keys behave as credentials.
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addApiKeyUses } from '#shared/data/api-keys';
import { createDb } from '#shared/data/table';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey } from '#shared/domain/api-key';
import { apiKeyKey } from '#shared/data/keys';
import { call, countDbCalls, db, forgetRecentKeys, freshIp, newTenant } from '#test/support/api';
import { deliverApiKeyUsage } from '#test/support/usage';
import { subscriptionEvent } from '#infra/local/log-subscriptions';
import { LOG_SUBSCRIPTIONS } from '#functions/topology';

let tenant: Awaited<ReturnType<typeof newTenant>>;
beforeAll(async () => {
  tenant = await newTenant('Keys');
});

const createKey = (body: object) => call('create-api-key', { token: tenant.ownerToken, body });

describe('API key management', () => {
  it('shows the secret once, at creation, and never again', async () => {
    const created = await createKey({ name: 'Billing sync', scopes: ['invoices:read'] });
    expect(created.status).toBe(201);
    const { secret, ...shown } = created.json;
    expect(secret).toMatch(/^inv_live_[0-9A-Za-z]{49}$/);
    expect(shown).toMatchObject({
      name: 'Billing sync',
      scopes: ['invoices:read'],
      status: 'active',
      prefix: 'inv_live_',
      hint: `inv_live_…${secret.slice(-4)}`,
      created_by: tenant.owner.id,
      created_by_role: 'owner',
      last_used_at: null,
      expires_at: null,
    });
    const one = await call('get-api-key', { token: tenant.ownerToken, params: { id: created.json.id } });
    const list = await call('list-api-keys', { token: tenant.ownerToken });
    for (const body of [one.json, list.json]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(secret);
      expect(text).not.toContain(hashApiKey(secret));
    }
    expect(list.json.results.map((key: { id: string }) => key.id)).toContain(created.json.id);
  });

  it('gives a key exactly its scopes: 403 insufficient_scope outside them', async () => {
    const { json } = await createKey({ name: 'Reader', scopes: ['invoices:read'] });
    expect((await call('list-invoices', { token: json.secret })).status).toBe(200);
    const refused = await call('create-client', { token: json.secret, body: { name: 'A', email: 'a@x.example' } });
    expect([refused.status, refused.json.error.code, refused.json.error.details.required_scope]).toEqual([
      403,
      'insufficient_scope',
      'clients:write',
    ]);
  });

  it('counts each request per key and day, and stamps the last use', async () => {
    const { json } = await createKey({ name: 'Counted', scopes: ['clients:read'] });
    for (let i = 0; i < 3; i++) await call('list-clients', { token: json.secret });
    await deliverApiKeyUsage();
    const one = await call('get-api-key', { token: tenant.ownerToken, params: { id: json.id } });
    expect(one.json.usage).toEqual([{ date: new Date().toISOString().slice(0, 10), requests: 3 }]);
    expect(Date.parse(one.json.last_used_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('adds a usage batch that conflicts with another batch on the same key once it can', async () => {
    const { json } = await createKey({ name: 'Contended', scopes: ['clients:read'] });
    const conflicted = createDb(db.table);
    let conflicts = 2;
    conflicted.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'TransactWriteItemsCommand' && conflicts-- > 0)
          throw new TransactionCanceledException({
            message: 'Transaction cancelled',
            $metadata: {},
            CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
          });
        return next(args);
      },
      { step: 'initialize', name: 'injectConflict' },
    );
    const day = new Date().toISOString().slice(0, 10);
    const use = { organizationId: tenant.id, keyId: json.id, day, requests: 4, lastUsedAt: new Date().toISOString() };
    expect(await addApiKeyUses(conflicted, `conflict-${json.id}`, [use])).toBe(true);
    const one = await call('get-api-key', { token: tenant.ownerToken, params: { id: json.id } });
    expect([conflicts, one.json.usage]).toEqual([-1, [{ date: day, requests: 4 }]]);
  });

  it('writes nothing on the request path, and counts a batch delivered twice once', async () => {
    const { json } = await createKey({ name: 'Busy', scopes: ['clients:read'] });
    await call('list-clients', { token: json.secret });
    await deliverApiKeyUsage();
    const { calls } = await countDbCalls(() =>
      Promise.all(Array.from({ length: 20 }, () => call('list-clients', { token: json.secret }))),
    );
    expect([calls.Query, calls.UpdateItem, calls.PutItem, calls.TransactWriteItems]).toEqual([
      20,
      undefined,
      undefined,
      undefined,
    ]);
    const at = new Date().toISOString();
    const line = JSON.stringify({ kind: 'api_key_use', organization_id: tenant.id, api_key_id: json.id, at });
    const batch = subscriptionEvent(LOG_SUBSCRIPTIONS[0]!, [
      { id: `redelivered-${json.id}`, timestamp: 0, message: line },
    ]);
    const { handler: aggregate } = await import('#functions/usage-aggregator/handler');
    await aggregate(batch);
    await aggregate(batch);
    await deliverApiKeyUsage();
    const one = await call('get-api-key', { token: tenant.ownerToken, params: { id: json.id } });
    expect(one.json.usage).toEqual([{ date: at.slice(0, 10), requests: 22 }]);
  });

  it('reads its maker’s membership with the key, and remembers both for the same half second', async () => {
    const { json } = await createKey({ name: 'Vouched', scopes: ['clients:read'] });
    await forgetRecentKeys();
    const first = await countDbCalls(() => call('list-clients', { token: json.secret }));
    const again = await countDbCalls(() => call('list-clients', { token: json.secret }));
    expect([first.calls, again.calls]).toEqual([{ GetItem: 2, Query: 1 }, { Query: 1 }]);
  });

  it('disables and enables a key, with effect within a second', async () => {
    const { json } = await createKey({ name: 'Toggle', scopes: ['clients:read'] });
    expect((await call('list-clients', { token: json.secret })).status).toBe(200);
    expect((await call('disable-api-key', { token: tenant.ownerToken, params: { id: json.id } })).json.status).toBe(
      'disabled',
    );
    await forgetRecentKeys();
    expect((await call('list-clients', { token: json.secret, sourceIp: freshIp() })).status).toBe(401);
    expect((await call('enable-api-key', { token: tenant.ownerToken, params: { id: json.id } })).json.status).toBe(
      'active',
    );
    expect((await call('list-clients', { token: json.secret })).status).toBe(200);
  });

  it('refuses a revoked key one second after revocation, for good', async () => {
    const { json } = await createKey({ name: 'Leaked', scopes: ['clients:read'] });
    expect((await call('list-clients', { token: json.secret })).status).toBe(200);
    expect((await call('revoke-api-key', { token: tenant.ownerToken, params: { id: json.id } })).json.status).toBe(
      'revoked',
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const refused = await call('list-clients', { token: json.secret, sourceIp: freshIp() });
    expect([refused.status, refused.json.error.code]).toEqual([401, 'invalid_token']);
    const enable = await call('enable-api-key', { token: tenant.ownerToken, params: { id: json.id } });
    expect([enable.status, enable.json.error.code]).toEqual([409, 'invalid_state']);
  });

  it.each([
    'disable-api-key',
    'revoke-api-key',
  ] as const)('refuses a key used every 100 ms within a second of %s, however busy it is', async (action) => {
    const { json } = await createKey({ name: `Busy ${action}`, scopes: ['invoices:read'] });
    const seen: { at: number; status: number }[] = [];
    let changedAt = Infinity;
    const stopAt = Date.now() + 3500;
    const traffic = (async () => {
      while (Date.now() < stopAt) {
        const at = Date.now();
        seen.push({ at, status: (await call('list-invoices', { token: json.secret, sourceIp: freshIp() })).status });
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (Date.now() - at))));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 800));
    changedAt = Date.now();
    expect((await call(action, { token: tenant.ownerToken, params: { id: json.id } })).status).toBe(200);
    await traffic;
    expect(seen.filter((request) => request.at < changedAt).every((request) => request.status === 200)).toBe(true);
    const after = seen.filter((request) => request.at >= changedAt + 1000);
    expect(after.length).toBeGreaterThan(10);
    expect(after.map((request) => request.status)).toEqual(after.map(() => 401));
  });

  it('refuses a key past its expiry and shows it as expired', async () => {
    const { json } = await createKey({
      name: 'Short-lived',
      scopes: ['clients:read'],
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await call('list-clients', { token: json.secret })).status).toBe(200);
    const past = new Date(Date.now() - 1000).toISOString();
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: apiKeyKey(hashApiKey(json.secret)),
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': past },
      }),
    );
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: { pk: `ORG#${tenant.id}`, sk: `APIKEY#${json.id}` },
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': past },
      }),
    );
    await forgetRecentKeys();
    expect((await call('list-clients', { token: json.secret, sourceIp: freshIp() })).status).toBe(401);
    expect((await call('get-api-key', { token: tenant.ownerToken, params: { id: json.id } })).json.status).toBe(
      'expired',
    );
  });

  it.each([
    [{ name: 'x', scopes: [] }, 'scopes'],
    [{ name: 'x', scopes: ['api_keys:manage'] }, 'scopes[0]'],
    [{ name: 'x', scopes: ['clients:read', 'clients:read'] }, 'scopes'],
    [{ name: 'x', scopes: ['clients:read'], expires_at: '2020-01-01T00:00:00Z' }, 'expires_at'],
    [{ scopes: ['clients:read'] }, 'name'],
  ])('refuses %j with a validation error on %s', async (body, field) => {
    const result = await createKey(body);
    expect([result.status, result.json.error.code]).toEqual([400, 'validation_error']);
    expect(result.json.error.details.fields).toHaveProperty([field]);
  });

  it('is for signed-in owners and admins only: an API key gets 403 permission_denied', async () => {
    const result = await call('list-api-keys', { token: tenant.apiKey });
    expect([result.status, result.json.error.code]).toEqual([403, 'permission_denied']);
  });
});

describe('failed bearer attempts', () => {
  it('answers 100 wrong API keys from one IP with 401 until the limit, then 429 with Retry-After', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 100; i++) {
      last = await call('list-clients', { token: generateApiKey().secret, sourceIp: ip });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    expect(last!.json.error.code).toBe('rate_limited');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call('list-clients', { token: tenant.apiKey, sourceIp: ip })).status).toBe(200);
  });
});
