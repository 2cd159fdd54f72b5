// Recurring invoices through the API and the runner, with the clock given to the runner instead
// of waited for: months pass in one test, each period once, auto-sent through the SES emulator.
import { describe, expect, it, inject } from 'vitest';
import { runOrganization } from '#shared/recurring/runner';
import { generateDueInvoices } from '#shared/invoicing/generate-recurring-invoices';
import { dateIn } from '#shared/domain/dates';
import { call, db, newTenant } from '#test/support/api';
import { runRecurringNow as run } from '#test/support/recurring';

const line = { description: 'Retainer', quantity: 1, unit_price: '500.00', tax_rate: '10' };

async function tenantWithClient(name: string) {
  const tenant = await newTenant(name);
  const client = (
    await call('create-client', {
      token: tenant.apiKey,
      body: { name: `${name} client`, email: `billing@${name.toLowerCase().replaceAll(' ', '')}.example` },
    })
  ).json.id;
  return { tenant, client };
}
const invoicesOf = async (apiKey: string) =>
  (await call('list-invoices', { token: apiKey, query: { limit: '100' } })).json.results.sort(
    (a: { issue_date: string }, b: { issue_date: string }) => a.issue_date.localeCompare(b.issue_date),
  );

describe('recurring invoices', () => {
  it('generate one invoice per month with consecutive numbers, clamped to month ends, each e-mailed once', async () => {
    const { tenant, client } = await tenantWithClient('Monthly Co');
    const created = await call('create-recurring-invoice', {
      token: tenant.apiKey,
      body: { client, frequency: 'monthly', start_date: '2026-01-31', line_items: [line], auto_send: true },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      status: 'active',
      next_run_date: '2026-01-31',
      generated_count: 0,
      frequency: 'monthly',
      interval: 1,
    });

    await run('2026-01-31');
    await run('2026-02-28');
    await run('2026-03-31');
    await run('2026-03-31');
    const invoices = await invoicesOf(tenant.apiKey);
    expect(invoices.map((i: { issue_date: string }) => i.issue_date)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ]);
    expect(invoices.map((i: { invoice_number: string }) => i.invoice_number)).toEqual([
      'INV-000001',
      'INV-000002',
      'INV-000003',
    ]);
    expect(
      invoices.every(
        (i: { status: string; total_amount: string; recurring_invoice: string }) =>
          i.status === 'sent' && i.total_amount === '550.00' && i.recurring_invoice === created.json.id,
      ),
    ).toBe(true);
    const store = (await (await fetch(`${inject('sesEndpoint')}/store`)).json()) as {
      emails: { subject: string; destination: { to: string[] } }[];
    };
    const mine = store.emails.filter((email) => email.subject.endsWith('from Monthly Co'));
    expect(mine.map((email) => email.subject).sort()).toEqual(
      ['INV-000001', 'INV-000002', 'INV-000003'].map((n) => `Invoice ${n} from Monthly Co`),
    );
    expect(mine.every((email) => email.destination.to[0] === 'billing@monthlyco.example')).toBe(true);
    const generated = await call('list-generated-invoices', { token: tenant.apiKey, params: { id: created.json.id } });
    expect(generated.json.results.map((i: { invoice_number: string }) => i.invoice_number)).toEqual([
      'INV-000003',
      'INV-000002',
      'INV-000001',
    ]);
    const events = await call('list-events', { token: tenant.apiKey, query: { type: 'recurring_invoice.created' } });
    expect(events.json.results.map((e: { data: { object: { id: string } } }) => e.data.object.id)).toEqual([
      created.json.id,
    ]);
    const after = await call('get-recurring-invoice', { token: tenant.apiKey, params: { id: created.json.id } });
    expect(after.json).toMatchObject({ generated_count: 3, last_run_date: '2026-03-31', next_run_date: '2026-04-30' });
  });

  it('give every generated invoice the buyer reference and purchase order of the template', async () => {
    const { tenant, client } = await tenantWithClient('Leitweg Co');
    const created = await call('create-recurring-invoice', {
      token: tenant.apiKey,
      body: {
        client,
        frequency: 'monthly',
        start_date: '2026-01-15',
        line_items: [line],
        buyer_reference: '991-01234-44',
        purchase_order: 'PO-1',
      },
    });
    expect([created.json.buyer_reference, created.json.purchase_order]).toEqual(['991-01234-44', 'PO-1']);
    await run('2026-01-15');
    const changed = await call('update-recurring-invoice', {
      token: tenant.apiKey,
      params: { id: created.json.id },
      body: { purchase_order: null, buyer_reference: '991-01234-45' },
    });
    expect([changed.json.buyer_reference, changed.json.purchase_order]).toEqual(['991-01234-45', null]);
    await run('2026-02-15');
    const invoices = await invoicesOf(tenant.apiKey);
    expect(
      invoices.map((i: { buyer_reference: string; purchase_order: string | null }) => [
        i.buyer_reference,
        i.purchase_order,
      ]),
    ).toEqual([
      ['991-01234-44', 'PO-1'],
      ['991-01234-45', null],
    ]);
  });

  it('catch up every missed period once after an outage', async () => {
    const { tenant, client } = await tenantWithClient('Outage Co');
    await call('create-recurring-invoice', {
      token: tenant.apiKey,
      body: { client, frequency: 'weekly', start_date: '2026-05-04', line_items: [line] },
    });
    await run('2026-05-25');
    expect((await invoicesOf(tenant.apiKey)).map((i: { issue_date: string }) => i.issue_date)).toEqual([
      '2026-05-04',
      '2026-05-11',
      '2026-05-18',
      '2026-05-25',
    ]);
  });

  it('yield each invoice once when a run is killed halfway and run again', async () => {
    const { tenant, client } = await tenantWithClient('Crash Co');
    const { json: template } = await call('create-recurring-invoice', {
      token: tenant.apiKey,
      body: {
        client,
        frequency: 'weekly',
        start_date: '2026-06-01',
        line_items: [line],
        auto_send: true,
        send_to: 'ap@crash.example',
      },
    });
    let sends = 0;
    const dying = {
      db,
      publicBaseUrl: 'http://invoices.test',
      send: async () => {
        if (++sends === 2) throw new Error('runner killed');
      },
    };
    await expect(generateDueInvoices(dying, tenant.id, template.id, '2026-06-22')).rejects.toThrow('runner killed');
    expect(await invoicesOf(tenant.apiKey)).toHaveLength(2);
    await run('2026-06-22');
    await run('2026-06-22');
    expect((await invoicesOf(tenant.apiKey)).map((i: { issue_date: string }) => i.issue_date)).toEqual([
      '2026-06-01',
      '2026-06-08',
      '2026-06-15',
      '2026-06-22',
    ]);
  });

  it('generate nothing while paused, catch up on resume, and stop for good when ended or out of periods', async () => {
    const { tenant, client } = await tenantWithClient('Pause Co');
    const { json: template } = await call('create-recurring-invoice', {
      token: tenant.apiKey,
      body: { client, frequency: 'quarterly', start_date: '2026-01-15', line_items: [line], max_count: 3 },
    });
    expect(
      (await call('pause-recurring-invoice', { token: tenant.apiKey, params: { id: template.id } })).json.status,
    ).toBe('paused');
    await run('2026-02-01');
    expect(await invoicesOf(tenant.apiKey)).toHaveLength(0);
    expect(
      (await call('resume-recurring-invoice', { token: tenant.apiKey, params: { id: template.id } })).json.status,
    ).toBe('active');
    await run('2027-12-31');
    expect((await invoicesOf(tenant.apiKey)).map((i: { issue_date: string }) => i.issue_date)).toEqual([
      '2026-01-15',
      '2026-04-15',
      '2026-07-15',
    ]);
    const done = await call('get-recurring-invoice', { token: tenant.apiKey, params: { id: template.id } });
    expect(done.json).toMatchObject({ status: 'ended', generated_count: 3, next_run_date: null });
    const refused = await call('resume-recurring-invoice', { token: tenant.apiKey, params: { id: template.id } });
    expect([refused.status, refused.json.error.code]).toEqual([409, 'invalid_state']);
  });

  it('run each organization on its own date: a period starts at local midnight, not at UTC midnight', async () => {
    const ahead = await tenantWithClient('Kiritimati Co');
    const behind = await tenantWithClient('Pago Pago Co');
    await call('update-organization', { token: ahead.tenant.ownerToken, body: { time_zone: 'Pacific/Kiritimati' } });
    await call('update-organization', { token: behind.tenant.ownerToken, body: { time_zone: 'Pacific/Pago_Pago' } });
    for (const { tenant, client } of [ahead, behind]) {
      await call('create-recurring-invoice', {
        token: tenant.apiKey,
        body: { client, frequency: 'monthly', start_date: '2030-03-01', line_items: [line] },
      });
    }
    // 2030-02-28 12:00 UTC is already 1 March in Kiritimati (UTC+14), still 28 February in Pago Pago (UTC−11).
    const planned = await run({ now: '2030-02-28T12:00:00Z' });
    expect(planned.organizations).toBeGreaterThanOrEqual(2);
    expect((await invoicesOf(ahead.tenant.apiKey)).map((i: { issue_date: string }) => i.issue_date)).toEqual([
      '2030-03-01',
    ]);
    expect(await invoicesOf(behind.tenant.apiKey)).toHaveLength(0);
    await run({ now: '2030-03-01T11:30:00Z' }); // 00:30 on 1 March in Pago Pago
    expect((await invoicesOf(behind.tenant.apiKey)).map((i: { issue_date: string }) => i.issue_date)).toEqual([
      '2030-03-01',
    ]);
    expect(await invoicesOf(ahead.tenant.apiKey)).toHaveLength(1);
  });

  it('start on the organization’s today when no start_date is given', async () => {
    const { tenant, client } = await tenantWithClient('Default Start Co');
    await call('update-organization', { token: tenant.ownerToken, body: { time_zone: 'Pacific/Kiritimati' } });
    const before = dateIn('Pacific/Kiritimati');
    const created = await call('create-recurring-invoice', {
      token: tenant.apiKey,
      body: { client, frequency: 'weekly', line_items: [line] },
    });
    expect([before, dateIn('Pacific/Kiritimati')]).toContain(created.json.start_date);
  });

  it('leave what a worker had no time for due, for the next run', async () => {
    const { tenant, client } = await tenantWithClient('Busy Co');
    const ids = [];
    for (let n = 0; n < 3; n++) {
      ids.push(
        (
          await call('create-recurring-invoice', {
            token: tenant.apiKey,
            body: { client, frequency: 'yearly', start_date: '2026-07-01', line_items: [line] },
          })
        ).json.id,
      );
    }
    let checks = 0;
    const first = await runOrganization(
      { db, publicBaseUrl: 'http://invoices.test' },
      { organization_id: tenant.id, recurring_ids: ids },
      '2026-07-01',
      { timeLeft: () => checks++ < 1 },
    );
    expect(first).toEqual({ generated: 1, failures: 0, unfinished: 2 });
    await run('2026-07-01');
    expect(
      (await invoicesOf(tenant.apiKey)).map((i: { recurring_invoice: string }) => i.recurring_invoice).sort(),
    ).toEqual([...ids].sort());
  });

  it('refuse bad templates with validation errors', async () => {
    const { tenant, client } = await tenantWithClient('Strict Co');
    for (const [body, field] of [
      [{ client, frequency: 'daily', line_items: [line] }, 'frequency'],
      [{ client, frequency: 'monthly', line_items: [line], end_date: '2027-01-01', max_count: 3 }, 'max_count'],
      [{ client, frequency: 'monthly', line_items: [line], day_of_month: 32 }, 'day_of_month'],
      [{ client, frequency: 'monthly', line_items: [] }, 'line_items'],
    ] as const) {
      const refused = await call('create-recurring-invoice', { token: tenant.apiKey, body });
      expect([refused.status, refused.json.error.code]).toEqual([400, 'validation_error']);
      expect(refused.json.error.details.fields).toHaveProperty([field]);
    }
  });
});

describe('changing a recurring invoice', () => {
  it('applies new lines and an earlier end from the next period on', async () => {
    const { tenant, client } = await tenantWithClient('Change Co');
    const { json: template } = await call('create-recurring-invoice', {
      token: tenant.apiKey,
      body: { client, frequency: 'monthly', start_date: '2026-08-10', line_items: [line] },
    });
    await run('2026-08-10');
    const patched = await call('update-recurring-invoice', {
      token: tenant.apiKey,
      params: { id: template.id },
      body: { line_items: [{ ...line, unit_price: '600.00' }], end_date: '2026-09-30' },
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ next_run_date: '2026-09-10', end_date: '2026-09-30', status: 'active' });
    await run('2026-12-31');
    expect((await invoicesOf(tenant.apiKey)).map((i: { total_amount: string }) => i.total_amount)).toEqual([
      '550.00',
      '660.00',
    ]);
    expect(
      (await call('get-recurring-invoice', { token: tenant.apiKey, params: { id: template.id } })).json.status,
    ).toBe('ended');
    const refused = await call('update-recurring-invoice', {
      token: tenant.apiKey,
      params: { id: template.id },
      body: { frequency: 'weekly' },
    });
    expect(refused.status).toBe(400);
  });
});
