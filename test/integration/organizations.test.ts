// The organization's own settings: its name and the time zone its dates are in.
import { describe, expect, it } from 'vitest';
import { dateIn, addDays } from '#shared/domain/dates';
import { updateOrganization } from '#shared/organizations/update-organization';
import { accessToken, call, db, invoiceBody, newTenant, tableItemCount } from '#test/support/api';
import { damagedPng, jpegOf, pngOf as png } from '#test/support/images';

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

describe('the seller profile', () => {
  const profile = {
    legal_name: 'Łódź Café Sp. z o.o.',
    address: { line1: 'ul. Piotrkowska 1', city: 'Łódź', postal_code: '90-001', country: 'PL' },
    tax_id: 'PL 526-000-12-46',
    registration_number: 'KRS 0000012345',
    email: 'billing@lodz-cafe.example',
    phone: '+48 42 000 00 00',
    website: 'https://lodz-cafe.example',
    payment_instructions: { iban: 'pl61 1090 1014 0000 0712 1981 2874', bic: 'WBKPPLPP', account_name: 'Łódź Café' },
    default_currency: 'eur',
    locale: 'de-AT',
    default_notes: 'Dziękujemy!',
    default_terms: 'Net 14',
    payment_term_days: 14,
  };

  it('stores every field, normalised, and new invoices take its defaults', async () => {
    const tenant = await newTenant('Profile Co');
    const changed = await call('update-organization', { token: tenant.ownerToken, body: profile });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({
      ...profile,
      default_currency: 'EUR',
      payment_instructions: { ...profile.payment_instructions, iban: 'PL61109010140000071219812874' },
    });
    expect((await call('get-organization', { token: tenant.apiKey })).json).toEqual(changed.json);
    const client = await call('create-client', { token: tenant.apiKey, body: { name: 'K', email: 'k@x.example' } });
    const invoice = await call('create-invoice', {
      token: tenant.apiKey,
      body: {
        client: client.json.id,
        issue_date: '2026-03-01',
        line_items: [{ description: 'Kawa', quantity: 1, unit_price: '3.00', tax_rate: '23' }],
      },
    });
    expect(invoice.json).toMatchObject({
      currency: 'EUR',
      due_date: addDays('2026-03-01', 14),
      notes: 'Dziękujemy!',
      terms: 'Net 14',
    });
  });

  it('refuses each invalid field with its reason, and changes nothing', async () => {
    const tenant = await newTenant('Strict Profile Co');
    await call('update-organization', { token: tenant.ownerToken, body: { address: profile.address } });
    const before = (await call('get-organization', { token: tenant.apiKey })).json;
    for (const [body, field, reason] of [
      [{ payment_instructions: { iban: 'PL61 1090 1014 0000 0712 1981 2875' } }, 'payment_instructions.iban', 'IBAN'],
      [{ payment_instructions: { bic: 'NOTABIC' } }, 'payment_instructions.bic', 'BIC'],
      [{ address: { ...profile.address, country: 'XX' } }, 'address.country', 'ISO 3166-1'],
      [{ address: { ...profile.address, country: 'pl' } }, 'address.country', 'ISO 3166-1'],
      [{ tax_id: 'PL5260001247' }, 'tax_id', 'not a valid VAT number of PL'],
      [{ tax_id: 'DE136695976' }, 'tax_id', 'of DE, not PL'],
      [{ tax_id: 'a' }, 'tax_id', '3 to 30'],
      [{ locale: 'ja-JP' }, 'locale', 'en, de, fr, es'],
      [{ locale: 'not a tag' }, 'locale', 'BCP 47'],
      [{ website: 'http://lodz-cafe.example' }, 'website', 'https://'],
      [{ payment_term_days: 400 }, 'payment_term_days', ''],
      [{ default_currency: 'JPY' }, 'default_currency', 'ISO 4217'],
    ] as const) {
      const refused = await call('update-organization', { token: tenant.ownerToken, body });
      expect([refused.status, refused.json.error.code], JSON.stringify(body)).toEqual([400, 'validation_error']);
      expect(refused.json.error.details.fields[field], JSON.stringify(body)).toContain(reason);
    }
    expect((await call('get-organization', { token: tenant.apiKey })).json).toEqual(before);
  });
});

describe('the logo', () => {
  const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

  it.each([
    ['a PNG', 'image/png', () => png(300, 100), 300],
    ['a JPEG', 'image/jpeg', () => jpegOf(120, 40), 120],
  ] as const)('as %s is stored decoded and written anew, described on the organization, and removed with null', async (_, type, image, width) => {
    const tenant = await newTenant('Logo Co');
    const set = await call('update-organization', { token: tenant.ownerToken, body: { logo: dataUrl(type, image()) } });
    expect(set.status, set.text).toBe(200);
    expect(set.json.logo).toEqual({ content_type: type, size: expect.any(Number), width, height: width / 3 });
    expect((await call('get-organization', { token: tenant.apiKey })).json.logo).toMatchObject({ width });
    const removed = await call('update-organization', { token: tenant.ownerToken, body: { logo: null } });
    expect(removed.json.logo).toBeNull();
    expect((await call('get-organization', { token: tenant.apiKey })).json.logo).toBeNull();
  });

  it.each([
    ['not a data: URL', 'https://example.com/logo.png'],
    ['a GIF', `data:image/gif;base64,${Buffer.from('GIF89a').toString('base64')}`],
    ['PNG bytes declared as JPEG', dataUrl('image/jpeg', png(10, 10))],
    ['bytes that are no image', dataUrl('image/png', Buffer.from('not an image at all'))],
    ['more than 2000 pixels wide', dataUrl('image/png', png(2001, 1))],
    ['more than 256 KB', dataUrl('image/png', Buffer.concat([png(10, 10), Buffer.alloc(256 * 1024)]))],
    ['a PNG whose image data does not decode', dataUrl('image/png', damagedPng())],
    ['a PNG cut short', dataUrl('image/png', png(200, 200).subarray(0, 80))],
    ['a JPEG cut short', dataUrl('image/jpeg', jpegOf(200, 200).subarray(0, 400))],
  ])('refuses %s and keeps the logo it had', async (_, logo) => {
    const tenant = await newTenant('Strict logo');
    await call('update-organization', { token: tenant.ownerToken, body: { logo: dataUrl('image/png', png(20, 20)) } });
    const refused = await call('update-organization', { token: tenant.ownerToken, body: { logo } });
    expect([refused.status, Object.keys(refused.json.error?.details.fields ?? {})], refused.text).toEqual([
      400,
      ['logo'],
    ]);
    expect((await call('get-organization', { token: tenant.apiKey })).json.logo).toMatchObject({ width: 20 });
  });

  it('stored damaged before logos were decoded, leaves the documents printable without it', async () => {
    const tenant = await newTenant('Old damaged logo');
    const info = { content_type: 'image/png' as const, size: 100, width: 64, height: 64 };
    await updateOrganization(db, tenant.id, {
      logo: { logo: { content_type: 'image/png', bytes: damagedPng() }, info },
    });
    const client = await call('create-client', { token: tenant.apiKey, body: { name: 'Buyer', email: 'b@x.example' } });
    const invoice = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(client.json.id) });
    await call('send-invoice', { token: tenant.apiKey, params: { id: invoice.json.id } });
    const token = new URL(invoice.json.public_url).pathname.split('/').at(-2)!;
    const pdf = await call('download-public-invoice', { params: { token } });
    expect([pdf.status, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
  }, 30_000);
});
