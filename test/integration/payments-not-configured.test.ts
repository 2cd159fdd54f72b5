// A deployment that chose no payment provider: no payment links, no Pay button, and the sandbox's
// pages answer nothing, so nobody with a public link can mark an invoice paid.
import { beforeAll, describe, expect, it } from 'vitest';
import { createPaymentLink, sandboxProvider } from '#shared/payments/checkout';
import { call, db, invoiceBody, newTenant, tableItemCount } from '#test/support/api';

// Read by each handler's configuration when `call` first loads it, after this file's imports.
process.env.PAYMENT_PROVIDER = 'none';

let tenant: Awaited<ReturnType<typeof newTenant>>;
let invoice: { id: string; public_url: string };
beforeAll(async () => {
  tenant = await newTenant('No Payments');
  const client = await call('create-client', {
    token: tenant.apiKey,
    body: { name: 'Buyer', email: 'buyer@x.example' },
  });
  invoice = (await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(client.json.id) })).json;
  await call('send-invoice', { token: tenant.apiKey, params: { id: invoice.id }, body: { email: 'buyer@x.example' } });
});

const tokenOf = (url: string) => new URL(url).pathname.split('/').at(-2)!;

describe('a deployment without a payment provider', () => {
  it('refuses payment links with 409 payments_not_configured, says how to set up Stripe, writes nothing', async () => {
    const before = await tableItemCount();
    const refused = await call('create-payment-link', { token: tenant.apiKey, params: { id: invoice.id } });
    expect([refused.status, refused.json.error.code]).toEqual([409, 'payments_not_configured']);
    expect(refused.json.error.message).toMatch(/Stripe/);
    expect(await tableItemCount()).toBe(before);
  });

  it('shows the public page without a Pay button, and its pay action only leads back to the page', async () => {
    const page = await call('view-public-invoice', { params: { token: tokenOf(invoice.public_url) } });
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('action="pay/"');
    const before = await tableItemCount();
    const pay = await call('pay-public-invoice', { params: { token: tokenOf(invoice.public_url) } });
    expect([pay.status, pay.headers.location]).toEqual([303, invoice.public_url]);
    expect(await tableItemCount()).toBe(before);
  });

  it('answers the sandbox checkout pages with 404, even for a checkout left from a test-mode past', async () => {
    const leftOver = await createPaymentLink(
      {
        db,
        provider: sandboxProvider('http://invoices.test'),
        publicBaseUrl: 'http://invoices.test',
        linkTtlSeconds: 3600,
      },
      tenant.id,
      invoice.id,
    );
    const id = leftOver.id;
    expect((await call('view-sandbox-checkout', { params: { id } })).status).toBe(404);
    expect((await call('complete-sandbox-checkout', { params: { id, outcome: 'pay' } })).status).toBe(404);
    expect((await call('get-invoice', { token: tenant.apiKey, params: { id: invoice.id } })).json.status).toBe('sent');
  });
});
