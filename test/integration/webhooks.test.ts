// Webhook subscriptions and the event log, through the API.
import { beforeAll, describe, expect, it } from 'vitest';
import { getWebhook, signingSecrets } from '#shared/data/webhooks';
import { accessToken, call, db, invoiceBody, newTenant, tableItemCount } from '#test/support/api';

let tenant: Awaited<ReturnType<typeof newTenant>>;
beforeAll(async () => {
  tenant = await newTenant('Hooks');
});
const create = (body: object, token = tenant.apiKey) => call('create-webhook', { token, body });

describe('webhook subscriptions', () => {
  it('shows the signing secret at creation only', async () => {
    const created = await create({ url: 'https://hooks.example.com/in', events: ['invoice.paid', 'payment.received'] });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      url: 'https://hooks.example.com/in',
      events: ['invoice.paid', 'payment.received'],
      status: 'enabled',
    });
    expect(created.json.id).toMatch(/^whk_/);
    expect(created.json.secret).toMatch(/^whsec_/);
    const one = await call('get-webhook', { token: tenant.apiKey, params: { id: created.json.id } });
    const list = await call('list-webhooks', { token: tenant.apiKey });
    expect(JSON.stringify([one.json, list.json])).not.toContain(created.json.secret);
    expect(list.json.results.map((w: { id: string }) => w.id)).toContain(created.json.id);
  });

  it('changes url and kinds, disables and enables, and deletes', async () => {
    const { json } = await create({ url: 'https://hooks.example.com/a', events: ['*'] });
    const patched = await call('update-webhook', {
      token: tenant.apiKey,
      params: { id: json.id },
      body: { url: 'https://hooks.example.com/b', enabled: false },
    });
    expect(patched.json).toMatchObject({
      url: 'https://hooks.example.com/b',
      status: 'disabled',
      disabled_reason: 'disabled by a user',
    });
    expect(
      (await call('update-webhook', { token: tenant.apiKey, params: { id: json.id }, body: { enabled: true } })).json,
    ).toMatchObject({ status: 'enabled', disabled_reason: null });
    expect((await call('delete-webhook', { token: tenant.apiKey, params: { id: json.id } })).status).toBe(204);
    expect((await call('get-webhook', { token: tenant.apiKey, params: { id: json.id } })).status).toBe(404);
  });

  it('rotates the secret, the old one signing beside the new for 24 hours', async () => {
    const { json } = await create({ url: 'https://hooks.example.com/r', events: ['*'] });
    const rotated = await call('rotate-webhook-secret', { token: tenant.apiKey, params: { id: json.id } });
    expect(rotated.json.secret).not.toBe(json.secret);
    const stored = (await getWebhook(db, tenant.id, json.id))!;
    expect(signingSecrets(stored)).toEqual([rotated.json.secret, json.secret]);
    expect(signingSecrets(stored, new Date(Date.now() + 25 * 3600_000))).toEqual([rotated.json.secret]);
  });

  it.each([
    'http://x.example',
    'https://127.0.0.1',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]',
    'https://[::ffff:169.254.169.254]',
    'https://10.0.0.1',
    'https://0.0.0.0',
    'https://2852039166',
  ])('refuses %s at creation, storing nothing', async (url) => {
    const before = await tableItemCount();
    const refused = await create({ url, events: ['*'] });
    expect([refused.status, refused.json.error.code]).toEqual([400, 'validation_error']);
    expect(refused.json.error.details.fields).toHaveProperty('url');
    expect(await tableItemCount()).toBe(before);
  });

  it('refuses unknown event kinds', async () => {
    const refused = await create({ url: 'https://hooks.example.com/x', events: ['invoice.exploded'] });
    expect(refused.json.error.details.fields).toHaveProperty(['events[0]']);
  });

  it('allows at most 20 subscriptions per organization', async () => {
    const own = await newTenant('Many hooks');
    for (let i = 0; i < 20; i++)
      expect((await create({ url: `https://hooks.example.com/${i}`, events: ['*'] }, own.apiKey)).status).toBe(201);
    const refused = await create({ url: 'https://hooks.example.com/21', events: ['*'] }, own.apiKey);
    expect([refused.status, refused.json.error.code]).toEqual([400, 'validation_error']);
  });

  it('is not for members: 403 permission_denied', async () => {
    const memberToken = await accessToken({ userId: tenant.owner.id, organizationId: tenant.id, role: 'member' });
    const refused = await create({ url: 'https://hooks.example.com/m', events: ['*'] }, memberToken);
    expect([refused.status, refused.json.error.code]).toEqual([403, 'permission_denied']);
    expect((await call('list-webhooks', { token: memberToken })).status).toBe(200);
  });
});

describe('the event log', () => {
  it('lists the organization’s events newest first, filtered by kind, page by page', async () => {
    const own = await newTenant('Event log');
    const client = (await call('create-client', { token: own.apiKey, body: { name: 'E', email: 'e@x.example' } })).json
      .id;
    const first = (await call('create-invoice', { token: own.apiKey, body: invoiceBody(client) })).json.id;
    const second = (await call('create-invoice', { token: own.apiKey, body: invoiceBody(client) })).json.id;
    const all = await call('list-events', { token: own.apiKey });
    expect(all.json.results.map((e: { type: string }) => e.type)).toEqual([
      'invoice.created',
      'invoice.created',
      'client.created',
    ]);
    expect(all.json.results[0]).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      organization_id: own.id,
      data: { object: { id: second } },
    });
    const invoices = await call('list-events', { token: own.apiKey, query: { type: 'invoice.created', limit: '1' } });
    expect(invoices.json.results.map((e: { data: { object: { id: string } } }) => e.data.object.id)).toEqual([second]);
    const next = new URL(invoices.json.next);
    const page2 = await call('list-events', { token: own.apiKey, query: Object.fromEntries(next.searchParams) });
    expect(page2.json.results.map((e: { data: { object: { id: string } } }) => e.data.object.id)).toEqual([first]);
    const unknown = await call('list-events', { token: own.apiKey, query: { type: 'nope' } });
    expect(unknown.status).toBe(400);
  });
});
