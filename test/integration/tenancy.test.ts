// Generated from functions/routes.ts: for every route that takes an id, organization A's credential
// with organization B's id answers 404, exactly as a missing id does, and changes nothing. Routes
// for signed-in users are called with A's owner's access token, the others with A's API key.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Route } from '#functions/routes';
import { createApiKey } from '#shared/data/api-keys';
import { call, db, invoiceBody, newTenant, tableItemCount } from '#test/support/api';
import { camtStatement } from '#test/support/bank-statements';
import { deliverFromBus } from '#test/support/bus';
import { outboxEvents } from '#test/support/peppol-queue';

// Public routes take no credential; what they reach is found by an unguessable token instead.
const idRoutes = (ROUTES as readonly Route[]).filter(
  (route) => route.path.includes('{id}') && route.credentials !== 'public',
);
type Resource =
  | 'client'
  | 'invoice'
  | 'api-key'
  | 'webhook'
  | 'recurring'
  | 'credit-note'
  | 'quote'
  | 'member'
  | 'invitation'
  | 'export'
  | 'incoming-invoice'
  | 'archive-record'
  | 'bank-statement'
  | 'bank-transaction';
const resourceOf = (path: string): Resource => {
  if (path.startsWith('/api/v1/clients/')) return 'client';
  if (path.startsWith('/api/v1/invoices/')) return 'invoice';
  if (path.startsWith('/api/v1/api-keys/')) return 'api-key';
  if (path.startsWith('/api/v1/webhooks/')) return 'webhook';
  if (path.startsWith('/api/v1/recurring-invoices/')) return 'recurring';
  if (path.startsWith('/api/v1/credit-notes/')) return 'credit-note';
  if (path.startsWith('/api/v1/quotes/')) return 'quote';
  if (path.startsWith('/api/v1/organizations/me/members/')) return 'member';
  if (path.startsWith('/api/v1/organizations/me/invitations/')) return 'invitation';
  if (path.startsWith('/api/v1/exports/')) return 'export';
  if (path.startsWith('/api/v1/incoming-invoices/')) return 'incoming-invoice';
  if (path.startsWith('/api/v1/archive/')) return 'archive-record';
  if (path.startsWith('/api/v1/bank-statements/')) return 'bank-statement';
  if (path.startsWith('/api/v1/bank-transactions/')) return 'bank-transaction';
  throw new Error(`the tenancy matrix does not know ${path}: teach resourceOf how to make one`);
};
/** How B reads the resource back: by id, or (members, invitations) in its list. */
const reader: Record<Resource, Route['name']> = {
  member: 'list-members',
  invitation: 'list-invitations',
  client: 'get-client',
  invoice: 'get-invoice',
  'api-key': 'get-api-key',
  webhook: 'get-webhook',
  recurring: 'get-recurring-invoice',
  'credit-note': 'get-credit-note',
  quote: 'get-quote',
  export: 'get-export',
  'incoming-invoice': 'get-incoming-invoice',
  'archive-record': 'get-archive-record',
  'bank-statement': 'get-bank-statement',
  'bank-transaction': 'get-bank-transaction',
};
const patchBody: Partial<Record<Resource, object>> = {
  client: { name: 'changed' },
  invoice: { notes: 'changed' },
  webhook: { events: ['*'] },
  recurring: { notes: 'changed' },
  quote: { notes: 'changed' },
  'credit-note': { metadata: { changed: 'yes' } },
  member: { role: 'admin' },
};
/** Valid bodies for routes that take one, so that only the id can make them fail. */
const extraParams: Partial<Record<Route['name'], Record<string, string>>> = {
  'retry-delivery': { delivery_id: 'evt_01ARZ3NDEKTSV4RRFFQ69G5FAV' },
  'get-incoming-invoice-attachment': { attachment_id: '1' },
};
const validBody: Partial<Record<Route['name'], object>> = {
  'record-payment': { amount: '1.00', method: 'cash' },
  'send-invoice': { email: 'a@x.example' },
  'create-credit-note': { amount: '0.10', description: 'x', reason: 'other' },
  'send-credit-note': { email: 'a@x.example' },
  'send-quote': { email: 'a@x.example' },
  'convert-quote': { kind: 'final' },
  'create-refund': { amount: '0.01', method: 'cash' },
  'charge-late-fee': {},
  'reject-incoming-invoice': { reason: 'not ours' },
  'match-bank-transaction': { invoice: 'inv_01JD3M8Q5W0000000000000000' },
};

