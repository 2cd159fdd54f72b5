import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceKey } from '#shared/data/keys';
import { call, countDbCalls, db, forgetRecentKeys, invoiceBody, newTenant } from '#test/support/api';

let tenant: Awaited<ReturnType<typeof newTenant>>;
let clientId: string;
beforeAll(async () => {
  tenant = await newTenant('Invoices Inc');
  clientId = (
    await call('create-client', { token: tenant.apiKey, body: { name: 'Globex', email: 'ap@globex.example' } })
  ).json.id;
});

const ids = (result: { json: { results: { id: string }[] } }) => result.json.results.map((invoice) => invoice.id);

describe('creating invoices', () => {
  it('returns a draft with the spec fields, computed totals and links', async () => {
    const created = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      status: 'draft',
      client: { id: clientId, name: 'Globex' },
      issue_date: '2026-11-01',
      due_date: '2026-12-01',
      currency: 'USD',
      subtotal: '59.97',
      tax_amount: '4.95',
      total_amount: '64.92',
      notes: 'Thank you',
      terms: 'Net 30',
      line_items: [{ description: 'Design work', quantity: 3, unit_price: '19.99', tax_rate: '8.25', total: '64.92' }],
    });
    expect(created.json.invoice_number).toMatch(/^INV-\d{6}$/);
    expect(created.json.public_url).toMatch(/^http:\/\/invoices\.test\/api\/v1\/public\/invoices\/[\w-]{32}\/$/);
    expect(created.json.pdf_url).toBe(`${created.json.public_url}pdf/`);
    expect(created.json.public_url).not.toContain(created.json.id);
    const fetched = await call('get-invoice', { token: tenant.apiKey, params: { id: created.json.id } });
    expect(fetched.json).toEqual(created.json);
  });

  it('defaults issue date to today, due date to 30 days later and currency to the organization’s', async () => {
    const { json } = await call('create-invoice', {
      token: tenant.apiKey,
      body: { client: clientId, line_items: [{ description: 'x', quantity: '1', unit_price: '1.00', tax_rate: '0' }] },
    });
    const today = new Date().toISOString().slice(0, 10);
    expect(json.issue_date).toBe(today);
    expect(json.due_date).toBe(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    expect(json.currency).toBe('USD');
    expect(json.notes).toBe('');
  });

  it('gives 50 concurrent creations 50 distinct consecutive numbers', async () => {
    const own = await newTenant('Numbering');
    const client = (await call('create-client', { token: own.apiKey, body: { name: 'N', email: 'n@x.example' } })).json
      .id;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call('create-invoice', { token: own.apiKey, body: invoiceBody(client) })),
    );
    expect(results.every((result) => result.status === 201)).toBe(true);
    const numbers = results.map((result) => Number(result.json.invoice_number.slice(4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
  });

  it('reads, takes a number and writes: three requests besides the credential lookup', async () => {
    await forgetRecentKeys();
    const { calls } = await countDbCalls(() =>
      call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) }),
    );
    // The credential lookup: the key, then the membership of the user who made it (docs/security.md).
    expect(calls).toEqual({ GetItem: 2, UpdateItem: 1, BatchGetItem: 1, TransactWriteItems: 1 });
  });

  it('with an access token, reads only the membership the token carries', async () => {
    const { calls } = await countDbCalls(() =>
      call('create-invoice', { token: tenant.ownerToken, body: invoiceBody(clientId) }),
    );
    expect(calls).toEqual({ GetItem: 1, BatchGetItem: 1, UpdateItem: 1, TransactWriteItems: 1 });
  });
});

