// Revenue reports: the service's own events applied to the aggregates (in any order, and twice),
// the report's figures for a known history, the rebuild, and bad parameters.
import { deliverFromBus } from '#test/support/bus';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createDb } from '#shared/data/table';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordSending } from '#shared/invoicing/record-sending';
import { moveFormerRevenue, readRevenue } from '#shared/data/revenue';
import { formerRevenueKey, revenueKey } from '#shared/data/keys';
import { revenueAggregator } from '#shared/reports/aggregator';
import { rebuildRevenue } from '#shared/reports/rebuild';
import { call, countDbCalls, db, forgetRecentKeys, invoiceBody, newTenant, tableItemCount } from '#test/support/api';
import type { OutboxEvent } from '#shared/domain/events';

let tenant: Awaited<ReturnType<typeof newTenant>>;
let aggregate: (events: OutboxEvent[]) => Promise<string[]>;

async function invoice(
  client: string,
  issue_date: string,
  due_date: string,
  unit_price: string,
  currency = 'EUR',
  sent = true,
) {
  const { json } = await call('create-invoice', {
    token: tenant.apiKey,
    body: invoiceBody(client, {
      issue_date,
      due_date,
      currency,
      line_items: [{ description: 'Work', quantity: 1, unit_price, tax_rate: '0' }],
    }),
  });
  if (sent)
    await recordSending({ db, publicBaseUrl: 'http://invoices.test' }, tenant.id, json.id, {
      to: 'ap@x.example',
      sent_at: new Date().toISOString(),
      message_id: 'test',
    });
  return json.id as string;
}
const pay = (id: string, amount: string, paid_at: string) =>
  call('record-payment', { token: tenant.apiKey, params: { id }, body: { amount, paid_at, method: 'bank_transfer' } });
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
const report = (query: Record<string, string>, token = tenant.apiKey) => call('get-revenue-report', { token, query });

beforeAll(async () => {
  const { handler } = await import('#functions/revenue-aggregator/handler');
  aggregate = (events) => deliverFromBus(handler, events);
  tenant = await newTenant('Revenue Co');
  const client = (await call('create-client', { token: tenant.apiKey, body: { name: 'Buyer', email: 'ap@x.example' } }))
    .json.id;
  const credited = await invoice(client, '2026-01-10', '2026-02-09', '100.00');
  // Credited today (a credit note is dated the day it is issued): it counts in this month.
  await call('create-credit-note', {
    token: tenant.apiKey,
    params: { id: credited },
    body: { amount: '30.00', description: 'Goodwill', reason: 'other' },
  });
  const b = await invoice(client, '2026-01-20', '2026-01-31', '250.00');
  await pay(b, '50.00', '2026-02-05T10:00:00Z');
  await pay(b, '200.00', '2026-03-03T09:00:00Z');
  // Paid in full, then 20.00 credited and paid back today: nothing changes in what is outstanding.
  const creditNote = (
    await call('create-credit-note', {
      token: tenant.apiKey,
      params: { id: b },
      body: { amount: '20.00', description: 'Returned', reason: 'order_change' },
    })
  ).json;
  await call('create-refund', {
    token: tenant.apiKey,
    params: { id: creditNote.id },
    body: { amount: '20.00', method: 'bank_transfer' },
  });
  const voided = await invoice(client, '2026-02-01', '2026-03-03', '40.00');
  await call('void-invoice', { token: tenant.apiKey, params: { id: voided } });
  await invoice(client, '2026-02-10', '2026-03-10', '999.00', 'EUR', false);
  await invoice(client, '2026-03-15', '2026-04-14', '10.00', 'USD');
  // Newest first, the opposite of the order they happened in: the sums must not care.
  expect(await aggregate((await outbox(tenant.id)).reverse())).toEqual([]);
});

const row = (period_start: string, period_end: string, currency: string, figures: Record<string, string | number>) => ({
  period_start,
  period_end,
  currency,
  invoiced: '0.00',
  credited: '0.00',
  collected: '0.00',
  refunded: '0.00',
  outstanding: '0.00',
  overdue: '0.00',
  invoice_count: 0,
  payment_count: 0,
  ...figures,
});

