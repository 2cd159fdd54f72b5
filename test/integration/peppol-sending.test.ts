// An invoice sent over Peppol, through the send route, the Peppol queue's worker and the status
// route, against the local network driven as Storecove: queued in the request, transmitted once by the
// worker with the bytes of ?format=peppol, delivered by the network's report; refusals final, passing
// faults tried again, nothing transmitted twice, no status moving back.
import { createHash } from 'node:crypto';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newTenant } from '#test/support/api';
import { austrianSeller, euInvoice, frenchBuyer } from '#test/support/eu-invoice';
import {
  outboxEvents as allEvents,
  fault,
  type Handler,
  network,
  peppolWorker,
  queuedMessage as queued,
  queueUrl,
  receive,
  received,
  ring,
  sqs,
} from '#test/support/peppol-queue';

let worker: Handler;

let tenant: Awaited<ReturnType<typeof newTenant>>;
let reachable: string;
beforeAll(async () => {
  worker = await peppolWorker();
  tenant = await newTenant('Peppol sender');
  await call('update-organization', {
    token: tenant.ownerToken,
    body: { ...austrianSeller, default_currency: 'EUR', peppol_id: '9914:ATU13585627' },
  });
  reachable = (
    await call('create-client', { token: tenant.apiKey, body: { ...frenchBuyer, peppol_id: '0208:0123456749' } })
  ).json.id;
});

const draft = async (client = reachable, extra: object = { buyer_reference: 'PO-2026-77' }) => {
  const created = await call('create-invoice', {
    token: tenant.apiKey,
    body: { client, issue_date: '2026-11-02', due_date: '2026-12-02', ...euInvoice(), ...extra },
  });
  expect(created.status, created.text).toBe(201);
  return created.json.id as string;
};
const send = (id: string, body: object = { channel: 'peppol' }) =>
  call('send-invoice', { token: tenant.apiKey, params: { id }, body });
const invoiceOf = async (id: string) => (await call('get-invoice', { token: tenant.apiKey, params: { id } })).json;
const peppolSendings = async (id: string) =>
  (await invoiceOf(id)).sendings.filter((sending: { channel: string }) => sending.channel === 'peppol');