/** Valid queries for routes that need one. */
const validQuery: Partial<Record<Route['name'], Record<string, string>>> = {
  'get-invoice-e-invoice': { format: 'ubl' },
  'get-credit-note-e-invoice': { format: 'ubl' },
};

let a: Awaited<ReturnType<typeof newTenant>>;
let b: Awaited<ReturnType<typeof newTenant>>;
const idsOfB = {} as Record<Resource, string>;

beforeAll(async () => {
  a = await newTenant('Tenant A');
  b = await newTenant('Tenant B');
  idsOfB.client = (
    await call('create-client', { token: b.apiKey, body: { name: 'B client', email: 'b@x.example' } })
  ).json.id;
  idsOfB.invoice = (await call('create-invoice', { token: b.apiKey, body: invoiceBody(idsOfB.client) })).json.id;
  await call('send-invoice', { token: b.apiKey, params: { id: idsOfB.invoice } });
  idsOfB['credit-note'] = (
    await call('create-credit-note', {
      token: b.apiKey,
      params: { id: idsOfB.invoice },
      body: { amount: '1.00', description: 'B credit', reason: 'other' },
    })
  ).json.id;
  idsOfB.quote = (
    await call('create-quote', {
      token: b.apiKey,
      body: {
        client: idsOfB.client,
        line_items: [{ description: 'q', quantity: 1, unit_price: '1.00', tax_rate: '0' }],
      },
    })
  ).json.id;
  idsOfB.member = b.owner.id;
  idsOfB.invitation = (
    await call('create-invitation', { token: b.ownerToken, body: { email: 'invitee@b.example', role: 'member' } })
  ).json.id;
  idsOfB['api-key'] = (
    await createApiKey(db, b.id, {
      name: 'B key',
      scopes: ['clients:read'],
      created_by: b.ownerUserId,
      created_by_role: 'owner',
    })
  ).record.id;
  idsOfB.recurring = (
    await call('create-recurring-invoice', {
      token: b.apiKey,
      body: {
        client: idsOfB.client,
        frequency: 'monthly',
        line_items: [{ description: 'r', quantity: 1, unit_price: '1.00', tax_rate: '0' }],
      },
    })
  ).json.id;
  idsOfB.webhook = (
    await call('create-webhook', {
      token: b.apiKey,
      body: { url: 'https://hooks.example.com/b', events: ['invoice.paid'] },
    })
  ).json.id;
  idsOfB.export = (
    await call('create-export', { token: b.apiKey, body: { kind: 'invoices', from: '2026-11-01', to: '2026-11-30' } })
  ).json.id;
  // A received document with an embedded attachment (1), so that only the organization can make its routes fail.
  const received = readFileSync(new URL('../../vendor/einvoicing/examples/ubl-tc434-example5.xml', import.meta.url));
  idsOfB['incoming-invoice'] = (
    await call('create-incoming-invoice', { token: b.apiKey, file: { bytes: received, type: 'application/xml' } })
  ).json.id;
  // The received document's record in B's archive (docs/archive.md).
  idsOfB['archive-record'] = (
    await call('list-archive', { token: b.apiKey, query: { document: idsOfB['incoming-invoice'] } })
  ).json.results[0].id;
  // A statement of B's account, booked by the statement worker as the bus hands it over (docs/reconciliation.md).
  const iban = 'DE89370400440532013000';
  await call('update-organization', { token: b.ownerToken, body: { bank_accounts: [{ iban }] } });
  const entry = { direction: 'credit', amount: '10.00', currency: 'EUR', reversal: false, booked: true } as const;
  const statement = camtStatement(
    [
      {
        ...entry,
        booking_date: '2026-11-02',
        value_date: '2026-11-02',
        name: 'B',
        iban: null,
        structured: null,
        text: 'x',
        servicer_reference: 'B1',
        end_to_end_id: null,
      },
    ],
    { kind: '053', version: 8, iban },
  );
  const imported = await call('import-bank-statement', {
    token: b.apiKey,
    file: { bytes: new TextEncoder().encode(statement), type: 'application/xml' },
  });
  idsOfB['bank-statement'] = imported.json.id;
  const { handler: statementWorker } = await import('#functions/bank-statement-worker/handler');
  const created = (await outboxEvents(b.id, 'bank_statement.created')).find(
    (event) => (event.data.object as { id: string }).id === imported.json.id,
  )!;
  await deliverFromBus(statementWorker, [created]);
  idsOfB['bank-transaction'] = (await call('list-bank-transactions', { token: b.apiKey })).json.results[0].id;
});

