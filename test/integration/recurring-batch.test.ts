// An organization's recurring run in about one DynamoDB call per invoice: a page of templates, its
// organization and clients in two reads, the page's numbers reserved in one request per series, one
// transaction per invoice — and numbers the run reserved but did not use go back or are voided.
import { describe, expect, it } from 'vitest';
import { runOrganization } from '#shared/recurring/runner';
import { call, countDbCalls, db, newTenant } from '#test/support/api';

const line = { description: 'Licence', quantity: 1, unit_price: '100.00', tax_rate: '0' };
const deps = { db, publicBaseUrl: 'http://invoices.test' };

async function tenantWithTemplates(name: string, count: number, template: Record<string, unknown>) {
  const tenant = await newTenant(name);
  const clients: string[] = [];
  for (const n of [1, 2])
    clients.push(
      (
        await call('create-client', {
          token: tenant.apiKey,
          body: { name: `${name} ${n}`, email: `ap${n}@batch.example` },
        })
      ).json.id,
    );
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    const created = await call('create-recurring-invoice', {
      token: tenant.apiKey,
      body: { client: clients[n % 2], line_items: [line], ...template },
    });
    expect(created.status, created.text).toBe(201);
    ids.push(created.json.id);
  }
  return { tenant, ids, clients };
}

const invoicesOf = async (apiKey: string) =>
  (await call('list-invoices', { token: apiKey, query: { limit: '100' } })).json.results as {
    invoice_number: string;
    issue_date: string;
    recurring_invoice: string;
  }[];
const voidedOf = async (apiKey: string, series = 'invoice') =>
  (await call('list-voided-numbers', { token: apiKey, params: { series } })).json.results as {
    sequence: number;
    reason: string;
  }[];
const sequences = (invoices: { invoice_number: string }[]) =>
  invoices.map((invoice) => Number(/(\d+)$/.exec(invoice.invoice_number)![1])).sort((a, b) => a - b);
const oneTo = (n: number) => Array.from({ length: n }, (_, index) => index + 1);

describe('a recurring run, page by page', () => {
  it('generates 60 invoices of 30 templates and 2 clients in 2 reads, 1 reservation and 1 write each', async () => {
    const { tenant, ids } = await tenantWithTemplates('Batch Co', 30, {
      frequency: 'monthly',
      start_date: '2026-01-05',
    });
    const { result, calls } = await countDbCalls(() =>
      runOrganization(deps, { organization_id: tenant.id, recurring_ids: ids }, '2026-02-05'),
    );
    expect(result).toEqual({ generated: 60, failures: 0, unfinished: 0 });
    expect(calls).toEqual({ BatchGetItem: 2, UpdateItem: 1, TransactWriteItems: 60 });
    const invoices = await invoicesOf(tenant.apiKey);
    expect(sequences(invoices)).toEqual(oneTo(60));
    // Each template's periods in order, and every template twice.
    for (const id of ids)
      expect(
        invoices
          .filter((i) => i.recurring_invoice === id)
          .map((i) => i.issue_date)
          .sort(),
      ).toEqual(['2026-01-05', '2026-02-05']);
    expect(await voidedOf(tenant.apiKey)).toEqual([]);
  });

  it('reserves each yearly series apart when periods cross a year', async () => {
    const { tenant, ids } = await tenantWithTemplates('Year Co', 2, { frequency: 'weekly', start_date: '2026-12-21' });
    await call('update-organization', {
      token: tenant.ownerToken,
      body: { invoice_numbering: { pattern: 'R-{YYYY}-{seq}', padding: 3, reset: 'yearly' } },
    });
    const { result, calls } = await countDbCalls(() =>
      runOrganization(deps, { organization_id: tenant.id, recurring_ids: ids }, '2027-01-11'),
    );
    expect(result.generated).toBe(8);
    expect(calls.UpdateItem).toBe(2);
    expect((await invoicesOf(tenant.apiKey)).map((i) => i.invoice_number).sort()).toEqual([
      'R-2026-001',
      'R-2026-002',
      'R-2026-003',
      'R-2026-004',
      'R-2027-001',
      'R-2027-002',
      'R-2027-003',
      'R-2027-004',
    ]);
  });

  it('gives the numbers of a run that stopped early back, so the next invoice follows on', async () => {
    const { tenant, ids } = await tenantWithTemplates('Stop Co', 3, { frequency: 'yearly', start_date: '2026-07-01' });
    let checks = 0;
    const first = await runOrganization(deps, { organization_id: tenant.id, recurring_ids: ids }, '2026-07-01', {
      timeLeft: () => checks++ < 1,
    });
    expect(first).toEqual({ generated: 1, failures: 0, unfinished: 2 });
    const clients = (await call('list-clients', { token: tenant.apiKey })).json.results;
    const next = await call('create-invoice', {
      token: tenant.apiKey,
      body: { client: clients[0].id, issue_date: '2026-07-01', line_items: [line] },
    });
    expect(sequences([next.json])).toEqual([2]);
    expect(await voidedOf(tenant.apiKey)).toEqual([]);
  });

  it('voids reserved numbers it did not use once a later number was given out, with the reason', async () => {
    const { tenant, ids, clients } = await tenantWithTemplates('Busy Co', 3, {
      frequency: 'yearly',
      start_date: '2026-07-01',
      auto_send: true,
    });
    let checks = 0;
    let created: { invoice_number: string } | undefined;
    // While the run holds numbers 1–3, an invoice made through the API takes number 4.
    const send = async () => {
      created = (
        await call('create-invoice', {
          token: tenant.apiKey,
          body: { client: clients[0], issue_date: '2026-07-01', line_items: [line] },
        })
      ).json;
    };
    await runOrganization({ ...deps, send }, { organization_id: tenant.id, recurring_ids: ids }, '2026-07-01', {
      timeLeft: () => checks++ < 1,
    });
    expect(sequences([created!])).toEqual([4]);
    const voided = await voidedOf(tenant.apiKey);
    expect(voided.map((entry) => entry.sequence)).toEqual([2, 3]);
    expect(voided[0]!.reason).toMatch(/recurring run that stopped/);
  });

  it('gives a number whose period was claimed meanwhile to the next invoice, leaving no gap', async () => {
    const { tenant, ids } = await tenantWithTemplates('Race Co', 2, {
      frequency: 'monthly',
      start_date: '2026-03-01',
      auto_send: true,
    });
    // After the first template's invoice, the second template changes: the page's copy of it is stale.
    let changed = false;
    const send = async () => {
      if (changed) return;
      changed = true;
      const patched = await call('update-recurring-invoice', {
        token: tenant.apiKey,
        params: { id: ids[1]! },
        body: { notes: 'Changed while the run was under way' },
      });
      expect(patched.status, patched.text).toBe(200);
    };
    const result = await runOrganization(
      { ...deps, send },
      { organization_id: tenant.id, recurring_ids: ids },
      '2026-03-01',
    );
    expect(result).toEqual({ generated: 2, failures: 0, unfinished: 0 });
    const invoices = await invoicesOf(tenant.apiKey);
    expect(sequences(invoices)).toEqual([1, 2]);
    expect(invoices.find((i) => i.recurring_invoice === ids[1])).toMatchObject({
      notes: 'Changed while the run was under way',
    });
    expect(await voidedOf(tenant.apiKey)).toEqual([]);
  });
});
