// E-invoices by Peppol: a document the local network delivers to an organization of the deployment,
// through each access point as it hands documents over (Storecove's pull queue and received document,
// phoss-ap's forwarded SBD fetched back), kept by the gateway's work, put on the incoming-peppol queue,
// and taken from it by the Peppol receiver as Lambda hands it, into the inbox of the organization that
// receives as the participant: once however often it comes, and nowhere when no organization does.
import { archiveStore } from '#shared/aws/archive-store';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Delivered, type PeppolNetwork, type Received, startPeppolNetwork } from '#infra/local/peppol-network';
import { s3IncomingStore } from '#shared/aws/incoming-store';
import { invokerFor } from '#shared/aws/lambda';
import { eInvoiceReader } from '#shared/e-invoice-reader/reader';
import { receivePeppolArrival } from '#shared/inbox/receive-peppol';
import { answerSupplier } from '#shared/inbox/answer-supplier';
import { configuredRenderer } from '#shared/documents/renderer';
import type { AccessPoint } from '#shared/peppol/access-point';
import { peppolGatewayWork } from '#shared/peppol/gateway-work';
import { type ArrivalMessage, arrivalKeeper } from '#shared/peppol/keep-arrival';
import { phossAp } from '#shared/peppol/phoss-ap';
import { storecove } from '#shared/peppol/storecove';
import { E_INVOICE_READER } from '#functions/topology';
import { call, db, newTenant } from '#test/support/api';
import { TEST_INCOMING_BUCKET } from '#test/support/buckets';
import { austrianSeller } from '#test/support/eu-invoice';
import { outboxEvents, peppolWorker, queuedMessage, receive, sqs } from '#test/support/peppol-queue';

const EXAMPLE = readFileSync('vendor/einvoicing/examples/peppol/base-example.xml', 'utf8');
const SUPPLIER = '0088:9482348239847239874';
const incomingQueue = inject('incomingPeppolQueue');
const store = s3IncomingStore(TEST_INCOMING_BUCKET, new S3Client({ forcePathStyle: true }));
const reader = eInvoiceReader(invokerFor(process.env), E_INVOICE_READER.handler);
const randomParticipant = () => `9930:DE${String(randomInt(100_000_000, 999_999_999))}`;

let tenant: Awaited<ReturnType<typeof newTenant>>;
let participant: string;
let networks: Record<'storecove' | 'phoss-ap', PeppolNetwork>;
let adapters: Record<'storecove' | 'phoss-ap', AccessPoint>;
beforeAll(async () => {
  tenant = await newTenant('Peppol In');
  participant = randomParticipant();
  const set = await call('update-organization', {
    token: tenant.ownerToken,
    body: { ...austrianSeller, peppol_id: participant },
  });
  expect(set.status, JSON.stringify(set.json)).toBe(200);
  const participants = [
    { id: participant, organization_id: tenant.id, name: 'Peppol In', document_types: ['invoice' as const] },
  ];
  const keys = { storecoveApiKey: 'storecove-in-key', phossApToken: 'phoss-in-token', legalEntities: [7] };
  networks = {
    storecove: await startPeppolNetwork({ participants, ...keys, receivesAt: 'storecove' }),
    'phoss-ap': await startPeppolNetwork({ participants, ...keys, receivesAt: 'phoss-ap' }),
  };
  adapters = {
    storecove: storecove({
      baseUrl: networks.storecove.storecoveUrl,
      apiKey: keys.storecoveApiKey,
      legalEntities: { default: 7 },
    }),
    'phoss-ap': phossAp({
      baseUrl: networks['phoss-ap'].phossApUrl,
      token: keys.phossApToken,
      smp: { smpUrl: networks['phoss-ap'].smpUrl },
    }),
  };
});
afterAll(async () => {
  await Promise.all(Object.values(networks).map((network) => network.stop()));
});

