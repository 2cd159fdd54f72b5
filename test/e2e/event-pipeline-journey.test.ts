// What the event pipeline does behind the writes: the revenue report kept up to date (and the rebuild
// command agreeing with it), webhooks delivered to a subscriber and verifiable, and any stored text
// carried byte-exact to a receiver.
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, it } from 'vitest';
import { TSX, until, useLocalRuntime } from '#test/e2e/support/local-runtime';

const runtime = useLocalRuntime();
const { api } = runtime;

type Delivery = { headers: Record<string, string>; body: string };

const listen = (receiver: Server) => new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = (receiver: Server, path: string) =>
  `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${path}`;
async function close(receiver: Server) {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
}

/** A receiver that answers 204 and keeps each delivery's headers and body. */
function deliveryRecorder() {
  const received: Delivery[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(204);
      res.end();
    });
  });
  return { received, receiver };
}

/** A client's invoice, sent and paid in full in cash. */
async function sendAndPayInvoice(own: string) {
  const client = await api('POST', '/api/v1/clients/', {
    token: own,
    body: { name: 'Hooked', email: 'h@x.example' },
  });
  const { json: invoice } = await api('POST', '/api/v1/invoices/', {
    token: own,
    body: {
      client: client.json.id,
      line_items: [{ description: 'x', quantity: 1, unit_price: '10.00', tax_rate: '0' }],
    },
  });
  await api('POST', `/api/v1/invoices/${invoice.id}/send/`, { token: own, body: { email: 'h@x.example' } });
  await api('POST', `/api/v1/invoices/${invoice.id}/payments/`, {
    token: own,
    body: { amount: '10.00', method: 'cash' },
  });
  return invoice as { id: string };
}

/** Each delivery verified with the subscription's secret (verify throws on a bad signature). */
const verifiedEvents = (received: Delivery[], secret: string) => {
  const verifier = new Webhook(secret);
  return received.map(
    (delivery) =>
      verifier.verify(delivery.body, delivery.headers) as {
        id: string;
        type: string;
        data: { object: { id: string } };
      },
  );
};

/** A test delivery (ping), found in the delivery log, then retried: the receiver gets it twice. */
async function pingAndRetry(own: string, subscriptionId: string, received: Delivery[]) {
  const ping = await api('POST', `/api/v1/webhooks/${subscriptionId}/test/`, { token: own });
  expect(ping.status).toBe(202);
  await until(() => received.some((delivery) => delivery.headers['webhook-id'] === ping.json.event_id));
  const log = await api('GET', `/api/v1/webhooks/${subscriptionId}/deliveries/`, { token: own });
  expect(log.json.results.map((delivery: { event_type: string }) => delivery.event_type)).toContain('ping');
  const retried = await api('POST', `/api/v1/webhooks/${subscriptionId}/deliveries/${ping.json.event_id}/retry/`, {
    token: own,
  });
  expect(retried.status).toBe(202);
  await until(() => received.filter((delivery) => delivery.headers['webhook-id'] === ping.json.event_id).length === 2);
}

