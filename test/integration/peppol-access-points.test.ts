// Both access point adapters over the wire, against the local Peppol network that speaks their
// protocols: discovery, submission of OpenPeppol's own example documents, refusal naming the rules
// that fired, one transmission per idempotency key however often it is asked, faults that are tried
// again, and the delivery reports that follow.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPeppolNetwork, type PeppolNetwork } from '#infra/local/peppol-network';
import { type AccessPoint, AccessPointUnavailable, type Submission } from '#shared/peppol/access-point';
import { phossAp } from '#shared/peppol/phoss-ap';
import { idempotencyGuid, storecove } from '#shared/peppol/storecove';
import { serviceGroupDocumentTypes } from '#shared/peppol/smp';
import { DOCUMENT_TYPE_IDS } from '#shared/domain/peppol';

const example = (name: string) => readFileSync(`vendor/einvoicing/examples/peppol/${name}`, 'utf8');
const INVOICE = example('base-example.xml');
const CREDIT_NOTE = example('base-creditnote-correction.xml');
// Without a buyer reference or an order reference, Peppol's R003 fires.
const NO_REFERENCE = INVOICE.replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '');

const SENDER = { scheme: '0088', identifier: '9482348239847239874' };
const BUYER = { scheme: '0002', identifier: 'FR23342' };
const INVOICES_ONLY = { scheme: '0208', identifier: '0123456749' };
const NOBODY = { scheme: '0208', identifier: '0987654394' };

let network: PeppolNetwork;
let adapters: [string, AccessPoint][];
beforeAll(async () => {
  network = await startPeppolNetwork({
    participants: [
      {
        id: '0088:9482348239847239874',
        organization_id: null,
        name: 'Seller',
        document_types: ['invoice', 'credit_note'],
      },
      { id: '0002:FR23342', organization_id: null, name: 'Buyer', document_types: ['invoice', 'credit_note'] },
      { id: '0208:0123456749', organization_id: null, name: 'Invoices only', document_types: ['invoice'] },
    ],
    storecoveApiKey: 'storecove-test-key',
    phossApToken: 'phoss-test-token',
    legalEntities: [101],
    reportDelayMs: 50,
    hangMs: 1_500,
  });
  adapters = [
    [
      'storecove',
      storecove({ baseUrl: network.storecoveUrl, apiKey: 'storecove-test-key', legalEntities: { default: 101 } }),
    ],
    ['phoss-ap', phossAp({ baseUrl: network.phossApUrl, token: 'phoss-test-token', smp: { smpUrl: network.smpUrl } })],
  ];
});
afterAll(() => network.stop());

let sequence = 0;
const submission = (extra: Partial<Submission> = {}): Submission => ({
  sender: SENDER,
  receiver: BUYER,
  documentType: 'invoice',
  xml: INVOICE,
  idempotencyKey: `snd_test_${(sequence += 1)}`,
  country: 'FR',
  organizationId: 'org_test',
  ...extra,
});
const attemptsOf = (key: string) => network.received.filter((entry) => entry.idempotency_key === key);
// Reports come later than the answers, and later still on a loaded machine: wait up to 20 s.
const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean) => {
  for (const end = Date.now() + 20_000; Date.now() < end; ) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('never settled');
};