let sequence = 0;
/** A supplier's invoice to the participant, numbered anew each time (a new document). */
const invoiceTo = (receiver: string) =>
  EXAMPLE.replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>PEPPOL-IN-${Date.now()}-${(sequence += 1)}</cbc:ID>`).replace(
    '<cbc:EndpointID schemeID="0002">FR23342</cbc:EndpointID>',
    `<cbc:EndpointID schemeID="${receiver.slice(0, 4)}">${receiver.slice(5)}</cbc:EndpointID>`,
  );
const deliver = async (network: PeppolNetwork, document: string, to = participant): Promise<Delivered> => {
  const answer = await fetch(`${network.deliverUrl}?from=${SUPPLIER}&to=${to}`, { method: 'POST', body: document });
  expect(answer.status).toBe(202);
  return (await answer.json()) as Delivered;
};
const delivered = async (network: PeppolNetwork) =>
  ((await (await fetch(network.deliveredUrl)).json()) as { results: Delivered[] }).results;

/** The gateway's keeping, onto the real incoming-peppol queue; each message kept is taken back as Lambda hands it. */
const keeperOf = (name: 'storecove' | 'phoss-ap') =>
  arrivalKeeper(name, store, async (message) => {
    await sqs.send(new SendMessageCommand({ QueueUrl: incomingQueue, MessageBody: JSON.stringify(message) }));
  });
const lambdaEventOf = (message: ArrivalMessage) =>
  receive((body) => (JSON.parse(body) as ArrivalMessage).message_id === message.message_id, incomingQueue);
const receiver = async () =>
  (await import('#functions/peppol-receiver/handler')).handler as unknown as (
    event: SQSEvent,
  ) => Promise<SQSBatchResponse>;

/** What each access point's way in yields: Storecove's queue drained on its doorbell, phoss-ap's forwarded id fetched back. */
async function keptArrival(name: 'storecove' | 'phoss-ap', entry: Delivered): Promise<ArrivalMessage> {
  const kept: ArrivalMessage[] = [];
  const keep = async (arrival: Parameters<ReturnType<typeof keeperOf>>[0]) => {
    const message = await keeperOf(name)(arrival);
    kept.push(message);
    return message;
  };
  if (name === 'storecove') await peppolGatewayWork(adapters.storecove, { kind: 'reports', accessPoint: name }, keep);
  else
    await peppolGatewayWork(adapters[name], { kind: 'arrival', accessPoint: name, messageId: entry.message_id }, keep);
  expect(kept.map((message) => message.message_id)).toEqual([entry.message_id]);
  return kept[0]!;
}

describe.each(['storecove', 'phoss-ap'] as const)('a document delivered through %s', (name) => {
  it("lands once in the inbox of the organization that receives as its participant, the sender's bytes kept", async () => {
    const document = invoiceTo(participant);
    const entry = await deliver(networks[name], document);
    const message = await keptArrival(name, entry);
    expect(message).toMatchObject({ access_point: name, message_id: entry.message_id });
    const deps = {
      db,
      store,
      archive: archiveStore(),
      reader,
      publicBaseUrl: 'http://invoices.test',
      peppol: { acknowledge: adapters[name].acknowledge },
    };
    const first = await receivePeppolArrival(deps, message);
    expect([first.created, first.organization_id, first.invoice.status]).toEqual([true, tenant.id, 'received']);
    expect(first.invoice.source).toEqual({ channel: 'peppol', message_id: entry.message_id, sender: SUPPLIER });
    const original = await call('get-incoming-invoice-original', {
      token: tenant.apiKey,
      params: { id: first.invoice.id },
    });
    // Storecove hands the document as it came; phoss-ap's SBD carries it without its XML declaration.
    const sent = name === 'storecove' ? document : document.replace(/^<\?xml[^>]*\?>\s*/, '').trim();
    expect(original.text).toBe(sent);

    // Redelivered (the queue's at-least-once, or the access point handing it again): nothing twice.
    const again = await receivePeppolArrival(deps, message);
    expect([again.created, again.invoice.id]).toEqual([false, first.invoice.id]);
    const events = (await outboxEvents(tenant.id, 'incoming_invoice.received')).filter(
      (event) => (event.data.object as { id: string }).id === first.invoice.id,
    );
    expect(events).toHaveLength(1);
    // phoss-ap was told C4's country (the organization's) for its Peppol Reporting; Storecove needs nothing.
    const [recorded] = (await delivered(networks[name])).filter((each) => each.message_id === entry.message_id);
    expect(recorded!.c4_country).toBe(name === 'phoss-ap' ? 'AT' : null);
  });
});

/** The receiver's dependencies with an access point that takes every acknowledgement silently. */
const quietInbox = () => ({
  db,
  store,
  archive: archiveStore(),
  reader,
  publicBaseUrl: 'http://invoices.test',
  peppol: { acknowledge: async () => undefined },
});

describe('the Peppol receiver, as Lambda hands it the queue', () => {
  it('takes a kept arrival into the inbox, and keeps failing one for a participant no organization receives as', async () => {
    const entry = await deliver(networks.storecove, invoiceTo(participant));
    const message = await keptArrival('storecove', entry);
    const handler = await receiver();
    expect(await handler(await lambdaEventOf(message))).toEqual({ batchItemFailures: [] });
    const page = await call('list-incoming-invoices', { token: tenant.apiKey });
    expect(page.json.results.map((each: { source: { message_id?: string } }) => each.source.message_id)).toContain(
      entry.message_id,
    );

    // Nobody here receives as this participant: the record fails every time, so the queue dead-letters it.
    const stranger = randomParticipant();
    const nobody = await keeperOf('storecove')({
      messageId: `stray-${Date.now()}`,
      document: Buffer.from(invoiceTo(stranger)),
      sender: SUPPLIER,
      receiver: null,
    });
    const event = await lambdaEventOf(nobody);
    expect(await handler(event)).toEqual({ batchItemFailures: [{ itemIdentifier: event.Records[0]!.messageId }] });
  });

  it('follows the organization: its old Peppol id receives nothing once it has a new one', async () => {
    const other = await newTenant('Peppol Moves');
    const [before, after] = [randomParticipant(), randomParticipant()];
    const set = (peppol_id: string) => call('update-organization', { token: other.ownerToken, body: { peppol_id } });
    expect((await set(before)).status).toBe(200);
    expect((await set(after)).status).toBe(200);
    const deps = quietInbox();
    const arrive = (to: string) =>
      keeperOf('storecove')({
        messageId: `moves-${to}`,
        document: Buffer.from(invoiceTo(to)),
        sender: SUPPLIER,
        receiver: to,
      });
    await expect(receivePeppolArrival(deps, await arrive(before))).rejects.toThrow(
      `no organization receives as ${before}`,
    );
    const received = await receivePeppolArrival(deps, await arrive(after));
    expect(received.organization_id).toBe(other.id);
  });
});

describe('the inbound route, where phoss-ap forwards', () => {
  it('reads only the instance id, and stores nothing the access point does not hold', async () => {
    const sbd = { bytes: Buffer.from(invoiceTo(participant)), type: 'application/xml' };
    const missing = await call('peppol-inbound', { params: { adapter: 'storecove' }, file: sbd });
    expect([missing.status, missing.json.error.code]).toEqual([400, 'validation_error']);
    const forged = await call('peppol-inbound', {
      params: { adapter: 'storecove' },
      headers: { 'x-sbdh-instance-id': '00000000-0000-4000-8000-000000000000' },
      file: sbd,
    });
    expect([forged.status, forged.json.error.code]).toEqual([404, 'not_found']);
  });
});

describe.each(['storecove', 'phoss-ap'] as const)('answering a supplier through %s', (name) => {
  const renderer = configuredRenderer();
  const deps = () => ({ db, renderer, peppol: { respond: adapters[name].respond } });
  const arrived = async (document: string) => {
    const entry = await deliver(networks[name], document);
    const message = await keptArrival(name, entry);
    const inbox = quietInbox();
    return { entry, invoice: (await receivePeppolArrival(inbox, message)).invoice };
  };
  const eventOf = async (type: string, id: string) =>
    (await outboxEvents(tenant.id, type)).find((event) => (event.data.object as { id: string }).id === id)!;
  /** What went back to the supplier since `before` answers were counted. */
  const responsesTo = async (entry: Delivered, before = 0) => {
    const results = (await (await fetch(networks[name].receivedUrl)).json()).results as Received[];
    return results.filter((each) => each.sender === participant && each.receiver === entry.sender).slice(before);
  };
  /** What the access point was handed: phoss-ap the UBL (the network held it to T111), Storecove the fields it writes it from. */
  const said = (entry: Received) => Buffer.from(entry.document_base64, 'base64').toString('utf8');

  it('acknowledges the arrival (AB), then rejects with the reason (RE), each once, and keeps what became of both', async () => {
    const { entry, invoice } = await arrived(invoiceTo(participant));
    const before = (await responsesTo(entry)).length;
    expect(await answerSupplier(deps(), await eventOf('incoming_invoice.received', invoice.id))).toBe('sent');
    const rejected = await call('reject-incoming-invoice', {
      token: tenant.apiKey,
      params: { id: invoice.id },
      body: { reason: 'Bestellnummer fehlt & Preis falsch' },
    });
    expect(rejected.status).toBe(200);
    const event = await eventOf('incoming_invoice.rejected', invoice.id);
    expect(await answerSupplier(deps(), event)).toBe('sent');
    expect(await answerSupplier(deps(), event)).toBe('already');
    const sent = await responsesTo(entry, before);
    expect(sent.map((each) => each.outcome)).toEqual(['accepted', 'accepted']);
    const [ab, re] = sent.map(said);
    if (name === 'phoss-ap') {
      expect(ab).toContain('<cbc:ResponseCode>AB</cbc:ResponseCode>');
      expect(re).toContain('<cbc:ResponseCode>RE</cbc:ResponseCode>');
      expect(re).toContain('<cbc:StatusReason>Bestellnummer fehlt &amp; Preis falsch</cbc:StatusReason>');
      expect(re).toContain(`<cbc:ID>${invoice.summary.number}</cbc:ID>`);
    } else {
      expect(JSON.parse(ab!)).toMatchObject({ responseCode: 'AB' });
      expect(JSON.parse(re!)).toMatchObject({
        responseCode: 'RE',
        clarifications: [
          {
            clarificationCodeType: 'OPStatusReason',
            clarificationCode: 'OTH',
            clarification: 'Bestellnummer fehlt & Preis falsch',
          },
        ],
      });
    }
    const document = await call('get-incoming-invoice', { token: tenant.apiKey, params: { id: invoice.id } });
    expect(document.json.responses.map((each: { code: string; status: string }) => [each.code, each.status])).toEqual([
      ['AB', 'sent'],
      ['RE', 'sent'],
    ]);
  });

  it('answers a document that fails fatal rules with RE naming each rule', async () => {
    // Without a buyer reference or an order reference, Peppol's R003 fires: the document is invalid.
    const { entry, invoice } = await arrived(
      invoiceTo(participant).replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, ''),
    );
    expect(invoice.status).toBe('invalid');
    const before = (await responsesTo(entry)).length;
    expect(await answerSupplier(deps(), await eventOf('incoming_invoice.invalid', invoice.id))).toBe('sent');
    const [re] = (await responsesTo(entry, before)).map(said);
    expect(re).toContain(
      name === 'phoss-ap'
        ? 'The document fails the rule PEPPOL-EN16931-R003'
        : '"clarification":"The document fails the rule PEPPOL-EN16931-R003"',
    );
  });
});

describe('the Peppol worker, handed a received document status from the bus', () => {
  it('answers nobody for a document that did not come over Peppol', async () => {
    const uploaded = await call('create-incoming-invoice', {
      token: tenant.apiKey,
      file: { bytes: Buffer.from(invoiceTo(participant)), type: 'application/xml' },
    });
    expect(uploaded.status).toBe(201);
    const worker = await peppolWorker();
    const event = await queuedMessage(tenant.id, 'incoming_invoice.received', uploaded.json.id);
    expect(await worker(event)).toEqual({ batchItemFailures: [] });
    const document = await call('get-incoming-invoice', { token: tenant.apiKey, params: { id: uploaded.json.id } });
    expect(document.json.responses).toEqual([]);
  });
});