it('keeps the revenue report up to date from the event pipeline, seconds behind the writes', async () => {
  const own = runtime.info.organizations[1]!.api_key;
  const client = await api('POST', '/api/v1/clients/', {
    token: own,
    body: { name: 'Reported', email: 'r@x.example' },
  });
  const { json: invoice } = await api('POST', '/api/v1/invoices/', {
    token: own,
    body: {
      client: client.json.id,
      issue_date: '2024-02-10',
      due_date: '2024-03-10',
      currency: 'GBP',
      line_items: [{ description: 'x', quantity: 2, unit_price: '30.00', tax_rate: '0' }],
    },
  });
  // An invoice of 2024 in GBP: no ECB rate of then is stored, so it is issued at a rate given by hand.
  const books = (await api('GET', '/api/v1/organizations/me/', { token: own })).json.accounting_currency;
  const rate = books === 'GBP' ? {} : { exchange_rate: { rate: '1.25', from: 'GBP', to: books } };
  const sent = await api('POST', `/api/v1/invoices/${invoice.id}/send/`, {
    token: own,
    body: { email: 'r@x.example', ...rate },
  });
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  expect(
    (
      await api('POST', `/api/v1/invoices/${invoice.id}/payments/`, {
        token: own,
        body: { amount: '25.00', method: 'cash', paid_at: '2024-03-05T12:00:00Z' },
      })
    ).status,
  ).toBe(201);
  const query = '/api/v1/reports/revenue/?period=quarterly&start_date=2024-01-01&end_date=2024-03-31&currency=GBP';
  let seen = await api('GET', query, { token: own });
  for (let waited = 0; seen.json.totals[0]?.payment_count !== 1; waited += 200) {
    if (waited > 20_000) throw new Error(`the report did not catch up: ${JSON.stringify(seen.json)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    seen = await api('GET', query, { token: own });
  }
  expect(seen.json.rows).toEqual([
    {
      period_start: '2024-01-01',
      period_end: '2024-03-31',
      currency: 'GBP',
      invoiced: '60.00',
      credited: '0.00',
      collected: '25.00',
      refunded: '0.00',
      outstanding: '35.00',
      overdue: '35.00',
      invoice_count: 1,
      payment_count: 1,
    },
  ]);
  // The rebuild command, against this running stack, finds the aggregates the pipeline kept right.
  const { TABLE_NAME: _table, AWS_ENDPOINT_URL_DYNAMODB: _endpoint, ...env } = process.env;
  const rebuild = spawnSync(
    process.execPath,
    [TSX, 'infra/ops/rebuild-revenue.ts', runtime.info.organizations[1]!.id],
    {
      env: { ...env, DEV_STATE_DIR: runtime.stateDir },
      encoding: 'utf8',
    },
  );
  expect(rebuild.status, rebuild.stderr).toBe(0);
  expect(rebuild.stdout).toMatch(/\d+ month\(s\) recomputed, 0 difference\(s\)/);
});

it('delivers the invoice’s events to a subscriber, each verifiable with the subscription’s secret', async () => {
  const { received, receiver } = deliveryRecorder();
  await listen(receiver);
  try {
    const own = runtime.info.organizations[2]!.api_key;
    const subscription = await api('POST', '/api/v1/webhooks/', {
      token: own,
      body: { url: receiverUrl(receiver, '/hooks'), events: ['*'] },
    });
    expect(subscription.status).toBe(201);
    const invoice = await sendAndPayInvoice(own);
    const wanted = ['invoice.created', 'invoice.sent', 'payment.received', 'invoice.paid'];
    for (let waited = 0; waited < 20_000; waited += 200) {
      const kinds = received.map((delivery) => JSON.parse(delivery.body).type as string);
      if (wanted.every((kind) => kinds.includes(kind))) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const events = verifiedEvents(received, subscription.json.secret);
    const forInvoice = events.filter(
      (event) => event.data.object.id === invoice.id || event.type === 'payment.received',
    );
    for (const kind of wanted)
      expect(
        forInvoice.map((event) => event.type),
        kind,
      ).toContain(kind);
    for (const delivery of received) expect(delivery.headers['webhook-id']).toBe(JSON.parse(delivery.body).id);
    const deliveredIds = received.map((delivery) => delivery.headers['webhook-id']);
    expect(new Set(deliveredIds).size).toBe(deliveredIds.length);

    await pingAndRetry(own, subscription.json.id, received);
  } finally {
    await close(receiver);
  }
});

it('carries any stored text byte-exact through the event pipeline to a receiver, and keeps running', async () => {
  const text =
    'emoji 😀 only · 𐀀 𠀀 \u{E0001}\u{10FFFD} · controls \t\n\r\u007f\u0085' +
    ' · RTL \u200f\u202eLTR\u202c' +
    ' · ZWJ 👩\u200d💻 · \ufffd · Łódź Café ✓ · Tiếng Việt · 中文';
  const bodies: Buffer[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks));
      res.writeHead(204);
      res.end();
    });
  });
  await listen(receiver);
  try {
    const subscription = await api('POST', '/api/v1/webhooks/', {
      body: { url: receiverUrl(receiver, '/unicode'), events: ['client.created'] },
    });
    expect(subscription.status).toBe(201);
    const created = await api('POST', '/api/v1/clients/', { body: { name: text, email: 'unicode@x.example' } });
    expect(created.status).toBe(201);
    expect((await api('GET', `/api/v1/clients/${created.json.id}/`)).json.name).toBe(text);
    const delivered = () =>
      bodies.map((body) => JSON.parse(body.toString('utf8'))).find((event) => event.data.object.id === created.json.id);
    await until(() => delivered() !== undefined);
    expect(delivered().data.object.name).toBe(text);
    // What no XML 1.0 document can carry (a lone surrogate, C0 controls, U+FFFE) is refused where it
    // arrives, with the field named, and nothing is written.
    for (const unfit of ['half \ud83d a pair', 'bell \u0007', 'escape \u001b[31m', 'not \ufffe']) {
      const refused = await api('POST', '/api/v1/clients/', { body: { name: unfit, email: 'unfit@x.example' } });
      expect([refused.status, refused.json.error.code, Object.keys(refused.json.error.details.fields)]).toEqual([
        400,
        'validation_error',
        ['name'],
      ]);
    }
    // The sweeper's tick reads the same events again; the runtime lives on.
    expect((await fetch(`${runtime.info.api_base_url}/__local/jobs/outbox-sweeper/`, { method: 'POST' })).status).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(runtime.dev.exitCode).toBeNull();
    expect(runtime.output).not.toMatch(/unhandled failure|uncaught exception/);
  } finally {
    await close(receiver);
  }
});

it('reports an invoice e-mail to bounce@ as bounced, with a signed webhook, and refuses that address next', async () => {
  const { received, receiver } = deliveryRecorder();
  await listen(receiver);
  try {
    const own = runtime.info.organizations[2]!.api_key;
    const subscription = await api('POST', '/api/v1/webhooks/', {
      token: own,
      body: { url: receiverUrl(receiver, '/bounces'), events: ['invoice.email_bounced'] },
    });
    const address = 'bounce@simulator.amazonses.com';
    const client = await api('POST', '/api/v1/clients/', { token: own, body: { name: 'Bouncing', email: address } });
    const { json: invoice } = await api('POST', '/api/v1/invoices/', {
      token: own,
      body: {
        client: client.json.id,
        line_items: [{ description: 'x', quantity: 1, unit_price: '10.00', tax_rate: '0' }],
      },
    });
    expect((await api('POST', `/api/v1/invoices/${invoice.id}/send/`, { token: own })).status).toBe(200);
    await until(() => received.length > 0);
    const [event] = verifiedEvents(received, subscription.json.secret) as unknown as {
      type: string;
      data: { object: { id: string; sendings: { delivery_status: string }[] }; email: { to: string } };
    }[];
    expect(event).toMatchObject({
      type: 'invoice.email_bounced',
      data: { object: { id: invoice.id }, email: { to: address } },
    });
    const stored = await api('GET', `/api/v1/invoices/${invoice.id}/`, { token: own });
    expect(stored.json.sendings[0]).toMatchObject({ delivery_status: 'bounced', bounce_type: 'permanent' });
    const again = await api('POST', `/api/v1/invoices/${invoice.id}/reminders/`, { token: own });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: 'recipient_suppressed', details: { address } });
  } finally {
    await close(receiver);
  }
});

it('writes an export from export.created through the laptop’s bus, queue and worker, downloadable by its link', async () => {
  const own = runtime.info.organizations[0]!.api_key;
  const today = new Date().toISOString().slice(0, 10);
  const asked = await api('POST', '/api/v1/exports/', {
    token: own,
    body: { kind: 'clients', from: '2000-01-01', to: today },
  });
  expect(asked.status, JSON.stringify(asked.json)).toBe(202);
  let job = asked.json;
  for (let waited = 0; job.status !== 'completed'; waited += 200) {
    if (waited > 20_000 || job.status === 'failed')
      throw new Error(`the export did not complete: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    job = (await api('GET', `/api/v1/exports/${asked.json.id}/`, { token: own })).json;
  }
  // The link points at the laptop's object store: it opens without a credential, and only there.
  const link = new URL(job.download_url);
  expect(link.hostname).toBe('127.0.0.1');
  const file = await fetch(link);
  expect(file.status).toBe(200);
  const bytes = Buffer.from(await file.arrayBuffer());
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const text = bytes.subarray(3).toString('utf8');
  expect(text.split('\r\n')[0]).toBe(
    'id,name,email,phone,address,city,state,postal_code,country,tax_id,is_active,created_at',
  );
  expect(text.split('\r\n').filter(Boolean)).toHaveLength(job.rows_total + 1);
  // As S3 would: the same link for another file name, or without its signature, is refused.
  const renamed = new URL(link);
  renamed.searchParams.set('response-content-disposition', 'attachment; filename="other.csv"');
  for (const tampered of [renamed, new URL(`${link.origin}${link.pathname}`)])
    expect((await fetch(tampered)).status, tampered.href).toBe(403);
});
