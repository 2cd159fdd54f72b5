// E-mail delivery status (docs/collections.md): every e-mail goes through the configuration set; the
// local SES path publishes SES's events for the mailbox simulator's addresses onto the status queue,
// whose worker records each sending's status, writes the webhook events and suppresses addresses that
// bounce hard or complain. The worker is also fed SES's documented event shapes directly: repeats,
// reports out of order, and mail the service did not send.
import { SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { startQueuePoller, type Loop } from '#infra/local/pipeline';
import { addDays } from '#shared/domain/dates';
import { call, invoiceBody, newTenant } from '#test/support/api';
import {
  bounceRecord,
  complaintRecord,
  delayRecord,
  deliveryRecord,
  onBus,
  rejectRecord,
  sendRecord,
  sesMail,
  sqsEventOf,
} from '#test/support/ses-events';

vi.hoisted(() => {
  // This file's e-mails go through the laptop's configuration set (infra/local/ses-events.ts).
  process.env.EMAIL_CONFIGURATION_SET = 'invoicing-local';
});

type Tenant = Awaited<ReturnType<typeof newTenant>>;
const SIMULATOR = 'simulator.amazonses.com';
let tenant: Tenant;
let clientId: string;
let poller: Loop;
const sqs = new SQSClient({ endpoint: inject('sqsEndpoint'), useQueueUrlAsEndpoint: false });

const worker = async () => (await import('#functions/email-status/handler')).handler;

beforeAll(async () => {
  tenant = await newTenant('Mailing');
  clientId = (await call('create-client', { token: tenant.apiKey, body: { name: 'Kunde', email: 'k@kunde.example' } }))
    .json.id;
  // The queue's consumer, as the local runtime runs it.
  poller = startQueuePoller(sqs, inject('emailStatusQueue'), await worker(), 10);
});

afterAll(async () => {
  await poller.stop();
  sqs.destroy();
  delete process.env.EMAIL_CONFIGURATION_SET;
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let waited = 0; ; waited += 100) {
    const value = await read();
    if (done(value) || waited > 15_000) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const draft = async (who: Tenant = tenant, client = clientId) =>
  (await call('create-invoice', { token: who.apiKey, body: invoiceBody(client) })).json as { id: string };
const invoiceOf = async (id: string, who: Tenant = tenant) =>
  (await call('get-invoice', { token: who.apiKey, params: { id } })).json;
const eventsOf = async (type: string, who: Tenant = tenant) =>
  (await call('list-events', { token: who.apiKey, query: { type } })).json.results as {
    data: { object: { id: string }; email: Record<string, unknown> };
  }[];
const suppressions = async (who: Tenant = tenant) =>
  (await call('list-email-suppressions', { token: who.apiKey })).json.results as Record<string, unknown>[];
const send = (id: string, email: string, extra: Record<string, unknown> = {}) =>
  call('send-invoice', { token: tenant.apiKey, params: { id }, body: { email, ...extra } });
const statusOf = (id: string, at = 0) =>
  until(
    () => invoiceOf(id),
    (invoice) => !['sent', undefined].includes(invoice.sendings[at]?.delivery_status),
  );

describe('through the local configuration set', () => {
  it('an invoice to success@ is delivered, with invoice.email_delivered', async () => {
    const { id } = await draft();
    expect((await send(id, `success@${SIMULATOR}`)).status).toBe(200);
    const invoice = await statusOf(id);
    expect(invoice.sendings[0]).toMatchObject({
      to: `success@${SIMULATOR}`,
      delivery_status: 'delivered',
      bounce_type: null,
    });
    expect(Date.parse(invoice.sendings[0].delivery_status_at)).toBeGreaterThanOrEqual(
      Date.parse(invoice.sendings[0].sent_at),
    );
    const events = (await eventsOf('invoice.email_delivered')).filter((event) => event.data.object.id === id);
    expect(events).toHaveLength(1);
    expect(events[0]!.data.email).toMatchObject({
      to: `success@${SIMULATOR}`,
      message_id: invoice.sendings[0].message_id,
      delivery_status: 'delivered',
    });
    expect(await suppressions()).toEqual([]);
  });

  it('bounce@ bounces hard: suppressed, 409 naming it, sent with force, sendable again once lifted', async () => {
    const address = `bounce@${SIMULATOR}`;
    const { id } = await draft();
    expect((await send(id, address)).status).toBe(200);
    const invoice = await statusOf(id);
    expect(invoice.sendings[0]).toMatchObject({ delivery_status: 'bounced', bounce_type: 'permanent' });
    expect((await eventsOf('invoice.email_bounced')).map((event) => event.data.object.id)).toContain(id);
    expect(await suppressions()).toEqual([
      {
        address,
        reason: 'bounce',
        created_at: expect.any(String),
        message_id: invoice.sendings[0].message_id,
        document: { kind: 'invoice', id },
      },
    ]);

    // Every way of mailing the address is refused, in any letter case, and nothing is recorded.
    const refused = await call('send-reminder', {
      token: tenant.apiKey,
      params: { id },
      body: { email: `BOUNCE@${SIMULATOR}` },
    });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      error: { code: 'recipient_suppressed', details: { address: `BOUNCE@${SIMULATOR}` } },
    });
    expect(refused.json.error.message).toContain(`BOUNCE@${SIMULATOR}`);
    expect((await invoiceOf(id)).sendings).toHaveLength(1);
    const other = await draft();
    expect((await send(other.id, address)).status).toBe(409);
    expect((await invoiceOf(other.id)).status).toBe('draft');

    const forced = await call('send-reminder', {
      token: tenant.apiKey,
      params: { id },
      body: { email: address, force: true },
    });
    expect(forced.status).toBe(201);
    expect(await suppressions()).toHaveLength(1);

    const lifted = await call('delete-email-suppression', { token: tenant.apiKey, params: { address } });
    expect(lifted.status).toBe(204);
    expect(await suppressions()).toEqual([]);
    expect((await send(other.id, address)).status).toBe(200);
    const again = await call('delete-email-suppression', { token: tenant.apiKey, params: { address: 'x@y.example' } });
    expect(again.status).toBe(404);
    await until(suppressions, (list) => list.length === 1);
  });

  it('complaint@ is delivered, then complained of: suppressed as a complaint', async () => {
    const address = `complaint@${SIMULATOR}`;
    const { id } = await draft();
    await send(id, address);
    const invoice = await until(
      () => invoiceOf(id),
      (current) => current.sendings[0].delivery_status === 'complained',
    );
    expect(invoice.sendings[0].delivery_status).toBe('complained');
    const delivered = (await eventsOf('invoice.email_delivered')).filter((event) => event.data.object.id === id);
    const complained = (await eventsOf('invoice.email_complained')).filter((event) => event.data.object.id === id);
    expect([delivered.length, complained.length]).toEqual([1, 1]);
    expect((await suppressions()).find((entry) => entry.address === address)).toMatchObject({ reason: 'complaint' });
  });

  it('a credit note to suppressionlist@ bounces hard, with credit_note.email_bounced', async () => {
    const { id } = await draft();
    await send(id, `ooto@${SIMULATOR}`);
    expect((await statusOf(id)).sendings[0].delivery_status).toBe('delivered');
    const note = await call('create-credit-note', {
      token: tenant.apiKey,
      params: { id },
      body: { reason: 'other', amount: '1.00', description: 'Goodwill' },
    });
    expect(note.status, note.text).toBe(201);
    const address = `suppressionlist@${SIMULATOR}`;
    const sent = await call('send-credit-note', {
      token: tenant.apiKey,
      params: { id: note.json.id },
      body: { email: address },
    });
    expect(sent.status).toBe(200);
    const credited = await until(
      async () => (await call('get-credit-note', { token: tenant.apiKey, params: { id: note.json.id } })).json,
      (current) => current.sendings[0].delivery_status !== 'sent',
    );
    expect(credited.sendings[0]).toMatchObject({ to: address, delivery_status: 'bounced', bounce_type: 'permanent' });
    const events = (await eventsOf('credit_note.email_bounced')).filter(
      (event) => event.data.object.id === note.json.id,
    );
    expect(events).toHaveLength(1);
    expect((await suppressions()).find((entry) => entry.address === address)).toMatchObject({
      reason: 'bounce',
      document: { kind: 'credit_note', id: note.json.id },
    });
  });

  it('a quote to success@ is delivered, and one to bounce@ bounces and suppresses the address', async () => {
    const pageVersion = async (token: string) =>
      /name="version" value="(\d+)"/.exec((await call('view-public-quote', { params: { token } })).text)![1]!;
    let shown = '';
    const quoteTo = async (email: string) => {
      const created = await call('create-quote', {
        token: tenant.apiKey,
        body: {
          client: clientId,
          expiry_date: '2099-12-31',
          line_items: [{ description: 'Plan', quantity: 1, unit_price: '10.00', tax_rate: '0' }],
        },
      });
      const sent = await call('send-quote', { token: tenant.apiKey, params: { id: created.json.id }, body: { email } });
      expect(sent.status, sent.text).toBe(200);
      shown = await pageVersion(new URL(created.json.public_url).pathname.split('/').at(-2)!);
      return until(
        async () => (await call('get-quote', { token: tenant.apiKey, params: { id: created.json.id } })).json,
        (current) => current.sendings[0].delivery_status !== 'sent',
      );
    };
    const delivered = await quoteTo(`success@${SIMULATOR}`);
    expect(delivered.sendings[0]).toMatchObject({ delivery_status: 'delivered' });
    // A delivery report is bookkeeping: the form of a page opened before it still takes its answer.
    const token = new URL(delivered.public_url).pathname.split('/').at(-2)!;
    expect(await pageVersion(token)).toBe(shown);
    const answered = await call('answer-public-quote', {
      params: { token },
      raw: new URLSearchParams({ decision: 'accept', version: shown }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answered.headers.location).not.toContain('notice=stale');
    expect((await call('get-quote', { token: tenant.apiKey, params: { id: delivered.id } })).json.status).toBe(
      'accepted',
    );
    const address = `bounce@${SIMULATOR}`;
    await call('delete-email-suppression', { token: tenant.apiKey, params: { address } });
    const bounced = await quoteTo(address);
    expect(bounced.sendings[0]).toMatchObject({ delivery_status: 'bounced', bounce_type: 'permanent' });
    const events = (await eventsOf('quote.email_bounced')).filter((event) => event.data.object.id === bounced.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.data.email).toMatchObject({ to: address, delivery_status: 'bounced' });
    expect((await suppressions()).find((entry) => entry.address === address)).toMatchObject({
      reason: 'bounce',
      document: { kind: 'quote', id: bounced.id },
    });
  });

  it("a reminder's delivery shows in the reminders list", async () => {
    const { id } = await draft();
    await send(id, `success@${SIMULATOR}`);
    await call('send-reminder', { token: tenant.apiKey, params: { id }, body: { email: `success+late@${SIMULATOR}` } });
    const reminders = await until(
      async () => (await call('list-reminders', { token: tenant.apiKey, params: { id } })).json.results,
      (list: { delivery_status: string }[]) => list[0]?.delivery_status === 'delivered',
    );
    expect(reminders).toEqual([
      expect.objectContaining({ step: null, to: `success+late@${SIMULATOR}`, delivery_status: 'delivered' }),
    ]);
    const invoice = await invoiceOf(id);
    expect(invoice.sendings.map((sending: { delivery_status: string }) => sending.delivery_status)).toEqual([
      'delivered',
      'delivered',
    ]);
  });
});

describe('the worker, given SES events as documented', () => {
  // From here on only these events reach the worker: the local path's stay on the queue.
  beforeAll(() => poller.stop());

  /** An invoice of a tenant of its own, sent. */
  async function sentInvoice(name: string) {
    const own = await newTenant(name);
    const client = await call('create-client', { token: own.apiKey, body: { name: 'B', email: 'b@b.example' } });
    const { id } = await draft(own, client.json.id);
    await call('send-invoice', { token: own.apiKey, params: { id }, body: {} });
    const invoice = await invoiceOf(id, own);
    const tags = { organization_id: [own.id], document_kind: ['invoice'], document_id: [id] };
    return { own, id, mail: sesMail(invoice.sendings[0].message_id, ['b@b.example'], tags) };
  }
  const handle = async (records: Parameters<typeof onBus>[0][], receiveCount = 1) =>
    (await worker())(sqsEventOf(records.map(onBus), receiveCount));

  it('takes reports in any order, any number of times: status moves forward, one event each', async () => {
    const { own, id, mail } = await sentInvoice('Reports');
    const answers = [
      await handle([sendRecord(mail), deliveryRecord(mail)]),
      await handle([delayRecord(mail), deliveryRecord(mail)]),
      await handle([deliveryRecord(mail)]),
    ];
    expect(answers.every((answer) => answer.batchItemFailures.length === 0)).toBe(true);
    const invoice = await invoiceOf(id, own);
    expect(invoice.sendings[0]).toMatchObject({
      delivery_status: 'delivered',
      delivery_status_at: '2026-11-26T09:15:01.500Z',
    });
    expect(await eventsOf('invoice.email_delivered', own)).toHaveLength(1);
    await handle([complaintRecord(mail), complaintRecord(mail)]);
    expect((await invoiceOf(id, own)).sendings[0].delivery_status).toBe('complained');
    expect(await eventsOf('invoice.email_complained', own)).toHaveLength(1);
    expect(await suppressions(own)).toEqual([expect.objectContaining({ address: 'b@b.example', reason: 'complaint' })]);
  });

  it('a soft bounce SES gave up on is a bounce, but suppresses nothing; a reject announces nothing', async () => {
    const soft = await sentInvoice('Soft');
    await handle([bounceRecord(soft.mail, 'Transient', 'MailboxFull')]);
    expect((await invoiceOf(soft.id, soft.own)).sendings[0]).toMatchObject({
      delivery_status: 'bounced',
      bounce_type: 'transient',
    });
    expect(await eventsOf('invoice.email_bounced', soft.own)).toHaveLength(1);
    expect(await suppressions(soft.own)).toEqual([]);

    const rejected = await sentInvoice('Rejected');
    await handle([rejectRecord(rejected.mail)]);
    expect((await invoiceOf(rejected.id, rejected.own)).sendings[0].delivery_status).toBe('rejected');
    const announced = await call('list-events', {
      token: rejected.own.apiKey,
      query: { type: 'invoice.email_bounced,invoice.email_delivered' },
    });
    expect(announced.json.results).toEqual([]);
  });

  it('lets mail it did not send pass, and waits a little for a sending not yet recorded', async () => {
    const { own, id, mail } = await sentInvoice('Early');
    const foreign = sesMail('0100-foreign', ['x@x.example'], {});
    expect((await handle([deliveryRecord(foreign)])).batchItemFailures).toEqual([]);
    const early = { ...mail, messageId: 'not-recorded-yet' };
    expect((await handle([deliveryRecord(early)])).batchItemFailures).toHaveLength(1);
    expect((await handle([deliveryRecord(early)], 5)).batchItemFailures).toEqual([]);
    const otherTenant = sesMail(mail.messageId, ['b@b.example'], {
      organization_id: [tenant.id],
      document_kind: ['invoice'],
      document_id: [id],
    });
    // Tags naming another organization find no such invoice there: nothing changes anywhere.
    expect((await handle([bounceRecord(otherTenant)])).batchItemFailures).toEqual([]);
    expect((await invoiceOf(id, own)).sendings[0].delivery_status).toBe('sent');
    expect(await suppressions()).not.toContainEqual(expect.objectContaining({ address: 'b@b.example' }));
  });
});

describe('the reminder schedule', () => {
  it("passes a suppressed client's step, mailing nothing, and lists it as suppressed", async () => {
    const own = await newTenant('Schedule');
    const policy = { enabled: true, steps: [{ offset_days: 0 }, { offset_days: 7 }] };
    expect((await call('update-organization', { token: own.apiKey, body: { reminder_policy: policy } })).status).toBe(
      200,
    );
    const client = await call('create-client', { token: own.apiKey, body: { name: 'C', email: 'gone@c.example' } });
    const today = new Date().toISOString().slice(0, 10);
    // Steps after the day of sending count: the first comes tomorrow, on the due date.
    const due = addDays(today, 1);
    const created = await call('create-invoice', {
      token: own.apiKey,
      body: invoiceBody(client.json.id, { issue_date: today, due_date: due }),
    });
    const { id } = created.json;
    await call('send-invoice', { token: own.apiKey, params: { id }, body: {} });
    const sent = await invoiceOf(id, own);
    const tags = { organization_id: [own.id], document_kind: ['invoice'], document_id: [id] };
    await (await worker())(
      sqsEventOf([onBus(bounceRecord(sesMail(sent.sendings[0].message_id, ['gone@c.example'], tags)))]),
    );
    const { handler: sweep } = await import('#functions/reminder-sweeper/handler');
    const swept = await sweep({ now: `${due}T12:00:00.000Z` });
    expect(swept.suppressed).toBeGreaterThanOrEqual(1);
    const reminders = (await call('list-reminders', { token: own.apiKey, params: { id } })).json.results;
    expect(reminders).toEqual([
      expect.objectContaining({ step: 1, to: 'gone@c.example', delivery_status: 'suppressed' }),
    ]);
    expect((await invoiceOf(id, own)).sendings).toHaveLength(1);
  });
});

describe('the suppression list', () => {
  it('refuses an address that is not one, pages with a cursor, and is each organization’s own', async () => {
    const bad = await call('delete-email-suppression', { token: tenant.apiKey, params: { address: 'not-an-address' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.fields).toHaveProperty('address');
    const first = await call('list-email-suppressions', { token: tenant.apiKey, query: { limit: '1' } });
    expect(first.json.results).toHaveLength(1);
    expect(first.json.next).toEqual(expect.stringContaining('cursor='));
    const other = await newTenant('Elsewhere');
    expect(await suppressions(other)).toEqual([]);
    const address = first.json.results[0].address;
    expect((await call('delete-email-suppression', { token: other.apiKey, params: { address } })).status).toBe(404);
    expect((await suppressions()).map((entry) => entry.address)).toContain(address);
  });
});