describe('tenant isolation', () => {
  it('covers every route with an id', () => {
    expect(idRoutes.length).toBeGreaterThanOrEqual(9);
  });

  it.each(
    idRoutes.map((route) => [route.name, route] as const),
  )('%s: another organization’s id is a 404', async (_, route) => {
    const before = await tableItemCount();
    const resource = resourceOf(route.path);
    const id = idsOfB[resource];
    const token = route.credentials === 'user' ? a.ownerToken : a.apiKey;
    const result = await call(route.name as never, {
      token,
      params: { id, ...extraParams[route.name] },
      query: validQuery[route.name],
      body: route.method === 'PATCH' ? patchBody[resource] : validBody[route.name],
    });
    expect(result.status).toBe(404);
    expect(result.json.error.code).toBe('not_found');
    expect(await tableItemCount()).toBe(before);
    const listed = resource === 'member' || resource === 'invitation';
    const owner = await call(reader[resource] as never, {
      token: resource === 'api-key' || listed ? b.ownerToken : b.apiKey,
      params: { id },
    });
    expect(owner.status).toBe(200);
    if (resource === 'member') expect(owner.json.results).toMatchObject([{ user_id: id, role: 'owner' }]);
    if (resource === 'invitation') expect(owner.json.results).toMatchObject([{ id, status: 'pending' }]);
    if (resource === 'client') expect(owner.json).toMatchObject({ name: 'B client', is_active: true });
    if (resource === 'invoice') expect(owner.json.notes).toBe('Thank you');
    if (resource === 'api-key') expect(owner.json.status).toBe('active');
    if (resource === 'webhook') expect(owner.json).toMatchObject({ status: 'enabled', events: ['invoice.paid'] });
    if (resource === 'recurring') expect(owner.json.status).toBe('active');
  });

  it('lists show only the caller’s organization', async () => {
    const invoices = await call('list-invoices', { token: a.apiKey, query: { limit: '100' } });
    const clients = await call('list-clients', { token: a.apiKey, query: { limit: '100' } });
    const keys = await call('list-api-keys', { token: a.ownerToken });
    expect(invoices.json.results.map((i: { id: string }) => i.id)).not.toContain(idsOfB.invoice);
    expect(clients.json.results.map((c: { id: string }) => c.id)).not.toContain(idsOfB.client);
    expect(keys.json.results.map((k: { id: string }) => k.id)).not.toContain(idsOfB['api-key']);
  });

  it('a credential’s organization cannot be changed by the body or headers', async () => {
    const result = await call('create-client', {
      token: a.apiKey,
      body: { name: 'X', email: 'x@x.example', organization_id: b.id },
      headers: { 'x-organization-id': b.id },
    });
    expect(result.status).toBe(400);
    const me = await call('get-organization', { token: a.ownerToken, headers: { 'x-organization-id': b.id } });
    expect(me.json.id).toBe(a.id);
  });
});