describe.each(['storecove', 'phoss-ap'])('the %s adapter', (name) => {
  const adapter = () => adapters.find(([adapterName]) => adapterName === name)![1];

  it('finds who is registered and for which documents', async () => {
    expect(await adapter().discover(BUYER)).toEqual({ registered: true, document_types: ['invoice', 'credit_note'] });
    expect(await adapter().discover(INVOICES_ONLY)).toEqual({ registered: true, document_types: ['invoice'] });
    expect(await adapter().discover(NOBODY)).toEqual({ registered: false, document_types: [] });
  });

  it('transmits an invoice and a credit note once each, and reports them delivered', async () => {
    for (const [documentType, xml] of [
      ['invoice', INVOICE],
      ['credit_note', CREDIT_NOTE],
    ] as const) {
      const sending = submission({ documentType, xml });
      const first = await adapter().submit(sending);
      expect(first).toMatchObject({ outcome: 'accepted' });
      if (first.outcome !== 'accepted') return;
      // Asked again (a worker retried after losing the answer): the network transmits nothing new.
      expect(await adapter().submit(sending)).toMatchObject({ outcome: 'accepted' });
      const key = name === 'storecove' ? idempotencyGuid(sending.idempotencyKey) : sending.idempotencyKey;
      // Storecove itself refuses a repeated GUID; phoss-ap would send it again, so the adapter asks first.
      expect(attemptsOf(key).map((entry) => entry.outcome)).toEqual(
        name === 'storecove' ? ['accepted', 'duplicate'] : ['accepted'],
      );
      expect(attemptsOf(key)[0]!.document_base64).toBe(Buffer.from(xml).toString('base64'));
      const delivered = { transmissionId: first.transmissionId, status: 'delivered' };
      expect(
        await until(
          () => adapter().status(first.transmissionId),
          (report) => report?.status === 'delivered',
        ),
      ).toEqual(delivered);
      // Storecove also reports through its pull queue (the report may land after the status says so);
      // phoss-ap is only asked.
      if (name === 'storecove') {
        const reports: unknown[] = [];
        await until(
          () => adapter().drainReports({ report: async (report) => void reports.push(report) }),
          () => reports.some((report) => JSON.stringify(report) === JSON.stringify(delivered)),
        );
        expect(reports).toContainEqual(delivered);
      }
    }
  });

  it('is refused a document that fails the OpenPeppol rules, naming them, and one to nobody', async () => {
    const invalid = await adapter().submit(submission({ xml: NO_REFERENCE }));
    expect(invalid).toMatchObject({ outcome: 'refused', rules: ['PEPPOL-EN16931-R003'] });
    const unknown = await adapter().submit(submission({ receiver: NOBODY }));
    expect(unknown.outcome).toBe('refused');
    const noCreditNotes = await adapter().submit(
      submission({ receiver: INVOICES_ONLY, documentType: 'credit_note', xml: CREDIT_NOTE }),
    );
    expect(noCreditNotes.outcome).toBe('refused');
  });

  it('tells a passing fault from a refusal: timeouts and 5xx are tried again, a refusal is final', async () => {
    const sending = submission();
    for (const kind of ['5xx', 'timeout']) {
      await fetch(network.faultUrl, { method: 'POST', body: JSON.stringify({ kind, count: 1 }) });
      await expect(adapter().submit(sending)).rejects.toBeInstanceOf(AccessPointUnavailable);
    }
    expect(await adapter().submit(sending)).toMatchObject({ outcome: 'accepted' });
    await fetch(network.faultUrl, { method: 'POST', body: JSON.stringify({ kind: 'refusal', count: 1 }) });
    expect(await adapter().submit(submission())).toMatchObject({ outcome: 'refused' });
    expect((await (await fetch(network.faultUrl)).json()).pending).toEqual([]);
  }, 20_000);

  it('is refused with a wrong key, as a misconfiguration and not a passing fault', async () => {
    const wrong =
      name === 'storecove'
        ? storecove({ baseUrl: network.storecoveUrl, apiKey: 'wrong', legalEntities: { default: 101 } })
        : phossAp({ baseUrl: network.phossApUrl, token: 'wrong', smp: { smpUrl: network.smpUrl } });
    const refused = wrong.submit(submission());
    await expect(refused).rejects.toThrow(/401/);
    await expect(refused).rejects.not.toBeInstanceOf(AccessPointUnavailable);
  });
});

describe("an SMP's ServiceGroup", () => {
  it('lists the document types of its references, decoded once or twice', () => {
    const href = (id: string) => `http://smp.example/iso6523-actorid-upis%3A%3A0208%3A0123456749/services/${id}`;
    const xml = `<ServiceGroup xmlns="http://busdox.org/serviceMetadata/publishing/1.0/"><ServiceMetadataReferenceCollection>
      <ServiceMetadataReference href="${href(encodeURIComponent(DOCUMENT_TYPE_IDS.invoice))}"/>
      <ServiceMetadataReference href="${href(encodeURIComponent(encodeURIComponent(DOCUMENT_TYPE_IDS.credit_note)))}"/>
    </ServiceMetadataReferenceCollection></ServiceGroup>`;
    expect(serviceGroupDocumentTypes(xml)).toEqual([DOCUMENT_TYPE_IDS.invoice, DOCUMENT_TYPE_IDS.credit_note]);
  });

  it('refuses a DOCTYPE, so no entity is expanded and nothing is fetched, and what is not well-formed', () => {
    const entities = `<?xml version="1.0"?><!DOCTYPE g [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><ServiceGroup>&b;</ServiceGroup>`;
    expect(() => serviceGroupDocumentTypes(entities)).toThrow(/DOCTYPE/);
    const external = `<?xml version="1.0"?><!DOCTYPE g SYSTEM "http://127.0.0.1:1/x.dtd"><ServiceGroup/>`;
    expect(() => serviceGroupDocumentTypes(external)).toThrow(/DOCTYPE/);
    expect(() => serviceGroupDocumentTypes('<ServiceGroup><a></ServiceGroup>')).toThrow();
  });
});
