// Paying online without Stripe: the public page, the PDF, the sandbox provider's checkout, and the
// payment it records through the same code path a provider's webhook uses.
import { parse } from 'content-disposition';
import { beforeAll, describe, expect, it } from 'vitest';
import { listEvents } from '#shared/data/events';
import { call, db, invoiceBody, newTenant } from '#test/support/api';
import { readPdf } from '#test/support/pdf';

let tenant: Awaited<ReturnType<typeof newTenant>>;
let clientId: string;
beforeAll(async () => {
  tenant = await newTenant('Paid Online');
  clientId = (await call('create-client', { token: tenant.apiKey, body: { name: 'Buyer', email: 'buyer@x.example' } }))
    .json.id;
});

const tokenOf = (invoice: { public_url: string }) => new URL(invoice.public_url).pathname.split('/').at(-2)!;
async function sentInvoice() {
  const { json } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
  await call('send-invoice', { token: tenant.apiKey, params: { id: json.id }, body: { email: 'buyer@x.example' } });
  return json as { id: string; public_url: string; invoice_number: string };
}
const checkoutIdOf = (url: string) => new URL(url).pathname.split('/').at(-2)!;

describe('the public invoice page', () => {
  it('shows the invoice by its token, with its totals and a Pay button while money is due', async () => {
    const invoice = await sentInvoice();
    const page = await call('view-public-invoice', { params: { token: tokenOf(invoice) } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    for (const text of [
      invoice.invoice_number,
      'Paid Online',
      'Buyer',
      '59.97',
      '4.95',
      '$64.92',
      'Design work',
      '<form method="post" action="pay/"',
    ])
      expect(page.text).toContain(text);
    expect(page.text).not.toContain('<script');
  });

  it('answers an unknown or malformed token with a 404 page', async () => {
    for (const token of ['A'.repeat(32), 'short', '../../etc']) {
      const page = await call('view-public-invoice', { params: { token } });
      expect(page.status).toBe(404);
      expect(page.text).toContain('Invoice not found');
    }
  });

  it('serves the PDF with the API’s figures', async () => {
    const invoice = await sentInvoice();
    const pdf = await call('download-public-invoice', { params: { token: tokenOf(invoice) } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(readPdf(pdf.bytes).text).toContain('64.92');
  });
});

describe('headers of public answers', () => {
  it('forbid framing, sniffing and referrers on every public page, the PDF, checkout page and redirects', async () => {
    const invoice = await sentInvoice();
    const pay = await call('pay-public-invoice', { params: { token: tokenOf(invoice) } });
    const answers = {
      page: await call('view-public-invoice', { params: { token: tokenOf(invoice) } }),
      missing: await call('view-public-invoice', { params: { token: 'A'.repeat(32) } }),
      pdf: await call('download-public-invoice', { params: { token: tokenOf(invoice) } }),
      pay,
      checkout: await call('view-sandbox-checkout', { params: { id: checkoutIdOf(pay.headers.location!) } }),
      exchange: await call('exchange-token', { body: { idp_token: 'x' } }),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.headers['content-security-policy'], name).toContain("frame-ancestors 'none'");
      expect(answer.headers['content-security-policy'], name).toContain("default-src 'none'");
      expect(answer.headers['content-security-policy'], name).not.toContain('script-src');
      expect(answer.headers['x-frame-options'], name).toBe('DENY');
      expect(answer.headers['x-content-type-options'], name).toBe('nosniff');
      expect(answer.headers['referrer-policy'], name).toBe('no-referrer');
    }
    expect(parse(answers.pdf.headers['content-disposition']!)).toEqual({
      type: 'inline',
      parameters: { filename: `${invoice.invoice_number}.pdf` },
    });
  });
});

describe('payment links with the sandbox provider', () => {
  it('answers url, provider, amount, currency and expiry for what is due', async () => {
    const invoice = await sentInvoice();
    await call('record-payment', {
      token: tenant.apiKey,
      params: { id: invoice.id },
      body: { amount: '4.92', method: 'cash' },
    });
    const link = await call('create-payment-link', { token: tenant.apiKey, params: { id: invoice.id } });
    expect(link.status).toBe(201);
    expect(link.json).toMatchObject({ provider: 'sandbox', amount: '60.00', currency: 'USD' });
    expect(link.json.url).toMatch(
      /^http:\/\/invoices\.test\/api\/v1\/public\/sandbox\/checkout\/chk_[A-Za-z0-9_-]{32}\/$/,
    );
    expect(Date.parse(link.json.expires_at) - Date.now()).toBeGreaterThan(23 * 3600_000);
  });

  it('gives every checkout an unguessable id: 20 links at once share no prefix and follow no order', async () => {
    const invoice = await sentInvoice();
    const links = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('create-payment-link', { token: tenant.apiKey, params: { id: invoice.id } }),
      ),
    );
    const ids = links.map((link) => checkoutIdOf(link.json.url));
    for (const id of ids) expect(id).toMatch(/^chk_[A-Za-z0-9_-]{32}$/);
    expect(new Set(ids.map((id) => id.slice(0, 10))).size).toBe(ids.length);
  });

  it('refuses drafts, void and paid invoices with 409 invalid_state', async () => {
    const { json: draft } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
    expect((await call('create-payment-link', { token: tenant.apiKey, params: { id: draft.id } })).status).toBe(409);
    await call('void-invoice', { token: tenant.apiKey, params: { id: draft.id } });
    expect((await call('create-payment-link', { token: tenant.apiKey, params: { id: draft.id } })).status).toBe(409);
  });

  it('pays the invoice through the sandbox page, once, however often the button is pressed', async () => {
    const invoice = await sentInvoice();
    const pay = await call('pay-public-invoice', { params: { token: tokenOf(invoice) } });
    expect(pay.status).toBe(303);
    const checkoutId = checkoutIdOf(pay.headers.location!);
    const page = await call('view-sandbox-checkout', { params: { id: checkoutId } });
    expect(page.text).toContain('64.92 USD');
    const presses: string[] = [];
    for (let press = 0; press < 2; press++) {
      const done = await call('complete-sandbox-checkout', { params: { id: checkoutId, outcome: 'pay' } });
      expect(done.status).toBe(303);
      expect(done.headers.location).toBe(`${invoice.public_url}?payment=succeeded`);
      presses.push(done.headers['x-request-id']!);
    }
    // A public route's writes carry its request id too: the first press is what paid.
    const { items: paidEvents } = await listEvents(db, tenant.id, {
      types: ['payment.received', 'invoice.paid'],
      limit: 10,
    });
    const ofThisInvoice = paidEvents.filter((event) => (event.data.object as { id: string }).id === invoice.id);
    expect(ofThisInvoice.map((event) => event.correlation_id)).toEqual([presses[0], presses[0]]);
    const paid = await call('get-invoice', { token: tenant.apiKey, params: { id: invoice.id } });
    expect(paid.json).toMatchObject({ status: 'paid', amount_due: '0.00' });
    const payments = await call('list-payments', { token: tenant.apiKey, params: { id: invoice.id } });
    expect(payments.json.results).toEqual([
      expect.objectContaining({ amount: '64.92', provider: 'sandbox', method: 'card' }),
    ]);
    const after = await call('view-public-invoice', { params: { token: tokenOf(invoice) } });
    expect(after.text).not.toContain('action="pay/"');
  });

  it('leaves the invoice unpaid when the sandbox payment fails', async () => {
    const invoice = await sentInvoice();
    const link = await call('create-payment-link', { token: tenant.apiKey, params: { id: invoice.id } });
    const failed = await call('complete-sandbox-checkout', {
      params: { id: checkoutIdOf(link.json.url), outcome: 'fail' },
    });
    expect(failed.headers.location).toBe(`${invoice.public_url}?payment=failed`);
    expect((await call('get-invoice', { token: tenant.apiKey, params: { id: invoice.id } })).json.status).toBe('sent');
  });
});