describe('reading invoices', () => {
  it('gets one with a GetItem and lists with a Query, besides the credential lookup', async () => {
    const { json } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
    await call('send-invoice', { token: tenant.apiKey, params: { id: json.id } });
    await forgetRecentKeys();
    expect(
      (await countDbCalls(() => call('get-invoice', { token: tenant.apiKey, params: { id: json.id } }))).calls,
    ).toEqual({ GetItem: 3 });
    // A draft also reads its organization: in another currency than the books it shows the rate it would take.
    const { json: draft } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
    await forgetRecentKeys();
    expect(
      (await countDbCalls(() => call('get-invoice', { token: tenant.apiKey, params: { id: draft.id } }))).calls,
    ).toEqual({ GetItem: 4 });
    await forgetRecentKeys();
    expect((await countDbCalls(() => call('list-invoices', { token: tenant.apiKey }))).calls).toEqual({
      GetItem: 2,
      Query: 1,
    });
    expect((await countDbCalls(() => call('list-invoices', { token: tenant.ownerToken }))).calls).toEqual({
      GetItem: 1,
      Query: 1,
    });
  });

  it('looks a key up once for a burst of requests, and again after half a second', async () => {
    await forgetRecentKeys();
    const burst = await countDbCalls(async () => {
      for (let i = 0; i < 5; i++) await call('list-invoices', { token: tenant.apiKey });
    });
    // The key and its maker's membership, once for the burst.
    expect(burst.calls).toEqual({ GetItem: 2, Query: 5 });
  });

  it('filters by status, client and issue date range, newest issue date first', async () => {
    const own = await newTenant('Filters');
    const [a, b] = await Promise.all(
      ['A', 'B'].map(
        async (name) =>
          (await call('create-client', { token: own.apiKey, body: { name, email: `${name}@x.example` } })).json.id,
      ),
    );
    const make = async (client: string, issue: string) =>
      (
        await call('create-invoice', {
          token: own.apiKey,
          body: invoiceBody(client, { issue_date: issue, due_date: '2026-12-31' }),
        })
      ).json.id;
    const a1 = await make(a, '2026-01-10');
    const a2 = await make(a, '2026-03-10');
    const b1 = await make(b, '2026-02-10');
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: invoiceKey(own.id, b1),
        UpdateExpression: 'SET #s = :sent, gsi2pk = :status',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':sent': 'sent', ':status': `ORG#${own.id}#STATUS#sent` },
      }),
    );
    expect(ids(await call('list-invoices', { token: own.apiKey }))).toEqual([a2, b1, a1]);
    expect(ids(await call('list-invoices', { token: own.apiKey, query: { client: a } }))).toEqual([a2, a1]);
    expect(ids(await call('list-invoices', { token: own.apiKey, query: { status: 'sent' } }))).toEqual([b1]);
    expect(ids(await call('list-invoices', { token: own.apiKey, query: { status: 'draft', client: b } }))).toEqual([]);
    expect(
      ids(
        await call('list-invoices', {
          token: own.apiKey,
          query: { issue_date_from: '2026-02-01', issue_date_to: '2026-03-10' },
        }),
      ),
    ).toEqual([a2, b1]);
    expect(
      ids(await call('list-invoices', { token: own.apiKey, query: { client: a, issue_date_to: '2026-02-01' } })),
    ).toEqual([a1]);
  });

  it('refuses a cursor from another filter or a tampered one', async () => {
    const own = await newTenant('Cursors');
    const client = (await call('create-client', { token: own.apiKey, body: { name: 'C', email: 'c@x.example' } })).json
      .id;
    await call('create-invoice', { token: own.apiKey, body: invoiceBody(client) });
    await call('create-invoice', { token: own.apiKey, body: invoiceBody(client) });
    const first = await call('list-invoices', { token: own.apiKey, query: { limit: '1' } });
    const cursor = new URL(first.json.next).searchParams.get('cursor')!;
    const followed = await call('list-invoices', { token: own.apiKey, query: { limit: '1', cursor } });
    expect(followed.status).toBe(200);
    expect(followed.json.results).toHaveLength(1);
    expect(followed.json.results[0].id).not.toBe(first.json.results[0].id);
    for (const query of [{ cursor, status: 'draft' }, { cursor: `${cursor.slice(0, -2)}xx` }] as Record<
      string,
      string
    >[]) {
      const refused = await call('list-invoices', { token: own.apiKey, query });
      expect(refused.status).toBe(400);
      expect(refused.json.error.details.fields).toHaveProperty('cursor');
    }
    const otherTenant = await newTenant('Cursor thief');
    const stolen = await call('list-invoices', { token: otherTenant.apiKey, query: { limit: '1', cursor } });
    expect(stolen.status).toBe(400);
  });
});

describe('editing invoices', () => {
  it('reprices a draft when its lines change and keeps its number', async () => {
    const { json: created } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
    const patched = await call('update-invoice', {
      token: tenant.apiKey,
      params: { id: created.id },
      body: {
        line_items: [{ description: 'Audit', quantity: 1.5, unit_price: '0.33', tax_rate: '10' }],
        notes: 'Updated',
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({
      invoice_number: created.invoice_number,
      subtotal: '0.50',
      tax_amount: '0.05',
      total_amount: '0.55',
      notes: 'Updated',
      terms: 'Net 30',
    });
    expect(patched.json.line_items).toEqual([
      {
        description: 'Audit',
        quantity: 1.5,
        unit: 'C62',
        unit_price: '0.33',
        discount: null,
        discount_amount: '0.00',
        net_amount: '0.50',
        tax_category: 'S',
        tax_rate: '10.00',
        tax_exemption_reason: null,
        tax_amount: '0.05',
        total: '0.55',
      },
    ]);
  });

  it('refuses to edit an invoice that is no longer a draft with 409 invalid_state', async () => {
    const { json: created } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: invoiceKey(tenant.id, created.id),
        UpdateExpression: 'SET #s = :sent',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':sent': 'sent' },
      }),
    );
    const refused = await call('update-invoice', {
      token: tenant.apiKey,
      params: { id: created.id },
      body: { notes: 'late change' },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('invalid_state');
    const after = await call('get-invoice', { token: tenant.apiKey, params: { id: created.id } });
    expect(after.json.notes).toBe('Thank you');
  });

  it('refuses a due date before the stored issue date', async () => {
    const { json: created } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
    const refused = await call('update-invoice', {
      token: tenant.apiKey,
      params: { id: created.id },
      body: { due_date: '2026-10-01' },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.details.fields).toEqual({ due_date: 'may not be before issue_date' });
  });

  it('refuses new invoices for an archived client', async () => {
    const archived = (
      await call('create-client', { token: tenant.apiKey, body: { name: 'Gone', email: 'g@x.example' } })
    ).json.id;
    await call('archive-client', { token: tenant.apiKey, params: { id: archived } });
    const refused = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(archived) });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('invalid_state');
  });
});

describe('events', () => {
  it('stores invoice.created in the same write, carrying the invoice as the API returns it', async () => {
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const own = await newTenant('Events');
    const client = (await call('create-client', { token: own.apiKey, body: { name: 'E', email: 'e@x.example' } })).json
      .id;
    const { json: invoice } = await call('create-invoice', { token: own.apiKey, body: invoiceBody(client) });
    const { Items = [] } = await db.client.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :events)',
        ExpressionAttributeValues: { ':pk': `ORG#${own.id}`, ':events': 'EVENT#' },
      }),
    );
    const kinds = Items.map((item) => item.event.type);
    expect(kinds.sort()).toEqual(['client.created', 'invoice.created']);
    const created = Items.find((item) => item.event.type === 'invoice.created')!;
    expect(created.event.data.object).toEqual(invoice);
    expect(created.event.organization_id).toBe(own.id);
    expect(created.ttl).toBeGreaterThan(Date.now() / 1000 + 29 * 86_400);
  });
});
