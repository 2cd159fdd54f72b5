// A newcomer's first minutes with `npm run dev`: dev.json, the seeded demo data, and the README's
// curl flow through the typed client.
import { readFileSync } from 'node:fs';
import { createTransport } from 'nodemailer';
import { expect, it } from 'vitest';
import { useLocalRuntime } from '#test/e2e/support/local-runtime';
import { peppolJourney } from '#test/e2e/support/peppol-journey';

const runtime = useLocalRuntime();
const { api, sdk } = runtime;

it('writes dev.json with the API URL, an API key and the e-mail store', async () => {
  const { info, port } = runtime;
  expect(info.api_base_url).toBe(`http://127.0.0.1:${port}`);
  expect(info.api_key).toMatch(/^inv_live_/);
  expect((await fetch(info.email_store_url)).status).toBe(200);
  expect(info.organizations.length).toBeGreaterThanOrEqual(3);
});

it('seeds a new database with an invoice in every status, and puts each service on a port after PORT', async () => {
  const { info, port, output } = runtime;
  const statuses = ['draft', 'sent', 'partially_paid', 'paid', 'overdue', 'credited', 'void'];
  expect(Object.keys(info.invoices)).toEqual(statuses);
  for (const status of statuses) {
    const invoice = await api('GET', `/api/v1/invoices/${info.invoices[status]}/`);
    expect([invoice.status, invoice.json.status]).toEqual([200, status]);
  }
  const store = (await (await fetch(info.email_store_url)).json()) as { emails: unknown[] };
  expect(store.emails.length).toBeGreaterThanOrEqual(6);
  // Ports follow PORT unless one was taken (then the console says so).
  const services = [info.dynamodb_endpoint, info.email_store_url, info.sqs_endpoint, info.idp_login_url];
  services.forEach((url, index) => {
    if (!output.includes(`port ${port + index + 1} is taken`)) expect(new URL(url).port).toBe(String(port + index + 1));
  });
});

it('runs a Peppol network with the demo organizations on it, which the API looks participants up on', async () => {
  const { info } = runtime;
  const { peppol } = info;
  const demoIds = info.organizations.map((organization: { id: string }) => organization.id);
  const ours = peppol.participants.filter((participant) => participant.organization_id !== null);
  expect(ours.map((participant) => participant.organization_id).sort()).toEqual([...demoIds].sort());
  const organization = await api('GET', '/api/v1/organizations/me/');
  const own = ours.find((participant) => participant.organization_id === organization.json.id)!;
  expect(organization.json.peppol_id).toBe(own.id);
  const lookup = await api('GET', `/api/v1/peppol/participants/${encodeURIComponent(own.id)}/`);
  expect([lookup.status, lookup.json.registered, lookup.json.document_types]).toEqual([
    200,
    true,
    ['invoice', 'credit_note'],
  ]);
  const nobody = await api('GET', '/api/v1/peppol/participants/0192:923609016/');
  expect([nobody.status, nobody.json.registered]).toEqual([200, false]);
  expect(await (await fetch(peppol.received_url)).json()).toEqual({ results: [] });
  expect(await (await fetch(peppol.fault_url)).json()).toEqual({ pending: [] });
});

it('sends an invoice and its credit note over Peppol through Storecove, from draft to delivered, a passing fault tried again', async () => {
  expect(runtime.info.peppol.access_point).toBe('storecove');
  await peppolJourney(runtime);
}, 90_000);

it("takes an e-invoice e-mailed to an organization's address over SMTP into its inbox, and refuses other addresses", async () => {
  const { inbound_smtp: smtp, organizations } = runtime.info;
  const { address } = smtp.addresses.find((entry) => entry.organization_id === organizations[0]!.id)!;
  const transport = createTransport({ host: smtp.host, port: smtp.port, secure: false, ignoreTLS: true });
  const invoice = readFileSync(
    new URL('../../vendor/einvoicing/examples/peppol/sales-order-example.xml', import.meta.url),
  );
  const mail = (to: string) => ({
    from: 'billing@supplier.example',
    to,
    subject: 'Invoice 4711',
    text: 'Attached.',
    attachments: [{ filename: 'invoice.xml', content: invoice, contentType: 'application/xml' }],
  });
  await expect(transport.sendMail(mail(`someone@${smtp.domain}.example`))).rejects.toMatchObject({ responseCode: 550 });
  await transport.sendMail(mail(address));
  const deadline = Date.now() + 20_000;
  let received: { source: { channel: string; subject: string } }[] = [];
  while (received.length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    received = (await api('GET', '/api/v1/incoming-invoices/')).json.results.filter(
      (each: { source: { channel: string } }) => each.source.channel === 'email',
    );
  }
  expect(received.map((each) => [each.source.channel, each.source.subject])).toEqual([['email', 'Invoice 4711']]);
}, 40_000);

it('serves the README flow through the typed client: create a client, create an invoice, list invoices', async () => {
  const api = sdk();
  const client = await api.POST('/api/v1/clients/', {
    body: { name: 'Acme Corp', email: 'billing@acme.example', country: 'US' },
  });
  expect(client.response.status).toBe(201);
  const invoice = await api.POST('/api/v1/invoices/', {
    body: {
      client: client.data!.id,
      issue_date: '2026-11-01',
      due_date: '2026-12-01',
      line_items: [{ description: 'Consulting', quantity: 10, unit_price: '150.00', tax_rate: '10.00' }],
    },
  });
  expect(invoice.response.status).toBe(201);
  expect(invoice.data).toMatchObject({
    status: 'draft',
    subtotal: '1500.00',
    tax_amount: '150.00',
    total_amount: '1650.00',
  });
  expect(invoice.data!.public_url.startsWith(`${runtime.info.api_base_url}/`)).toBe(true);
  const list = await api.GET('/api/v1/invoices/', { params: { query: { status: 'draft', limit: 100 } } });
  expect(list.data!.results.map((listed) => listed.id)).toContain(invoice.data!.id);
  // Refusals come back typed too: the error envelope with its documented code.
  const missing = await api.GET('/api/v1/invoices/{id}/', { params: { path: { id: `inv_${'0'.repeat(26)}` } } });
  expect([missing.response.status, missing.error?.error.code]).toEqual([404, 'not_found']);
  // The client gives every POST its own Idempotency-Key: a retry of the same call is a new request.
  const again = await api.POST('/api/v1/clients/', { body: { name: 'Acme Corp', email: 'billing@acme.example' } });
  expect(again.data!.id).not.toBe(client.data!.id);
  // A draft has no e-invoice yet: files come back as text or blobs (parseAs), refusals as JSON.
  const draft = await api.GET('/api/v1/invoices/{id}/e-invoice/', {
    params: { path: { id: invoice.data!.id }, query: { format: 'ubl' } },
    parseAs: 'text',
  });
  expect([draft.response.status, draft.error?.error.code]).toEqual([409, 'invalid_state']);
});
