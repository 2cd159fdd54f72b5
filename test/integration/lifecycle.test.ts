// The invoice status machine through the API: void, payments (partial, settling, concurrent,
// refused), and the overdue sweep — each change with exactly its events.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordSending } from '#shared/invoicing/record-sending';
import { call, countDbCalls, db, invoiceBody, newTenant, tableItemCount } from '#test/support/api';

let tenant: Awaited<ReturnType<typeof newTenant>>;
let clientId: string;
beforeAll(async () => {
  tenant = await newTenant('Lifecycle');
  clientId = (await call('create-client', { token: tenant.apiKey, body: { name: 'Payer', email: 'payer@x.example' } }))
    .json.id;
});

/** A sent invoice of 100.00 (no tax), issued and due on the given dates. */
async function sentInvoice(owner = tenant, overrides: Record<string, unknown> = {}) {
  const client =
    owner === tenant
      ? clientId
      : (await call('create-client', { token: owner.apiKey, body: { name: 'P', email: 'p@x.example' } })).json.id;
  const { json } = await call('create-invoice', {
    token: owner.apiKey,
    body: invoiceBody(client, {
      line_items: [{ description: 'Work', quantity: 1, unit_price: '100.00', tax_rate: '0' }],
      ...overrides,
    }),
  });
  await recordSending({ db, publicBaseUrl: 'http://invoices.test' }, owner.id, json.id, {
    to: 'payer@x.example',
    sent_at: new Date().toISOString(),
    message_id: 'test',
  });
  return json.id as string;
}

const pay = (id: string, amount: string, extra: object = {}) =>
  call('record-payment', { token: tenant.apiKey, params: { id }, body: { amount, method: 'bank_transfer', ...extra } });
const eventsOf = async (organizationId: string, invoiceId?: string) => {
  const { Items = [] } = await db.client.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :events)',
      ExpressionAttributeValues: { ':pk': `ORG#${organizationId}`, ':events': 'EVENT#' },
    }),
  );
  return Items.map((item) => item.event).filter(
    (event) => !invoiceId || event.data.object.id === invoiceId || event.data.object.invoice === invoiceId,
  );
};

describe('void', () => {
  it('voids a draft, keeping its number and its place in the list, with invoice.voided', async () => {
    const { json: draft } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
    const voided = await call('void-invoice', { token: tenant.apiKey, params: { id: draft.id } });
    expect(voided.status).toBe(200);
    expect(voided.json).toMatchObject({ status: 'void', invoice_number: draft.invoice_number });
    expect(voided.json.voided_at).toBeTruthy();
    const listed = await call('list-invoices', { token: tenant.apiKey, query: { status: 'void' } });
    expect(listed.json.results.map((i: { id: string }) => i.id)).toContain(draft.id);
    expect((await eventsOf(tenant.id, draft.id)).map((event) => event.type)).toEqual([
      'invoice.created',
      'invoice.voided',
    ]);
    for (const [route, body] of [
      ['void-invoice', undefined],
      ['update-invoice', { notes: 'x' }],
    ] as const) {
      const refused = await call(route, { token: tenant.apiKey, params: { id: draft.id }, body });
      expect([refused.status, refused.json.error.code]).toEqual([409, 'invalid_state']);
    }
  });

  it('refuses to void an invoice that has received money', async () => {
    const id = await sentInvoice();
    await pay(id, '10.00');
    const refused = await call('void-invoice', { token: tenant.apiKey, params: { id } });
    expect([refused.status, refused.json.error.code]).toEqual([409, 'invalid_state']);
  });
});

