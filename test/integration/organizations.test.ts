// The organization's own settings: its name and the time zone its dates are in.
import { describe, expect, it } from 'vitest';
import { dateIn, addDays } from '#shared/domain/dates';
import { accessToken, call, newTenant, tableItemCount } from '#test/support/api';

describe('PATCH /api/v1/organizations/me/', () => {
  it('renames the organization and sets its time zone, with organization.updated', async () => {
    const tenant = await newTenant('Zone Co');
    expect((await call('get-organization', { token: tenant.apiKey })).json.time_zone).toBe('UTC');
    const changed = await call('update-organization', {
      token: tenant.ownerToken,
      body: { name: 'Zone Co Ltd', time_zone: 'Pacific/Auckland' },
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ id: tenant.id, name: 'Zone Co Ltd', time_zone: 'Pacific/Auckland' });
    expect((await call('get-organization', { token: tenant.apiKey })).json).toMatchObject({
      name: 'Zone Co Ltd',
      time_zone: 'Pacific/Auckland',
    });
    const events = await call('list-events', { token: tenant.apiKey, query: { type: 'organization.updated' } });
    expect(
      events.json.results.map((event: { data: { object: { time_zone: string } } }) => event.data.object.time_zone),
    ).toEqual(['Pacific/Auckland']);
  });

  it('refuses unknown zones, empty and unknown fields, and members', async () => {
    const tenant = await newTenant('Strict Zone Co');
    const before = await tableItemCount();
    for (const [body, field] of [
      [{ time_zone: 'Mars/Olympus_Mons' }, 'time_zone'],
      [{ time_zone: '+02:00' }, 'time_zone'],
      [{ name: '' }, 'name'],
      [{ subscription_tier: 'enterprise' }, 'subscription_tier'],
    ] as const) {
      const refused = await call('update-organization', { token: tenant.ownerToken, body });
      expect([refused.status, refused.json.error.code], JSON.stringify(body)).toEqual([400, 'validation_error']);
      expect(refused.json.error.details.fields).toHaveProperty([field]);
    }
    expect((await call('update-organization', { token: tenant.ownerToken, body: {} })).status).toBe(400);
    const member = await accessToken({ userId: tenant.owner.id, organizationId: tenant.id, role: 'member' });
    const forbidden = await call('update-organization', { token: member, body: { time_zone: 'Europe/Berlin' } });
    expect([forbidden.status, forbidden.json.error.code]).toEqual([403, 'permission_denied']);
    expect(await tableItemCount()).toBe(before);
    expect((await call('get-organization', { token: tenant.apiKey })).json.time_zone).toBe('UTC');
  });

  it('dates new invoices on the organization’s today, in its zone', async () => {
    const tenant = await newTenant('Dateline Co');
    await call('update-organization', { token: tenant.ownerToken, body: { time_zone: 'Pacific/Kiritimati' } });
    const client = (await call('create-client', { token: tenant.apiKey, body: { name: 'C', email: 'c@x.example' } }))
      .json.id;
    const before = dateIn('Pacific/Kiritimati');
    const { json } = await call('create-invoice', {
      token: tenant.apiKey,
      body: { client, line_items: [{ description: 'x', quantity: 1, unit_price: '1.00', tax_rate: '0' }] },
    });
    expect([before, dateIn('Pacific/Kiritimati')]).toContain(json.issue_date);
    expect(json.due_date).toBe(addDays(json.issue_date, 30));
  });
});
