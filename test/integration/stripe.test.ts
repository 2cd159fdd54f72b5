// The Stripe path with the real stripe SDK, pointed at a loopback stand-in for the Checkout endpoint,
// and webhook payloads signed with the SDK's own test header.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLambdaEndpoint } from '#infra/local/lambda-endpoint';
import { call, invoiceBody, newTenant, tableItemCount } from '#test/support/api';

const WEBHOOK_SECRET = 'whsec_test_secret';
const sessions: Record<string, string>[] = [];
const refunds: Record<string, string>[] = [];
/** What the stand-in answers to the next refund: Stripe's status, or a refusal. */
let nextRefund: 'pending' | 'succeeded' | 'refused' = 'pending';
let fake: Server;
let lambda: Awaited<ReturnType<typeof startLambdaEndpoint>>;

beforeAll(async () => {
  fake = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    if (req.method === 'POST' && req.url === '/v1/refunds') {
      // The SDK's idempotency key: the same key answers the same refund, as Stripe does.
      const key = String(req.headers['idempotency-key']);
      const known = refunds.findIndex((refund) => refund.idempotency === key);
      if (known < 0) refunds.push({ ...form, idempotency: key, status: nextRefund });
      const index = known < 0 ? refunds.length - 1 : known;
      const refund = refunds[index]!;
      if (refund.status === 'refused') {
        res.writeHead(400, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Charge already refunded' } }),
        );
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          id: `re_test_${index + 1}`,
          object: 'refund',
          amount: Number(form.amount),
          status: refund.status,
        }),
      );
    }
    if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown' } }));
    }
    sessions.push({
      ...form,
      authorization: String(req.headers.authorization),
      idempotency: String(req.headers['idempotency-key']),
    });
    const id = `cs_test_${sessions.length}`;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        expires_at: Number(form.expires_at),
        metadata: {},
      }),
    );
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
  });
  // The payment gateway reads Stripe's keys when it loads: this file runs its own, with the keys above,
  // behind its own Lambda endpoint, and the routes invoke it there.
  lambda = await startLambdaEndpoint();
  process.env.AWS_ENDPOINT_URL_LAMBDA = lambda.endpoint;
});
afterAll(async () => {
  await lambda.stop();
  await new Promise((resolve) => fake.close(resolve));
});

const stripe = new Stripe('sk_test_local');
const signedEvent = (event: object, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  return {
    raw: payload,
    headers: { 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }) },
  };
};
const completed = (id: string, invoice: { id: string }, organizationId: string, amount: number) => ({
  id,
  object: 'event',
  type: 'checkout.session.completed',
  created: Math.floor(Date.now() / 1000),
  data: {
    object: {
      id: 'cs_test_1',
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: amount,
      currency: 'usd',
      payment_intent: 'pi_test_1',
      metadata: { organization_id: organizationId, invoice_id: invoice.id },
    },
  },
});

