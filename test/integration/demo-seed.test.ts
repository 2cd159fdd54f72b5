// The demo organizations `npm run dev` seeds (infra/local/seed.ts) carry a full seller profile, so the
// first invoice a newcomer makes with the demo API key states the seller's legal details and, in
// euros, the EPC QR code for paying it.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoData } from '#infra/local/seed';
import { getOrganization } from '#shared/data/organizations';
import { ibanProblem, taxIdProblem } from '#shared/domain/seller';
import { call, db } from '#test/support/api';

let demo: DemoData;
beforeAll(async () => {
  demo = await seedDemo(db);
});

describe('the demo organizations', () => {
  it('each have a legal name, an address, a valid VAT id, a registration and a valid IBAN', async () => {
    expect(demo.organizations).toHaveLength(3);
    for (const seeded of demo.organizations) {
      const organization = (await getOrganization(db, seeded.id))!;
      expect(organization.legal_name, seeded.name).toBeTruthy();
      expect(organization.address, seeded.name).toMatchObject({
        line1: expect.any(String),
        city: expect.any(String),
        postal_code: expect.any(String),
        country: expect.stringMatching(/^[A-Z]{2}$/),
      });
      expect(taxIdProblem(organization.tax_id!, organization.address!.country), seeded.name).toBeUndefined();
      expect(organization.registration_number, seeded.name).toBeTruthy();
      expect(ibanProblem(organization.payment_instructions!.iban!), seeded.name).toBeUndefined();
    }
  });

  it("make the demo key's first invoice legally complete, with the EPC QR code", async () => {
    const apiKey = demo.organizations[0]!.apiKey; // the key `npm run dev` writes to .local/dev.json
    const client = await call('create-client', {
      token: apiKey,
      body: { name: 'Acme Corp', email: 'billing@acme.example', country: 'US' },
    });
    expect(client.status, client.text).toBe(201);
    const created = await call('create-invoice', {
      token: apiKey,
      body: {
        client: client.json.id,
        line_items: [{ description: 'Consulting', quantity: 10, unit_price: '150.00', tax_rate: '10.00' }],
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.currency).toBe('EUR');
    expect(created.json.seller).toMatchObject({ tax_id: 'DE136695976', registration_number: expect.any(String) });
    const sent = await call('send-invoice', { token: apiKey, params: { id: created.json.id }, body: {} });
    expect(sent.status, sent.text).toBe(200);
    const token = new URL(created.json.public_url).pathname.split('/').at(-2)!;
    const page = (await call('view-public-invoice', { params: { token } })).text;
    for (const detail of ['Acme Studio GmbH', 'DE136695976', 'HRB 123456', 'DE89 3704 0044 0532 0130 00', 'Berlin'])
      expect(page, detail).toContain(detail);
    expect(page).toMatch(/<figure><svg[^>]*>/);
  }, 60_000);
});