describe('payments', () => {
  it('moves a sent invoice to partially_paid and then paid, with payment.received and one invoice.paid', async () => {
    const id = await sentInvoice();
    const first = await pay(id, '40.00', { reference: 'TX-1' });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      amount: '40.00',
      currency: 'USD',
      method: 'bank_transfer',
      reference: 'TX-1',
      provider: 'manual',
    });
    expect(first.json.id).toMatch(/^pay_/);
    expect(first.json.invoice).toMatchObject({ status: 'partially_paid', amount_paid: '40.00', amount_due: '60.00' });
    const second = await pay(id, '60.00');
    expect(second.json.invoice).toMatchObject({ status: 'paid', amount_paid: '100.00', amount_due: '0.00' });
    expect(second.json.invoice.paid_at).toBeTruthy();
    const kinds = (await eventsOf(tenant.id, id)).map((event) => event.type);
    expect(kinds.filter((kind) => kind === 'payment.received')).toHaveLength(2);
    expect(kinds.filter((kind) => kind === 'invoice.paid')).toHaveLength(1);
    const payments = await call('list-payments', { token: tenant.apiKey, params: { id } });
    expect(payments.json.results.map((p: { amount: string }) => p.amount).sort()).toEqual(['40.00', '60.00']);
  });

  it('gives one invoice.paid when two payments that together settle arrive at once', async () => {
    const id = await sentInvoice();
    const [a, b] = await Promise.all([pay(id, '30.00'), pay(id, '70.00')]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const invoice = await call('get-invoice', { token: tenant.apiKey, params: { id } });
    expect(invoice.json).toMatchObject({ status: 'paid', amount_paid: '100.00' });
    expect((await eventsOf(tenant.id, id)).filter((event) => event.type === 'invoice.paid')).toHaveLength(1);
  });

  it.each([
    ['an overpayment', '100.01', {}, 400, 'validation_error'],
    ['another currency', '10.00', { currency: 'EUR' }, 400, 'validation_error'],
    ['a zero amount', '0.00', {}, 400, 'validation_error'],
    ['three decimals', '1.005', {}, 400, 'validation_error'],
    ['an unknown method', '1.00', { method: 'barter' }, 400, 'validation_error'],
  ])('refuses %s and records nothing', async (_, amount, extra, status, code) => {
    const id = await sentInvoice();
    const before = await tableItemCount();
    const refused = await pay(id, amount, extra);
    expect([refused.status, refused.json.error.code]).toEqual([status, code]);
    expect(await tableItemCount()).toBe(before);
  });

  it('refuses payments on drafts and on paid or void invoices', async () => {
    const { json: draft } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
    expect((await pay(draft.id, '1.00')).status).toBe(409);
    const paid = await sentInvoice();
    await pay(paid, '100.00');
    const again = await pay(paid, '1.00');
    expect([again.status, again.json.error.code]).toEqual([409, 'invalid_state']);
  });
});

describe('overdue sweep', () => {
  it('moves sent and partly paid invoices past due to overdue exactly once, reading only the index', async () => {
    const sweeper = await newTenant('Sweep');
    const late = await sentInvoice(sweeper, { issue_date: '2025-01-01', due_date: '2025-01-31' });
    const partly = await sentInvoice(sweeper, { issue_date: '2025-01-01', due_date: '2025-02-15' });
    await call('record-payment', {
      token: sweeper.apiKey,
      params: { id: partly },
      body: { amount: '10.00', method: 'cash' },
    });
    const notYet = await sentInvoice(sweeper, { issue_date: '2025-01-01', due_date: '2025-03-01' });
    const paid = await sentInvoice(sweeper, { issue_date: '2025-01-01', due_date: '2025-01-15' });
    await call('record-payment', {
      token: sweeper.apiKey,
      params: { id: paid },
      body: { amount: '100.00', method: 'cash' },
    });

    const { handler } = await import('#functions/overdue-sweeper/handler');
    const { result, calls } = await countDbCalls(() => handler({ today: '2025-03-01' }));
    expect(result.moved).toBeGreaterThanOrEqual(2);
    expect(calls.Scan).toBeUndefined();
    expect(calls.Query).toBeGreaterThanOrEqual(16);
    const status = async (id: string) =>
      (await call('get-invoice', { token: sweeper.apiKey, params: { id } })).json.status;
    expect([await status(late), await status(partly), await status(notYet), await status(paid)]).toEqual([
      'overdue',
      'overdue',
      'sent',
      'paid',
    ]);
    await handler({ today: '2025-03-01' });
    const overdueEvents = (await eventsOf(sweeper.id)).filter((event) => event.type === 'invoice.overdue');
    expect(overdueEvents.map((event) => event.data.object.id).sort()).toEqual([late, partly].sort());
    const settled = await call('record-payment', {
      token: sweeper.apiKey,
      params: { id: partly },
      body: { amount: '90.00', method: 'cash' },
    });
    expect(settled.json.invoice.status).toBe('paid');
  });

  it('moves an invoice the day after its due date where its organization is, not where UTC is', async () => {
    const ahead = await newTenant('Kiritimati Sweep');
    const behind = await newTenant('Pago Pago Sweep');
    await call('update-organization', { token: ahead.ownerToken, body: { time_zone: 'Pacific/Kiritimati' } });
    await call('update-organization', { token: behind.ownerToken, body: { time_zone: 'Pacific/Pago_Pago' } });
    const early = await sentInvoice(ahead, { issue_date: '2023-05-01', due_date: '2023-05-31' });
    const late = await sentInvoice(behind, { issue_date: '2023-05-01', due_date: '2023-05-31' });
    const { handler } = await import('#functions/overdue-sweeper/handler');
    const statusOf = async (owner: typeof ahead, id: string) =>
      (await call('get-invoice', { token: owner.apiKey, params: { id } })).json.status;
    // 12:00 UTC on 31 May is 1 June in Kiritimati (UTC+14) and still 31 May in Pago Pago (UTC−11).
    await handler({ now: '2023-05-31T12:00:00Z' });
    expect([await statusOf(ahead, early), await statusOf(behind, late)]).toEqual(['overdue', 'sent']);
    await handler({ now: '2023-06-01T11:30:00Z' });
    expect(await statusOf(behind, late)).toBe('overdue');
  });
});