describe('Stripe', () => {
  it('creates a Checkout session for what is due, carrying the organization and invoice ids', async () => {
    const tenant = await newTenant('Stripe Shop');
    const client = (await call('create-client', { token: tenant.apiKey, body: { name: 'C', email: 'c@x.example' } }))
      .json.id;
    const { json: invoice } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(client) });
    await call('send-invoice', { token: tenant.apiKey, params: { id: invoice.id }, body: { email: 'c@x.example' } });
    const link = await call('create-payment-link', { token: tenant.apiKey, params: { id: invoice.id } });
    expect(link.status).toBe(201);
    expect(link.json).toMatchObject({ provider: 'stripe', amount: '64.92', currency: 'USD' });
    expect(link.json.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    const session = sessions.at(-1)!;
    expect(session).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '6492',
      'line_items[0][price_data][currency]': 'usd',
      'metadata[organization_id]': tenant.id,
      'metadata[invoice_id]': invoice.id,
      authorization: 'Bearer sk_test_local',
    });
    expect(session.success_url).toBe(`${invoice.public_url}?payment=succeeded`);
  });

  it('records a paid session once, however often Stripe delivers the event', async () => {
    const tenant = await newTenant('Stripe Webhooks');
    const client = (await call('create-client', { token: tenant.apiKey, body: { name: 'C', email: 'c@x.example' } }))
      .json.id;
    const { json: invoice } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(client) });
    await call('send-invoice', { token: tenant.apiKey, params: { id: invoice.id }, body: { email: 'c@x.example' } });
    const event = completed('evt_test_once', invoice, tenant.id, 6492);
    const first = await call('stripe-webhook', signedEvent(event));
    expect([first.status, first.json.outcome]).toEqual([200, 'recorded']);
    const again = await call('stripe-webhook', signedEvent(event));
    expect([again.status, again.json.outcome]).toEqual([200, 'duplicate']);
    const payments = await call('list-payments', { token: tenant.apiKey, params: { id: invoice.id } });
    expect(payments.json.results).toEqual([
      expect.objectContaining({ amount: '64.92', provider: 'stripe', reference: 'pi_test_1' }),
    ]);
    expect((await call('get-invoice', { token: tenant.apiKey, params: { id: invoice.id } })).json.status).toBe('paid');
  });

  it('refuses a forged signature with 400 and records nothing', async () => {
    const tenant = await newTenant('Stripe Forgery');
    const client = (await call('create-client', { token: tenant.apiKey, body: { name: 'C', email: 'c@x.example' } }))
      .json.id;
    const { json: invoice } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(client) });
    await call('send-invoice', { token: tenant.apiKey, params: { id: invoice.id }, body: { email: 'c@x.example' } });
    const before = await tableItemCount();
    const forged = await call(
      'stripe-webhook',
      signedEvent(completed('evt_forged', invoice, tenant.id, 6492), 'whsec_attacker'),
    );
    expect([forged.status, forged.json.error.code]).toEqual([400, 'validation_error']);
    const unsigned = await call('stripe-webhook', {
      raw: JSON.stringify(completed('evt_unsigned', invoice, tenant.id, 6492)),
    });
    expect(unsigned.status).toBe(400);
    expect(await tableItemCount()).toBe(before);
    expect((await call('get-invoice', { token: tenant.apiKey, params: { id: invoice.id } })).json.status).toBe('sent');
  });

  it('refunds a credit note through Stripe, idempotently, and settles it when Stripe confirms', async () => {
    const tenant = await newTenant('Stripe Refunds');
    const client = (await call('create-client', { token: tenant.apiKey, body: { name: 'C', email: 'c@x.example' } }))
      .json.id;
    const { json: invoice } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(client) });
    await call('send-invoice', { token: tenant.apiKey, params: { id: invoice.id }, body: { email: 'c@x.example' } });
    await call('stripe-webhook', signedEvent(completed('evt_paid_for_refund', invoice, tenant.id, 6492)));
    const note = (
      await call('create-credit-note', {
        token: tenant.apiKey,
        params: { id: invoice.id },
        body: { amount: '20.00', description: 'Returned', reason: 'order_change' },
      })
    ).json;
    nextRefund = 'pending';
    const issued = await call('create-refund', {
      token: tenant.apiKey,
      params: { id: note.id },
      body: { amount: '15.00', refund_via: 'stripe' },
    });
    expect(issued.status, issued.text).toBe(201);
    expect(issued.json).toMatchObject({
      status: 'pending',
      provider: 'stripe',
      reference: 'pi_test_1',
      amount: '15.00',
    });
    expect(refunds.at(-1)).toMatchObject({
      payment_intent: 'pi_test_1',
      amount: '1500',
      'metadata[refund_id]': issued.json.id,
      'metadata[credit_note_id]': note.id,
      idempotency: issued.json.id,
    });
    // Pending money is reserved: only 5.00 is left to refund meanwhile.
    const meanwhile = await call('get-invoice', { token: tenant.apiKey, params: { id: invoice.id } });
    expect([meanwhile.json.amount_refunded, meanwhile.json.amount_refundable]).toEqual(['15.00', '5.00']);
    const confirmed = {
      id: 'evt_refund_ok',
      object: 'event',
      type: 'refund.updated',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 're_test_1',
          object: 'refund',
          status: 'succeeded',
          metadata: { organization_id: tenant.id, credit_note_id: note.id, refund_id: issued.json.id },
        },
      },
    };
    expect((await call('stripe-webhook', signedEvent(confirmed))).json.outcome).toBe('recorded');
    expect((await call('stripe-webhook', signedEvent(confirmed))).json.outcome).toBe('duplicate');
    const events = (await call('list-events', { token: tenant.apiKey, query: { limit: '100' } })).json.results;
    const succeeded = events.filter((event: { type: string }) => event.type === 'refund.succeeded');
    expect(succeeded.map((event: { data: { refund: { id: string; status: string } } }) => event.data.refund)).toEqual([
      expect.objectContaining({ id: issued.json.id, status: 'succeeded' }),
    ]);

    // Stripe refuses the next one: it fails at once, and the money is owed back again.
    nextRefund = 'refused';
    const refused = await call('create-refund', {
      token: tenant.apiKey,
      params: { id: note.id },
      body: { amount: '5.00', refund_via: 'stripe' },
    });
    expect(refused.json.status).toBe('failed');
    const after = await call('get-invoice', { token: tenant.apiKey, params: { id: invoice.id } });
    expect([after.json.amount_refunded, after.json.amount_refundable]).toEqual(['15.00', '5.00']);
    const failed = (await call('list-events', { token: tenant.apiKey, query: { limit: '100' } })).json.results.filter(
      (event: { type: string }) => event.type === 'refund.failed',
    );
    expect(failed).toHaveLength(1);

    const beyond = await call('create-refund', {
      token: tenant.apiKey,
      params: { id: note.id },
      body: { amount: '5.01', refund_via: 'stripe' },
    });
    expect([beyond.status, beyond.json.error.code]).toEqual([400, 'validation_error']);
  });

  it('acknowledges events it does not act on', async () => {
    const ignored = await call(
      'stripe-webhook',
      signedEvent({ id: 'evt_other', object: 'event', type: 'customer.created', created: 1, data: { object: {} } }),
    );
    expect([ignored.status, ignored.json.outcome]).toEqual([200, 'ignored']);
  });
});
