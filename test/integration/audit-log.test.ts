// Actors and the audit log (docs/security.md "Audit log"): every event names who acted; the chainer
// appends each event once, in a hash chain per organization, whatever the order and repeats of its
// deliveries; owners and admins read it filtered; a changed or removed entry is found by verify.
import { deliverFromBus } from '#test/support/bus';
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEvent } from '#shared/domain/events';
import { accessToken, call, db, newTenant } from '#test/support/api';

let tenant: Awaited<ReturnType<typeof newTenant>>;
let chain: (events: OutboxEvent[]) => Promise<string[]>;
let invoiceId: string;

const outbox = async (organizationId: string) => {
  const { Items = [] } = await db.client.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :events)',
      ExpressionAttributeValues: { ':pk': `ORG#${organizationId}`, ':events': 'EVENT#' },
    }),
  );
  return Items.map((item) => item.event as OutboxEvent);
};
const auditItems = async (organizationId: string) =>
  (
    await db.client.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :audit)',
        ExpressionAttributeValues: { ':pk': `ORG#${organizationId}`, ':audit': 'AUDIT#' },
      }),
    )
  ).Items ?? [];
const verify = async () => (await call('verify-audit-log', { token: tenant.ownerToken })).json;

beforeAll(async () => {
  const { handler } = await import('#functions/audit-chainer/handler');
  chain = (events) => deliverFromBus(handler, events);
  tenant = await newTenant('Audited');
  const client = await call('create-client', {
    token: tenant.apiKey,
    body: { name: 'Audited client', email: 'a@audited.example' },
  });
  invoiceId = (
    await call('create-invoice', {
      token: tenant.apiKey,
      body: {
        client: client.json.id,
        line_items: [{ description: 'x', quantity: 1, unit_price: '10.00', tax_rate: '0' }],
      },
    })
  ).json.id;
  await call('void-invoice', { token: tenant.ownerToken, params: { id: invoiceId } });
});

describe('events', () => {
  it('name who acted: the API key, or the signed-in user and their role', async () => {
    const listed = (
      await call('list-events', { token: tenant.apiKey, query: { type: 'client.created,invoice.voided' } })
    ).json;
    const byType = Object.fromEntries(listed.results.map((event: OutboxEvent) => [event.type, event.actor]));
    expect(byType['client.created']).toMatchObject({ type: 'api_key', role: null });
    expect(byType['client.created'].id).toMatch(/^key_/);
    expect(byType['invoice.voided']).toEqual({ type: 'user', id: tenant.owner.id, role: 'owner' });
  });
});