describe('GET /api/v1/reports/revenue/', () => {
  it('reports per month and currency: invoiced by issue date, collected when paid, month-end balances', async () => {
    const monthly = await report({ period: 'monthly', start_date: '2026-01-15', end_date: '2026-03-02' });
    expect(monthly.status).toBe(200);
    const totals = [
      {
        currency: 'EUR',
        invoiced: '350.00',
        credited: '0.00',
        collected: '250.00',
        refunded: '0.00',
        outstanding: '100.00',
        overdue: '100.00',
        invoice_count: 2,
        payment_count: 2,
      },
      {
        currency: 'USD',
        invoiced: '10.00',
        credited: '0.00',
        collected: '0.00',
        refunded: '0.00',
        outstanding: '10.00',
        overdue: '0.00',
        invoice_count: 1,
        payment_count: 0,
      },
    ];
    expect(monthly.json).toEqual({
      period: 'monthly',
      start_date: '2026-01-01',
      end_date: '2026-03-31',
      time_zone: 'UTC',
      rows: [
        row('2026-01-01', '2026-01-31', 'EUR', {
          invoiced: '350.00',
          invoice_count: 2,
          outstanding: '350.00',
          overdue: '250.00',
        }),
        row('2026-01-01', '2026-01-31', 'USD', {}),
        row('2026-02-01', '2026-02-28', 'EUR', {
          collected: '50.00',
          payment_count: 1,
          outstanding: '300.00',
          overdue: '300.00',
        }),
        row('2026-02-01', '2026-02-28', 'USD', {}),
        row('2026-03-01', '2026-03-31', 'EUR', {
          collected: '200.00',
          payment_count: 1,
          outstanding: '100.00',
          overdue: '100.00',
        }),
        row('2026-03-01', '2026-03-31', 'USD', { invoiced: '10.00', invoice_count: 1, outstanding: '10.00' }),
      ],
      totals,
      // Nothing was issued at a rate (the USD invoice was recorded as sent by hand): each counts as it is.
      totals_in_accounting_currency: totals,
    });
    const quarterly = await report({
      period: 'quarterly',
      start_date: '2026-02-01',
      end_date: '2026-02-01',
      currency: 'eur',
    });
    expect(quarterly.json.rows).toEqual([
      row('2026-01-01', '2026-03-31', 'EUR', {
        invoiced: '350.00',
        invoice_count: 2,
        collected: '250.00',
        payment_count: 2,
        outstanding: '100.00',
        overdue: '100.00',
      }),
    ]);
    const yearly = await report({
      period: 'yearly',
      start_date: '2025-06-01',
      end_date: '2026-12-31',
      currency: 'USD',
    });
    expect(yearly.json.rows).toEqual([
      row('2025-01-01', '2025-12-31', 'USD', {}),
      row('2026-01-01', '2026-12-31', 'USD', {
        invoiced: '10.00',
        invoice_count: 1,
        outstanding: '10.00',
        overdue: '10.00',
      }),
    ]);
  });

  it('counts credit notes and refunds in their month: credited off invoiced and what is owed, refunds off settled', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const month = await report({ period: 'monthly', start_date: today, end_date: today, currency: 'EUR' });
    expect(month.json.rows).toEqual([
      row(`${today.slice(0, 7)}-01`, month.json.end_date, 'EUR', {
        invoiced: '-50.00',
        credited: '50.00',
        refunded: '20.00',
        outstanding: '70.00',
        overdue: '70.00',
      }),
    ]);
  });

  it('counts an event delivered twice once: the second delivery changes nothing', async () => {
    const before = await readRevenue(db, tenant.id);
    const events = await outbox(tenant.id);
    const aggregator = revenueAggregator(db);
    expect(await aggregator.apply(events.find((event) => event.type === 'payment.received')!)).toBe('duplicate');
    expect(await aggregate(events)).toEqual([]);
    expect(await readRevenue(db, tenant.id)).toEqual(before);
  });

  it('reads one organization item and one page of aggregates, whatever the number of invoices', async () => {
    await forgetRecentKeys();
    const { result, calls } = await countDbCalls(() =>
      report({ period: 'monthly', start_date: '2026-01-01', end_date: '2026-03-31' }),
    );
    expect(result.status).toBe(200);
    // The API key and its maker's membership, the organization (its time zone) and the aggregates.
    expect(calls).toEqual({ GetItem: 3, Query: 1 });
  });

  it('shows another organization nothing of this one', async () => {
    const other = await newTenant('Other Revenue Co');
    const seen = await report({ period: 'monthly', start_date: '2026-01-01', end_date: '2026-03-31' }, other.apiKey);
    expect([seen.status, seen.json.rows, seen.json.totals]).toEqual([200, [], []]);
  });

  it('refuses missing or bad parameters with validation_error, naming each', async () => {
    for (const [query, field] of [
      [{ period: 'monthly' }, 'start_date'],
      [{ start_date: '2026-01-01' }, 'period'],
      [{ period: 'weekly', start_date: '2026-01-01' }, 'period'],
      [{ period: 'monthly', start_date: '2026-02-30' }, 'start_date'],
      [{ period: 'monthly', start_date: '2026-03-01', end_date: '2026-02-28' }, 'end_date'],
      [{ period: 'monthly', start_date: '2016-01-01', end_date: '2026-01-31' }, 'end_date'],
      [{ period: 'monthly', start_date: '2099-01-01' }, 'start_date'],
      [{ period: 'monthly', start_date: '2026-01-01', currency: 'XYZ' }, 'currency'],
      [{ period: 'monthly', start_date: '2026-01-01', group_by: 'client' }, 'group_by'],
    ] as const) {
      const refused = await report(query);
      expect([refused.status, refused.json.error?.code], JSON.stringify(query)).toEqual([400, 'validation_error']);
      expect(refused.json.error.details.fields, JSON.stringify(query)).toHaveProperty([field]);
    }
  });
});