const outboxEvents = (type: string) => allEvents(tenant.id, type);
const queuedMessage = (invoiceId: string) => queued(tenant.id, 'invoice.peppol_queued', invoiceId);
const settled = async (invoiceId: string, status: string) => {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    await ring();
    const [sending] = await peppolSendings(invoiceId);
    if (sending.status === status) return sending;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never ${status}`);
};

describe('POST /invoices/{id}/send/ with channel peppol', () => {
  it('queues the sending in the request, the worker transmits it once, and the network reports it delivered', async () => {
    const id = await draft();
    const before = (await received()).length;
    const sent = await send(id);
    expect([sent.status, sent.json.channel, sent.json.sending.status, sent.json.sent_to]).toEqual([
      200,
      'peppol',
      'queued',
      '0208:0123456749',
    ]);
    // Nothing goes over the wire inside the request; the draft is issued as by e-mail.
    expect((await received()).length).toBe(before);
    expect((await invoiceOf(id)).status).toBe('sent');
    expect((await outboxEvents('invoice.sent')).some((event) => (event.data.object as { id: string }).id === id)).toBe(
      true,
    );

    const message = await queuedMessage(id);
    expect((await worker(message)).batchItemFailures).toEqual([]);
    // A redelivered message (a worker that died after transmitting) transmits nothing new.
    expect((await worker(message)).batchItemFailures).toEqual([]);
    const [transmitted] = await peppolSendings(id);
    const ubl = await call('get-invoice-e-invoice', {
      token: tenant.apiKey,
      params: { id },
      query: { format: 'peppol' },
    });
    expect(transmitted).toMatchObject({
      id: sent.json.sending.id,
      status: 'sent',
      sha256: createHash('sha256').update(ubl.bytes).digest('hex'),
    });
    expect(transmitted.transmission_id).toEqual(expect.any(String));
    // Issuing over Peppol makes the payment reference too, and the transmitted document carries it (BT-83).
    const { payment_reference } = await invoiceOf(id);
    expect(payment_reference).toMatch(/^RF\d{2} /);
    expect(ubl.text).toContain(`<cbc:PaymentID>${payment_reference.replace(/ /g, '')}</cbc:PaymentID>`);
    const attempts = (await received()).slice(before);
    expect(attempts.map((attempt) => attempt.outcome)).toEqual(['accepted']);
    expect(attempts[0]!.sha256).toBe(transmitted.sha256);
    // The archive holds what was issued and, once, what was transmitted (docs/archive.md).
    const archived = (await call('list-archive', { token: tenant.apiKey, query: { document: id } })).json.results;
    expect(archived.map((record: { format: string; reason: string }) => [record.format, record.reason]).sort()).toEqual(
      [
        ['pdf', 'issued'],
        ['peppol', 'requested'],
        ['peppol-transmission', 'sent'],
      ],
    );
    expect(archived.find((record: { format: string }) => record.format === 'peppol-transmission')).toMatchObject({
      kind: 'sending',
      sending_id: transmitted.id,
      sha256: transmitted.sha256,
    });

    const delivered = await settled(id, 'delivered');
    expect(delivered.reason).toBeNull();
    const events = await outboxEvents('invoice.peppol_delivered');
    expect(events.map((event) => (event.data as unknown as { sending: { id: string } }).sending.id)).toContain(
      transmitted.id,
    );
    // Asked again without resend: the standing sending answers, nothing new is queued.
    const again = await send(id);
    expect([again.status, again.json.sending.id, again.json.sending.status]).toEqual([
      200,
      transmitted.id,
      'delivered',
    ]);
    expect(await peppolSendings(id)).toHaveLength(1);
    const resent = await send(id, { channel: 'peppol', resend: true });
    expect([resent.json.sending.status, resent.json.sending.id === transmitted.id]).toEqual(['queued', false]);
  }, 60_000);

  it('issues and queues once when sends race, answering each with the one sending', async () => {
    const id = await draft();
    const answers = await Promise.all([send(id), send(id), send(id)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const sendings = await peppolSendings(id);
    expect(sendings).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.json.sending.id))).toEqual(new Set([sendings[0].id]));
    const issued = (await outboxEvents('invoice.sent')).filter(
      (event) => (event.data.object as { id: string }).id === id,
    );
    expect(issued).toHaveLength(1);
  }, 60_000);

  it('answers a look at the status as the access point says, and keeps a final status as it is', async () => {
    const id = await draft();
    await send(id);
    await worker(await queuedMessage(id));
    const [sending] = await peppolSendings(id);
    const check = {
      kind: 'check',
      organization_id: tenant.id,
      document: { kind: 'invoice', id },
      sending_id: sending.id,
      attempt: 0,
    };
    const body = JSON.stringify(check);
    for (let attempt = 0; attempt < 40 && (await peppolSendings(id))[0].status !== 'delivered'; attempt += 1) {
      await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));
      expect((await worker(await receive((message) => message === body))).batchItemFailures).toEqual([]);
    }
    const [delivered] = await peppolSendings(id);
    expect(delivered.status).toBe('delivered');
    // The pull queue's report of it comes after: it moves nothing back, and announces nothing twice.
    await ring();
    await ring();
    expect((await peppolSendings(id))[0]).toEqual(delivered);
    const announced = (await outboxEvents('invoice.peppol_delivered')).filter(
      (event) => (event.data as unknown as { sending: { id: string } }).sending.id === sending.id,
    );
    expect(announced).toHaveLength(1);
  }, 60_000);

  it('tries a passing fault again, and fails the sending for good on a refusal', async () => {
    const id = await draft();
    await send(id);
    await fault('5xx');
    const first = await queuedMessage(id);
    expect((await worker(first)).batchItemFailures).toEqual([{ itemIdentifier: first.Records[0]!.messageId }]);
    expect((await peppolSendings(id))[0].status).toBe('queued');
    // The message comes back (here at once, as a redelivery would) and goes through.
    expect((await worker(first)).batchItemFailures).toEqual([]);
    expect((await peppolSendings(id))[0].status).toBe('sent');

    const refused = await draft();
    await send(refused);
    await fault('refusal');
    expect((await worker(await queuedMessage(refused))).batchItemFailures).toEqual([]);
    const [failed] = await peppolSendings(refused);
    expect([failed.status, failed.reason]).toEqual(['failed', expect.stringContaining('refused by the network')]);
    expect((await outboxEvents('invoice.peppol_failed')).length).toBeGreaterThanOrEqual(1);
    // Failed is final; a new send queues a new sending, since none stands.
    const again = await send(refused);
    expect([again.json.sending.status, again.json.sending.id === failed.id]).toEqual(['queued', false]);
  }, 60_000);

  it('fails a sending the access point never takes, after the queue’s last receive', async () => {
    const id = await draft();
    await send(id);
    await fault('5xx', 2);
    const message = await queuedMessage(id);
    message.Records[0]!.attributes.ApproximateReceiveCount = '8';
    expect((await worker(message)).batchItemFailures).toEqual([]);
    const [failed] = await peppolSendings(id);
    expect([failed.status, failed.reason]).toEqual([
      'failed',
      expect.stringContaining('did not take it in 8 attempts'),
    ]);
    await fetch(network.faultUrl, { method: 'DELETE' });
  }, 60_000);

  it('refuses a buyer who cannot receive it, and an invoice Peppol cannot carry, issuing nothing', async () => {
    const noId = (await call('create-client', { token: tenant.apiKey, body: { ...frenchBuyer, name: 'No id' } })).json
      .id;
    const nothing = (
      await call('create-client', {
        token: tenant.apiKey,
        body: { ...frenchBuyer, name: 'Receives nothing', peppol_id: '0088:4000001000005' },
      })
    ).json.id;
    const unregistered = (
      await call('create-client', {
        token: tenant.apiKey,
        body: { ...frenchBuyer, name: 'Not on the network', peppol_id: '0192:923609016' },
      })
    ).json.id;
    for (const client of [noId, nothing, unregistered]) {
      const id = await draft(client);
      const refused = await send(id);
      expect([refused.status, refused.json.error.code]).toEqual([409, 'peppol_unreachable']);
      expect((await invoiceOf(id)).status).toBe('draft');
    }
    const incomplete = await draft(reachable, {});
    const refused = await send(incomplete);
    expect([refused.status, refused.json.error.code]).toEqual([422, 'e_invoice_incomplete']);
    expect(refused.json.error.details.missing.map((gap: { rule?: string }) => gap.rule)).toContain(
      'PEPPOL-EN16931-R003',
    );
    expect((await invoiceOf(incomplete)).status).toBe('draft');
  }, 60_000);

  it('sends by the organization’s delivery_channel, and auto by Peppol only to a buyer that receives invoices', async () => {
    const byDefault = await draft();
    expect((await send(byDefault, {})).json.channel).toBe('email');
    await call('update-organization', { token: tenant.ownerToken, body: { delivery_channel: 'auto' } });
    const auto = await draft();
    expect((await send(auto, {})).json.channel).toBe('peppol');
    const noId = (await call('create-client', { token: tenant.apiKey, body: { ...frenchBuyer, name: 'Mail only' } }))
      .json.id;
    const mailed = await draft(noId);
    const sent = await send(mailed, {});
    expect([sent.status, sent.json.channel, sent.json.sent_to]).toEqual([200, 'email', frenchBuyer.email]);
    await call('update-organization', { token: tenant.ownerToken, body: { delivery_channel: 'email' } });
  }, 60_000);

  it('takes a doorbell only for the access point in use, and a forged body moves nothing', async () => {
    expect((await ring('phoss-ap')).status).toBe(404);
    // What the network really reported is taken first; then only the forged body is left.
    for (let rung = await ring(); rung.json.reports > 0; rung = await ring());
    const forged = await call('peppol-status', {
      params: { adapter: 'storecove' },
      body: { guid: 'anything', event: 'failed' },
    });
    expect(forged.status).toBe(200);
    expect(forged.json).toEqual({ reports: 0, applied: 0 });
  });
});
