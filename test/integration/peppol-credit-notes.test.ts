// A credit note sent over Peppol, through its send route, the Peppol queue's worker and the status
// route, against the local network driven as Storecove: as an invoice goes (peppol-sending.test.ts),
// with the credit note's own document type, events and sendings, and its own race for the list.
import { createHash } from 'node:crypto';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newTenant } from '#test/support/api';
import { austrianSeller, euInvoice, frenchBuyer } from '#test/support/eu-invoice';
import {
  fault,
  type Handler,
  outboxEvents,
  peppolWorker,
  queuedMessage,
  queueUrl,
  receive,
  received,
  ring,
  sqs,
} from '#test/support/peppol-queue';

let worker: Handler;
let tenant: Awaited<ReturnType<typeof newTenant>>;
beforeAll(async () => {
  worker = await peppolWorker();
  tenant = await newTenant('Peppol credit notes');
  await call('update-organization', {
    token: tenant.ownerToken,
    body: { ...austrianSeller, default_currency: 'EUR', peppol_id: '9914:ATU13585627' },
  });
});

type Sending = { id: string; channel: string; status: string; sha256: string | null; reason: string | null };

/** A credit note of an invoice issued by e-mail to a client with `peppolId`. */
async function creditNote(peppolId = '0208:0123456749') {
  const client = await call('create-client', { token: tenant.apiKey, body: { ...frenchBuyer, peppol_id: peppolId } });
  const invoice = await call('create-invoice', {
    token: tenant.apiKey,
    body: {
      client: client.json.id,
      issue_date: '2026-11-02',
      due_date: '2026-12-02',
      buyer_reference: 'PO-2026-91',
      ...euInvoice(),
    },
  });
  const issued = await call('send-invoice', {
    token: tenant.apiKey,
    params: { id: invoice.json.id },
    body: { channel: 'email' },
  });
  expect(issued.status, issued.text).toBe(200);
  const note = await call('create-credit-note', {
    token: tenant.apiKey,
    params: { id: invoice.json.id },
    body: { amount: '10.00', description: 'Nachlass', reason: 'other' },
  });
  expect(note.status, note.text).toBe(201);
  return note.json.id as string;
}
const send = (id: string, body: object = { channel: 'peppol' }) =>
  call('send-credit-note', { token: tenant.apiKey, params: { id }, body });
const peppolSendings = async (id: string): Promise<Sending[]> =>
  (await call('get-credit-note', { token: tenant.apiKey, params: { id } })).json.sendings.filter(
    (sending: Sending) => sending.channel === 'peppol',
  );
const queued = (id: string) => queuedMessage(tenant.id, 'credit_note.peppol_queued', id);
const sendingIds = async (type: string) =>
  (await outboxEvents(tenant.id, type)).map(
    (event) => (event.data as unknown as { sending: { id: string } }).sending.id,
  );

describe('POST /credit-notes/{id}/send/ with channel peppol', () => {
  it('queues it, the worker transmits the credit note’s UBL once, and the network reports it delivered', async () => {
    const id = await creditNote();
    const before = (await received()).length;
    const sent = await send(id);
    expect([sent.status, sent.json.channel, sent.json.sending?.status, sent.json.sent_to], sent.text).toEqual([
      200,
      'peppol',
      'queued',
      '0208:0123456749',
    ]);
    expect((await received()).length).toBe(before);
    expect(await sendingIds('credit_note.peppol_queued')).toContain(sent.json.sending.id);

    const message = await queued(id);
    expect((await worker(message)).batchItemFailures).toEqual([]);
    expect((await worker(message)).batchItemFailures).toEqual([]);
    const [transmitted] = await peppolSendings(id);
    const ubl = await call('get-credit-note-e-invoice', {
      token: tenant.apiKey,
      params: { id },
      query: { format: 'peppol' },
    });
    expect(ubl.text).toContain('<CreditNote');
    expect(transmitted).toMatchObject({ id: sent.json.sending.id, status: 'sent' });
    expect(transmitted!.sha256).toBe(createHash('sha256').update(ubl.bytes).digest('hex'));
    const attempts = (await received()).slice(before);
    expect(attempts.map((attempt) => [attempt.outcome, attempt.sha256])).toEqual([['accepted', transmitted!.sha256]]);

    for (let rung = 0; rung < 50 && (await peppolSendings(id))[0]!.status !== 'delivered'; rung += 1) await ring();
    expect((await peppolSendings(id))[0]!.status).toBe('delivered');
    expect(await sendingIds('credit_note.peppol_delivered')).toContain(transmitted!.id);

    // Asked again: the standing sending; with resend, a new one.
    const again = await send(id);
    expect([again.json.sending.id, again.json.sending.status, again.json.message]).toEqual([
      transmitted!.id,
      'delivered',
      expect.stringContaining('already queued'),
    ]);
    const resent = await send(id, { channel: 'peppol', resend: true });
    expect([resent.json.sending.status, resent.json.sending.id === transmitted!.id]).toEqual(['queued', false]);
    expect(await peppolSendings(id)).toHaveLength(2);
  }, 60_000);

  it('looks at a credit note’s status by its check message, and fails it for good on a refusal', async () => {
    const id = await creditNote();
    await send(id);
    await worker(await queued(id));
    const [sending] = await peppolSendings(id);
    const body = JSON.stringify({
      kind: 'check',
      organization_id: tenant.id,
      document: { kind: 'credit_note', id },
      sending_id: sending!.id,
      attempt: 0,
    });
    for (let look = 0; look < 40 && (await peppolSendings(id))[0]!.status !== 'delivered'; look += 1) {
      await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));
      expect((await worker(await receive((message) => message === body))).batchItemFailures).toEqual([]);
    }
    expect((await peppolSendings(id))[0]!.status).toBe('delivered');

    const refused = await creditNote();
    await send(refused);
    await fault('refusal');
    expect((await worker(await queued(refused))).batchItemFailures).toEqual([]);
    const [failed] = await peppolSendings(refused);
    expect([failed!.status, failed!.reason]).toEqual(['failed', expect.stringContaining('refused by the network')]);
    expect(await sendingIds('credit_note.peppol_failed')).toContain(failed!.id);
  }, 60_000);

  it('refuses a buyer who receives invoices but no credit notes, and auto mails that one', async () => {
    const id = await creditNote('9930:DE811569869');
    const refused = await send(id);
    expect([refused.status, refused.json.error?.code]).toEqual([409, 'peppol_unreachable']);
    expect(refused.json.error.message).toContain('does not receive credit notes');
    expect(await peppolSendings(id)).toEqual([]);
    const auto = await send(id, { channel: 'auto' });
    expect([auto.status, auto.json.channel, auto.json.sending, auto.json.sent_to]).toEqual([
      200,
      'email',
      null,
      frenchBuyer.email,
    ]);
  }, 60_000);

  it('queues one sending when two sends race, and answers both with it', async () => {
    const id = await creditNote();
    const answers = await Promise.all([send(id), send(id), send(id)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const sendings = await peppolSendings(id);
    expect(sendings).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.json.sending.id))).toEqual(new Set([sendings[0]!.id]));
    expect(
      (await sendingIds('credit_note.peppol_queued')).filter((queuedId) => queuedId === sendings[0]!.id),
    ).toHaveLength(1);
  }, 60_000);
});