describe('the audit log', () => {
  it('chains every event once, whatever the order and repeats of its deliveries', async () => {
    const events = await outbox(tenant.id);
    expect(events.map((event) => event.type).sort()).toEqual(['client.created', 'invoice.created', 'invoice.voided']);
    const shuffled = [...events].reverse();
    const [failedFirst, failedAgain] = await Promise.all([
      chain([...shuffled, shuffled[0]!]),
      chain([...events.slice(0, 2)]),
    ]);
    expect([...failedFirst, ...failedAgain]).toEqual([]);
    expect(await chain(events)).toEqual([]);
    const items = await auditItems(tenant.id);
    expect(items.map((item) => item.seq)).toEqual(events.map((_, index) => index + 1));
    expect(new Set(items.map((item) => item.event_id))).toEqual(new Set(events.map((event) => event.id)));
    expect(await verify()).toEqual({ status: 'ok', entries: events.length, first_seq: 1, last_seq: events.length });
  });

  it('is read by owners and admins, filtered by actor, resource, kind and time', async () => {
    const read = (query: Record<string, string>, token = tenant.ownerToken) => call('list-audit-log', { token, query });
    const voided = await read({ action: 'invoice.voided' });
    expect(voided.status, voided.text).toBe(200);
    expect(voided.json.results).toMatchObject([
      {
        action: 'invoice.voided',
        actor: { type: 'user', id: tenant.owner.id, role: 'owner' },
        resource: { type: 'invoice', id: invoiceId },
      },
    ]);
    const aboutInvoice = await read({ resource: invoiceId });
    // In chain order, which is the order the events reached the chainer (here: reversed, above).
    const actions = aboutInvoice.json.results.map((entry: { action: string }) => entry.action);
    expect(actions.sort()).toEqual(['invoice.created', 'invoice.voided']);
    const byKey = await read({ actor: voided.json.results[0].actor.id === tenant.owner.id ? 'key_none' : '' });
    expect(byKey.json.results).toEqual([]);
    const future = await read({ from: '2099-01-01' });
    expect(future.json.results).toEqual([]);
    const paged = await read({ limit: '1' });
    expect(paged.json.results).toHaveLength(1);
    expect(paged.json.next).toContain('cursor=');
    const member = await accessToken({ userId: tenant.owner.id, organizationId: tenant.id, role: 'member' });
    const refused = await read({}, member);
    expect([refused.status, refused.json.error.code]).toEqual([403, 'permission_denied']);
    const byApiKey = await read({}, tenant.apiKey);
    expect(byApiKey.status).toBe(403);
  });

  it('refuses a range whose from is past its to with 400 on to, and takes a time within a to day', async () => {
    const read = (query: Record<string, string>) => call('list-audit-log', { token: tenant.ownerToken, query });
    const inverted: Record<string, string>[] = [
      { from: '2026-12-01', to: '2026-01-01' },
      { from: '2026-12-02', to: '2026-12-01T23:59:59Z' },
      { from: '2026-12-01T10:00:01Z', to: '2026-12-01T10:00:00Z' },
      { from: '2026-12-01T10:00:00.001Z', to: '2026-12-01T10:00:00.000Z' },
    ];
    for (const query of inverted) {
      const refused = await read(query);
      expect([refused.status, Object.keys(refused.json.error?.details?.fields ?? {})], JSON.stringify(query)).toEqual([
        400,
        ['to'],
      ]);
    }
    const held: Record<string, string>[] = [
      { from: '2026-12-01', to: '2026-12-01' },
      { from: '2026-12-01T10:00:00Z', to: '2026-12-01' },
      { from: '2026-12-01', to: '2026-12-01T10:00:00Z' },
      { from: '2000-01-01', to: '2099-12-31T23:59:59.999Z' },
    ];
    for (const query of held) expect((await read(query)).status, JSON.stringify(query)).toBe(200);
    expect((await read({ from: '2000-01-01', to: '2099-12-31' })).json.results.length).toBeGreaterThan(0);
  });

  it('finds an entry changed or removed in the table', async () => {
    const items = await auditItems(tenant.id);
    const second = items[1]!;
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: { pk: second.pk, sk: second.sk },
        UpdateExpression: 'SET actor.id = :someone',
        ExpressionAttributeValues: { ':someone': 'usr_01JD7QB2M6Y4P8S1V3X5Z7C9EF' },
      }),
    );
    expect(await verify()).toEqual({
      status: 'broken',
      entries: 2,
      seq: 2,
      event_id: second.event_id,
      reason: 'its hash does not match its content',
    });
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: { pk: second.pk, sk: second.sk },
        UpdateExpression: 'SET actor = :actor',
        ExpressionAttributeValues: { ':actor': second.actor },
      }),
    );
    expect((await verify()).status).toBe('ok');
    await db.client.send(new DeleteCommand({ TableName: db.table, Key: { pk: second.pk, sk: second.sk } }));
    expect(await verify()).toMatchObject({ status: 'broken', seq: 3, reason: 'it follows entry 1' });
  });
});

describe('changes beyond documents', () => {
  it('are events too, each naming its actor: subscriptions, API keys, templates', async () => {
    const token = tenant.ownerToken;
    const hook = (await call('create-webhook', { token, body: { url: 'https://hooks.example/a', events: ['*'] } }))
      .json;
    await call('update-webhook', { token, params: { id: hook.id }, body: { events: ['invoice.paid'] } });
    await call('rotate-webhook-secret', { token, params: { id: hook.id } });
    expect((await call('delete-webhook', { token, params: { id: hook.id } })).status).toBe(204);
    const key = (await call('create-api-key', { token, body: { name: 'k', scopes: ['clients:read'] } })).json;
    await call('revoke-api-key', { token, params: { id: key.id } });
    const template = (
      await call('create-recurring-invoice', {
        token,
        body: {
          client: (await call('create-client', { token, body: { name: 'R', email: 'r@x.example' } })).json.id,
          frequency: 'monthly',
          line_items: [{ description: 'r', quantity: 1, unit_price: '1.00', tax_rate: '0' }],
        },
      })
    ).json;
    await call('pause-recurring-invoice', { token, params: { id: template.id } });
    const kinds = [
      'webhook.created',
      'webhook.updated',
      'webhook.secret_rotated',
      'webhook.deleted',
      'api_key.created',
      'api_key.revoked',
      'recurring_invoice.paused',
    ];
    const listed = (await call('list-events', { token, query: { type: kinds.join(',') } })).json
      .results as OutboxEvent[];
    expect(listed.map((event) => event.type).sort()).toEqual([...kinds].sort());
    for (const event of listed)
      expect(event.actor, event.type).toEqual({ type: 'user', id: tenant.owner.id, role: 'owner' });
  });
});