describe('the revenue aggregator under faults and contention', () => {
  const paymentEvent = (organizationId: string, n: number): OutboxEvent => ({
    id: `evt_contention_${n}`,
    type: 'payment.received',
    organization_id: organizationId,
    created_at: '2026-05-01T00:00:00.000Z',
    data: {
      object: {
        currency: 'EUR',
        issue_date: '2026-05-01',
        due_date: '2026-05-31',
        total_amount: '1000.00',
        sent_at: '2026-05-01T00:00:00.000Z',
      },
      payment: { currency: 'EUR', amount: '1.25', paid_at: '2026-05-02T10:00:00.000Z' },
    },
  });

  it('loses nothing to a throttled write: the event fails, comes back, and then counts once', async () => {
    const owner = await newTenant('Throttled Revenue Co');
    const throttled = createDb(process.env.TABLE_NAME!);
    let fail = true;
    throttled.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (String(context.commandName).startsWith('TransactWrite') && fail) {
          fail = false;
          throw Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
            name: 'ProvisionedThroughputExceededException',
          });
        }
        return next(args);
      },
      { step: 'initialize', name: 'injectThrottle' },
    );
    const aggregator = revenueAggregator(throttled);
    await expect(aggregator.apply(paymentEvent(owner.id, 0))).rejects.toThrow('throughput');
    expect(await readRevenue(db, owner.id)).toEqual([]);
    expect(await aggregator.apply(paymentEvent(owner.id, 0))).toBe('applied');
    expect(await aggregator.apply(paymentEvent(owner.id, 0))).toBe('duplicate');
    expect((await readRevenue(db, owner.id)).find((bucket) => bucket.month === '2026-05')?.amounts.collected).toBe(
      125n,
    );
  });

  it('tries again when another transaction on the same month got in first', async () => {
    const owner = await newTenant('Conflicted Revenue Co');
    const conflicted = createDb(process.env.TABLE_NAME!);
    let conflicts = 2;
    conflicted.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (String(context.commandName).startsWith('TransactWrite') && conflicts > 0) {
          conflicts -= 1;
          throw new TransactionCanceledException({
            message: 'Transaction cancelled',
            $metadata: {},
            CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
          });
        }
        return next(args);
      },
      { step: 'initialize', name: 'injectConflict' },
    );
    expect(await revenueAggregator(conflicted).apply(paymentEvent(owner.id, 0))).toBe('applied');
    expect(conflicts).toBe(0);
    expect((await readRevenue(db, owner.id)).find((bucket) => bucket.month === '2026-05')?.amounts.payment_count).toBe(
      1n,
    );
  });

  it('adds up events that touch the same month at once (amounts are added, never read and rewritten)', async () => {
    const owner = await newTenant('Busy Revenue Co');
    const aggregator = revenueAggregator(db);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) => aggregator.apply(paymentEvent(owner.id, n))),
    );
    expect(results.every((result) => result === 'applied')).toBe(true);
    const may = (await readRevenue(db, owner.id)).find((bucket) => bucket.month === '2026-05')!;
    expect([may.amounts.collected, may.amounts.payment_count, may.amounts.settled]).toEqual([2500n, 20n, 2500n]);
  });
});

