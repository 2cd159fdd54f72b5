// Seller and buyer on an invoice: copied when the invoice is created, so an invoice says who sold
// and who bought as it was then; a client's tax number is checked against its country.
import { describe, expect, it } from 'vitest';
import { call, invoiceBody, newTenant } from '#test/support/api';
import { austrianSeller, frenchBuyer } from '#test/support/eu-invoice';

const seller = austrianSeller;
const buyer = frenchBuyer;

describe('seller and buyer on an invoice', () => {
  it('are copied when the invoice is created and stay as they were when the profile or client changes', async () => {
    const tenant = await newTenant('Weinhaus');
    expect((await call('update-organization', { token: tenant.ownerToken, body: seller })).status).toBe(200);
    const client = await call('create-client', { token: tenant.apiKey, body: buyer });
    expect(client.status).toBe(201);
    const created = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(client.json.id) });
    expect(created.json.seller).toMatchObject({
      name: 'Weinhaus GmbH',
      address: seller.address,
      tax_id: 'ATU13585627',
      payment_instructions: seller.payment_instructions,
    });
    expect(created.json.buyer).toMatchObject({ name: buyer.name, country: 'FR', tax_id: 'FR40303265045' });
    await call('update-organization', { token: tenant.ownerToken, body: { legal_name: 'Weinhaus Neu GmbH' } });
    await call('update-client', { token: tenant.apiKey, params: { id: client.json.id }, body: { name: 'SGT SA' } });
    const later = await call('get-invoice', { token: tenant.apiKey, params: { id: created.json.id } });
    expect([later.json.seller.name, later.json.buyer.name]).toEqual(['Weinhaus GmbH', buyer.name]);
    const fresh = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(client.json.id) });
    expect([fresh.json.seller.name, fresh.json.buyer.name]).toEqual(['Weinhaus Neu GmbH', 'SGT SA']);
  });

  it('are taken again when the draft is issued (first sent), and fixed from then on', async () => {
    const tenant = await newTenant('Issuing');
    await call('update-organization', { token: tenant.ownerToken, body: seller });
    const client = await call('create-client', { token: tenant.apiKey, body: buyer });
    const draft = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(client.json.id) });
    await call('update-organization', { token: tenant.ownerToken, body: { legal_name: 'Weinhaus AG' } });
    await call('update-client', { token: tenant.apiKey, params: { id: client.json.id }, body: { name: 'SGT SA' } });
    const sent = await call('send-invoice', { token: tenant.apiKey, params: { id: draft.json.id } });
    expect(sent.status, sent.text).toBe(200);
    const issued = await call('get-invoice', { token: tenant.apiKey, params: { id: draft.json.id } });
    expect([issued.json.seller.name, issued.json.buyer.name]).toEqual(['Weinhaus AG', 'SGT SA']);
    await call('update-organization', { token: tenant.ownerToken, body: { legal_name: 'Weinhaus SE' } });
    await call('send-invoice', { token: tenant.apiKey, params: { id: draft.json.id } }); // a reminder
    const later = await call('get-invoice', { token: tenant.apiKey, params: { id: draft.json.id } });
    expect([later.json.seller.name, later.json.sendings.length]).toEqual(['Weinhaus AG', 2]);
  });

  it('refuses a client tax number that is not one of its country, and a document locale it cannot write', async () => {
    const tenant = await newTenant('Strict clients');
    for (const [body, field] of [
      [{ ...buyer, tax_id: 'FR40303265046' }, 'tax_id'],
      [{ ...buyer, tax_id: 'ATU13585627' }, 'tax_id'],
      [{ ...buyer, locale: 'zh-CN' }, 'locale'],
    ] as const) {
      const refused = await call('create-client', { token: tenant.apiKey, body });
      expect([refused.status, refused.json.error.code], JSON.stringify(body)).toEqual([400, 'validation_error']);
      expect(refused.json.error.details.fields).toHaveProperty([field]);
    }
    const made = await call('create-client', { token: tenant.apiKey, body: { name: 'N', email: 'n@x.example' } });
    const moved = await call('update-client', {
      token: tenant.apiKey,
      params: { id: made.json.id },
      body: { tax_id: 'FR40303265045', country: 'AT' },
    });
    expect([moved.status, moved.json.error?.details.fields.tax_id]).toEqual([400, 'is a VAT number of FR, not AT']);
  });
});
