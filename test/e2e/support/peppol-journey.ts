// An invoice from draft to delivered over the local Peppol network, as a user of `npm run dev` sees
// it: the send answers at once, the worker transmits, and the network's report arrives; a passing
// fault of the access point is tried again and still ends delivered; a credit note of the invoice
// is delivered the same way; and a supplier's invoice sent to the organization over Peppol lands in
// its inbox. The same journey for each access point the runtime drives (test/e2e/peppol-*-journey.test.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { LocalRuntime } from '#test/e2e/support/local-runtime';

type Sending = { id: string; channel: string; status: string; sha256: string | null; transmission_id: string | null };

export async function peppolJourney(runtime: LocalRuntime) {
  const { api, info } = runtime;
  const client = await api('POST', '/api/v1/clients/', {
    body: { name: 'Brasserie Lumière', email: 'factures@lumiere.example', country: 'BE', peppol_id: '0208:0123456749' },
  });
  expect(client.status, JSON.stringify(client.json)).toBe(201);
  const invoiceOver = async () => {
    const invoice = await api('POST', '/api/v1/invoices/', {
      body: {
        client: client.json.id,
        buyer_reference: 'PO-4711',
        line_items: [{ description: 'Beratung', quantity: 2, unit_price: '450.00', tax_rate: '19' }],
      },
    });
    expect(invoice.status, JSON.stringify(invoice.json)).toBe(201);
    const sent = await api('POST', `/api/v1/invoices/${invoice.json.id}/send/`, { body: { channel: 'peppol' } });
    expect([sent.status, sent.json.channel, sent.json.sending?.status], JSON.stringify(sent.json)).toEqual([
      200,
      'peppol',
      'queued',
    ]);
    return { id: invoice.json.id as string, sending: sent.json.sending as Sending };
  };
  const settled = async (id: string, documents = 'invoices') => {
    for (let waited = 0; waited < 30_000; waited += 250) {
      const document = await api('GET', `/api/v1/${documents}/${id}/`);
      const sending = (document.json.sendings as Sending[]).find((entry) => entry.channel === 'peppol')!;
      if (sending.status === 'delivered' || sending.status === 'failed') return sending;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${documents} ${id} never settled over Peppol`);
  };
  const sha256Of = async (path: string) => {
    const file = await fetch(`${info.api_base_url}${path}?format=peppol`, {
      headers: { authorization: `Bearer ${info.api_key}` },
    });
    return createHash('sha256')
      .update(Buffer.from(await file.arrayBuffer()))
      .digest('hex');
  };
  const received = async () =>
    ((await (await fetch(info.peppol.received_url)).json()) as { results: { outcome: string; sha256: string }[] })
      .results;

  const first = await invoiceOver();
  const delivered = await settled(first.id);
  expect([delivered.id, delivered.status]).toEqual([first.sending.id, 'delivered']);
  expect(delivered.sha256).toBe(await sha256Of(`/api/v1/invoices/${first.id}/e-invoice/`));
  expect((await received()).filter((entry) => entry.sha256 === delivered.sha256).map((entry) => entry.outcome)).toEqual(
    ['accepted'],
  );

  // The access point answers 503 once: the worker tries again, and the invoice still arrives, once.
  await fetch(info.peppol.fault_url, { method: 'POST', body: JSON.stringify({ kind: '5xx', count: 1 }) });
  const second = await invoiceOver();
  const retried = await settled(second.id);
  expect(retried.status).toBe('delivered');
  const attempts = (await received()).slice(-2).map((entry) => entry.outcome);
  expect(attempts).toEqual(['fault', 'accepted']);

  // A credit note of the delivered invoice goes the same way, as a UBL CreditNote.
  const note = await api('POST', `/api/v1/invoices/${first.id}/credit-notes/`, {
    body: { amount: '100.00', description: 'Nachlass', reason: 'other' },
  });
  expect(note.status, JSON.stringify(note.json)).toBe(201);
  const credited = await api('POST', `/api/v1/credit-notes/${note.json.id}/send/`, { body: { channel: 'peppol' } });
  expect([credited.status, credited.json.channel, credited.json.sending?.status]).toEqual([200, 'peppol', 'queued']);
  const creditDelivered = await settled(note.json.id, 'credit-notes');
  expect([creditDelivered.id, creditDelivered.status]).toEqual([credited.json.sending.id, 'delivered']);
  expect(creditDelivered.sha256).toBe(await sha256Of(`/api/v1/credit-notes/${note.json.id}/e-invoice/`));
  const arrived = (await received()).filter((entry) => entry.sha256 === creditDelivered.sha256);
  expect(arrived.map((entry) => entry.outcome)).toEqual(['accepted']);

  // A supplier elsewhere on the network sends the organization an invoice: the access point hands it
  // over (Storecove's doorbell, phoss-ap's forwarding) and it is in the inbox, once, from Peppol.
  const organization = await api('GET', '/api/v1/organizations/me/');
  const own = organization.json.peppol_id as string;
  const number = `SUPPLIER-${Date.now()}`;
  const invoice = readFileSync('vendor/einvoicing/examples/peppol/base-example.xml', 'utf8')
    .replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>${number}</cbc:ID>`)
    .replace(
      '<cbc:EndpointID schemeID="0002">FR23342</cbc:EndpointID>',
      `<cbc:EndpointID schemeID="${own.slice(0, 4)}">${own.slice(5)}</cbc:EndpointID>`,
    );
  const sent = await fetch(`${info.peppol.deliver_url}?from=0088:9482348239847239874&to=${own}`, {
    method: 'POST',
    body: invoice,
  });
  expect(sent.status).toBe(202);
  const { message_id } = (await sent.json()) as { message_id: string };
  type Arrived = { source: { channel: string; message_id?: string }; responses: { code: string; status: string }[] };
  const arrivedAs = async (done: (found: Arrived[]) => boolean, what: string) => {
    for (let waited = 0; waited <= 30_000; waited += 250) {
      const found = ((await api('GET', `/api/v1/incoming-invoices/?q=${number}`)).json.results as Arrived[]) ?? [];
      if (done(found)) return found;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the invoice ${number} never ${what}`);
  };
  const found = await arrivedAs((documents) => documents.length > 0, 'arrived over Peppol');
  expect(found.map((document) => document.source)).toEqual([
    { channel: 'peppol', message_id, sender: '0088:9482348239847239874' },
  ]);
  // Its arrival is acknowledged to the supplier with an Invoice Response (AB), through the same access point.
  const answered = await arrivedAs(
    (documents) => documents[0]?.responses.some((response) => response.code === 'AB') === true,
    'was acknowledged',
  );
  expect(answered[0]!.responses.map((response) => [response.code, response.status])).toEqual([['AB', 'sent']]);
}