describe('rebuilding revenue', () => {
  it('finds nothing to change when the aggregates are right, reports a damaged month, and repairs it', async () => {
    expect((await rebuildRevenue(db, tenant.id, { apply: false })).differences).toEqual([]);
    const right = await report({ period: 'monthly', start_date: '2026-01-01', end_date: '2026-03-31' });
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: revenueKey(tenant.id, 'EUR', '2026-01'),
        UpdateExpression: 'ADD invoiced :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    const itemsBefore = await tableItemCount();
    const found = await rebuildRevenue(db, tenant.id, { apply: false });
    expect(found).toEqual({
      buckets: expect.any(Number),
      applied: false,
      differences: [{ currency: 'EUR', month: '2026-01', field: 'invoiced', stored: 35_001n, expected: 35_000n }],
    });
    expect(await tableItemCount()).toBe(itemsBefore);
    expect((await rebuildRevenue(db, tenant.id, { apply: true })).applied).toBe(true);
    expect((await rebuildRevenue(db, tenant.id, { apply: false })).differences).toEqual([]);
    expect((await report({ period: 'monthly', start_date: '2026-01-01', end_date: '2026-03-31' })).json).toEqual(
      right.json,
    );
  });
});

describe('moving aggregates into their own partition', () => {
  it('adds what was kept beside the invoices to what events added since, once, and leaves nothing behind', async () => {
    const own = await newTenant('Revenue kept before');
    const former = (month: string, invoiced: number) =>
      db.client.send(
        new PutCommand({
          TableName: db.table,
          Item: {
            ...formerRevenueKey(own.id, 'EUR', month),
            type: 'revenue',
            currency: 'EUR',
            month,
            invoiced,
            invoice_count: 1,
          },
        }),
      );
    await former('2025-01', 10_000);
    await former('2025-02', 20_000);
    // An event applied after the deployment, before the move: it already counts in the new partition.
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: revenueKey(own.id, 'EUR', '2025-02'),
        UpdateExpression:
          'SET #type = :type, currency = :currency, #month = :month ADD invoiced :more, invoice_count :one',
        ExpressionAttributeNames: { '#type': 'type', '#month': 'month' },
        ExpressionAttributeValues: {
          ':type': 'revenue',
          ':currency': 'EUR',
          ':month': '2025-02',
          ':more': 500,
          ':one': 1,
        },
      }),
    );
    expect(await moveFormerRevenue(db, own.id)).toBe(2);
    const byMonth = (buckets: Awaited<ReturnType<typeof readRevenue>>) =>
      Object.fromEntries(
        buckets.map((bucket) => [bucket.month, [bucket.amounts.invoiced, bucket.amounts.invoice_count]]),
      );
    expect(byMonth(await readRevenue(db, own.id))).toEqual({ '2025-01': [10_000n, 1n], '2025-02': [20_500n, 2n] });
    const left = await db.client.send(
      new GetCommand({ TableName: db.table, Key: formerRevenueKey(own.id, 'EUR', '2025-01') }),
    );
    expect(left.Item).toBeUndefined();
    // Run again: nothing left to move, nothing counted twice.
    expect(await moveFormerRevenue(db, own.id)).toBe(0);
    expect(byMonth(await readRevenue(db, own.id))).toEqual({ '2025-01': [10_000n, 1n], '2025-02': [20_500n, 2n] });
  });
});
