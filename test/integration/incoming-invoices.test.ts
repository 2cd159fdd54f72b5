// Received e-invoices through the upload route and the inbox's routes, with the e-invoice reader
// running as its own function behind the local Lambda API and the originals in the S3 emulator:
// stored once with their event, duplicates announced, hostile files refused with nothing kept,
// decisions that only move forward, attachments and originals served back byte for byte.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { s3IncomingStore } from '#shared/aws/incoming-store';
import { S3Client } from '@aws-sdk/client-s3';
import { call, newTenant } from '#test/support/api';
import { TEST_INCOMING_BUCKET } from '#test/support/buckets';
import { austrianSeller, euInvoice, frenchBuyer } from '#test/support/eu-invoice';
import { outboxEvents } from '#test/support/peppol-queue';
import { readPdf } from '#test/support/pdf';

const EXAMPLES = new URL('../../vendor/einvoicing/examples/', import.meta.url).pathname;
const example = (name: string) => readFileSync(`${EXAMPLES}${name}`);
const xml = (bytes: Uint8Array) => ({ bytes, type: 'application/xml' });
/** An example under another document number (BT-1): several Peppol examples share theirs. */
const renumbered = (name: string, number: string) =>
  Buffer.from(
    example(name)
      .toString('utf8')
      .replace(/<cbc:ID>[^<]*<\/cbc:ID>/, `<cbc:ID>${number}</cbc:ID>`),
  );
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const store = s3IncomingStore(TEST_INCOMING_BUCKET, new S3Client({ forcePathStyle: true }));

let tenant: Awaited<ReturnType<typeof newTenant>>;
beforeAll(async () => {
  tenant = await newTenant('Inbox');
});

const upload = (file: { bytes: Uint8Array; type: string }, token = tenant.apiKey) =>
  call('create-incoming-invoice', { token, file });

describe('POST /api/v1/incoming-invoices/', () => {
  it('stores a Peppol invoice read and checked: 201, received, its view equal to the XML, its event once', async () => {
    const bytes = example('peppol/base-example.xml');
    const answer = await upload(xml(bytes));
    expect(answer.status, answer.text).toBe(201);
    const document = answer.json;
    expect(document).toMatchObject({
      status: 'received',
      syntax: 'ubl-invoice',
      container: 'xml',
      profile: 'peppol-bis-billing-3',
      passed: true,
      source: { channel: 'upload' },
      document_type: 'invoice',
      number: 'Snippet1',
      currency: 'EUR',
      original: { media_type: 'application/xml', size: bytes.byteLength, sha256: sha256(bytes) },
    });
    expect(document.validation.checked).toEqual(['schema', 'en16931', 'peppol']);
    expect(document.validation.fatal).toEqual([]);
    expect(document.view.amount_due).toBe(document.amount_due);
    expect(document.view.line_items.length).toBeGreaterThan(0);
    const received = await outboxEvents(tenant.id, 'incoming_invoice.received');
    expect(received.filter((event) => (event.data.object as { id: string }).id === document.id)).toHaveLength(1);

    const original = await call('get-incoming-invoice-original', { token: tenant.apiKey, params: { id: document.id } });
    expect(original.status).toBe(200);
    expect(sha256(original.bytes)).toBe(sha256(bytes));
    const fetched = await call('get-incoming-invoice', { token: tenant.apiKey, params: { id: document.id } });
    expect(fetched.json).toEqual(document);
  });

  it('answers the same document again with the first, 200, and announces the duplicate, never a second received', async () => {
    const bytes = renumbered('peppol/Vat-category-S.xml', 'DUP-1');
    const first = await upload(xml(bytes));
    expect(first.status, first.text).toBe(201);
    // The same document, written otherwise (an added comment): other bytes, the same identity.
    const again = await upload(xml(Buffer.concat([bytes, Buffer.from('\n<!-- resent -->\n')])));
    expect(again.status, again.text).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    const ofFirst = (type: string) =>
      outboxEvents(tenant.id, type).then((events) =>
        events.filter((event) => (event.data.object as { id: string }).id === first.json.id),
      );
    expect(await ofFirst('incoming_invoice.received')).toHaveLength(1);
    const duplicates = await ofFirst('incoming_invoice.duplicate');
    expect(duplicates).toHaveLength(1);
    expect(duplicates[0]!.data.first_id).toBe(first.json.id);
  });

  it('keeps a well-formed document that fails fatal rules as invalid, with its rules, and takes no decision on it', async () => {
    const broken = example('peppol/vat-category-E.xml')
      .toString('utf8')
      .replace(/<cbc:ID>[^<]*<\/cbc:ID>/, '<cbc:ID>INVALID-1</cbc:ID>')
      .replace(/<cbc:PayableAmount currencyID="(\w+)">([\d.]+)</, '<cbc:PayableAmount currencyID="$1">999999.99<');
    const answer = await upload(xml(Buffer.from(broken)));
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json.status).toBe('invalid');
    expect(answer.json.passed).toBe(false);
    expect(answer.json.fatal_rules).toContain('BR-CO-16');
    const accepted = await call('accept-incoming-invoice', { token: tenant.apiKey, params: { id: answer.json.id } });
    expect(accepted.status).toBe(409);
    expect(accepted.json.error.code).toBe('invalid_state');
  });

  it('refuses a hostile or foreign file with 422 and the reason, and keeps nothing of it', async () => {
    const bytes = Buffer.from(
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${example('peppol/vat-category-O.xml')
        .toString('utf8')
        .replace(/^<\?xml[^>]*>/, '')}`,
    );
    const refused = await upload(xml(bytes));
    expect(refused.status, refused.text).toBe(422);
    expect(refused.json.error).toMatchObject({ code: 'e_invoice_unreadable', details: { reason: 'doctype' } });
    expect(await store.get(`${tenant.id}/${sha256(bytes)}/original`)).toBeUndefined();
    const order = await upload(
      xml(Buffer.from('<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>')),
    );
    expect(order.json.error.details.reason).toBe('not_an_invoice');
    const pdf = await upload({ bytes: Buffer.from('%PDF-1.7\nnot really'), type: 'application/pdf' });
    expect(pdf.status).toBe(422);
    expect(pdf.json.error.details.reason).toBe('not_a_pdf');
  });

  it('answers 415 for another media type and 413 over 10 MB', async () => {
    const text = await upload({ bytes: Buffer.from('hello'), type: 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.json.error.code).toBe('unsupported_media_type');
    const large = await upload(xml(Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)));
    expect(large.status).toBe(413);
  });

  it('takes a Factur-X PDF as this service writes it, reading the CII it embeds', async () => {
    await call('update-organization', {
      token: tenant.ownerToken,
      body: { ...austrianSeller, default_currency: 'EUR' },
    });
    const client = await call('create-client', { token: tenant.apiKey, body: frenchBuyer });
    const invoice = await call('create-invoice', {
      token: tenant.apiKey,
      body: { client: client.json.id, issue_date: '2026-11-02', due_date: '2026-12-02', ...euInvoice() },
    });
    await call('send-invoice', { token: tenant.apiKey, params: { id: invoice.json.id } });
    const pdf = await call('get-invoice-e-invoice', {
      token: tenant.apiKey,
      params: { id: invoice.json.id },
      query: { format: 'factur-x' },
    });
    const answer = await upload({ bytes: pdf.bytes, type: 'application/pdf' });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json).toMatchObject({
      container: 'pdf',
      syntax: 'cii',
      number: invoice.json.invoice_number,
      total_amount: invoice.json.total_amount,
      passed: true,
    });
    // The buyer is the French client, not this organization (its tax id is the Austrian seller's).
    expect(answer.json.misaddressed).toBe(true);
  });
});

describe('decisions and files of a received document', () => {
  it('moves received → accepted → paid, each with its event, and refuses what would go back', async () => {
    const { json: document } = await upload(xml(renumbered('peppol/Allowance-example.xml', 'DECIDE-1')));
    const accepted = await call('accept-incoming-invoice', { token: tenant.apiKey, params: { id: document.id } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json).toMatchObject({ status: 'accepted' });
    expect(accepted.json.decided_at).toBeTruthy();
    const paid = await call('mark-incoming-invoice-paid', { token: tenant.apiKey, params: { id: document.id } });
    expect(paid.json.status).toBe('paid');
    const rejected = await call('reject-incoming-invoice', {
      token: tenant.apiKey,
      params: { id: document.id },
      body: { reason: 'too late' },
    });
    expect(rejected.status).toBe(409);
    const events = await outboxEvents(tenant.id, 'incoming_invoice.paid');
    expect(events.some((event) => (event.data.object as { id: string }).id === document.id)).toBe(true);
  });

  it('rejects only with a reason, which the document keeps', async () => {
    const { json: document } = await upload(xml(renumbered('peppol/base-negative-inv-correction.xml', 'REJECT-1')));
    const without = await call('reject-incoming-invoice', {
      token: tenant.apiKey,
      params: { id: document.id },
      body: {},
    });
    expect(without.status).toBe(400);
    const rejected = await call('reject-incoming-invoice', {
      token: tenant.apiKey,
      params: { id: document.id },
      body: { reason: 'Not ordered by us' },
    });
    expect(rejected.json).toMatchObject({ status: 'rejected', status_reason: 'Not ordered by us' });
  });

  it('serves each embedded attachment byte for byte, as a download', async () => {
    const bytes = example('ubl-tc434-example5.xml');
    const { json: document } = await upload(xml(bytes));
    const embedded = document.attachments.filter((attachment: { url: string | null }) => attachment.url);
    expect(embedded.length).toBeGreaterThan(0);
    for (const attachment of embedded) {
      const file = await call('get-incoming-invoice-attachment', {
        token: tenant.apiKey,
        params: { id: document.id, attachment_id: attachment.id },
      });
      expect(file.status).toBe(200);
      expect(file.headers['content-disposition']).toMatch(/^attachment/);
      expect(sha256(file.bytes)).toBe(attachment.sha256);
    }
    const missing = await call('get-incoming-invoice-attachment', {
      token: tenant.apiKey,
      params: { id: document.id, attachment_id: '99' },
    });
    expect(missing.status).toBe(404);
  });

  it('reads as a PDF and a page in the organization’s language, the sender’s text escaped once, no script', async () => {
    await call('update-organization', { token: tenant.ownerToken, body: { locale: 'de' } });
    const hostile = example('peppol/base-example.xml')
      .toString('utf8')
      .replace(/<cbc:ID>[^<]*<\/cbc:ID>/, '<cbc:ID>VIEW-1</cbc:ID>')
      .replace(
        /(<cac:AccountingSupplierParty>[\s\S]*?<cbc:RegistrationName>)[^<]*</,
        '$1&lt;script&gt;alert(1)&lt;/script&gt; AG<',
      );
    const { json: document } = await upload(xml(Buffer.from(hostile)));
    expect(document.seller.name).toBe('<script>alert(1)</script> AG');
    const page = await call('get-incoming-invoice-html', { token: tenant.apiKey, params: { id: document.id } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).not.toContain('<script>');
    expect(page.text).toContain('&#60;script&#62;alert(1)&#60;/script&#62; AG');
    expect(page.text).toContain('Rechnung VIEW-1');
    const pdf = await call('get-incoming-invoice-pdf', { token: tenant.apiKey, params: { id: document.id } });
    expect(pdf.status, pdf.text).toBe(200);
    const { text } = readPdf(pdf.bytes);
    expect(text).toContain('VIEW-1');
    expect(text).toContain('<script>alert(1)</script> AG');
    // The amount due as German prints it: the document's own value, formatted, never recomputed.
    const due = new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(document.amount_due);
    expect(text.replace(/\s+/g, ' ')).toContain(due.replace(/\s+/g, ' '));
  });

  it('lists newest first with filters, and shows nothing of one organization to another', async () => {
    const all = await call('list-incoming-invoices', { token: tenant.apiKey, query: { limit: '100' } });
    expect(all.json.results.length).toBeGreaterThanOrEqual(5);
    const ids = all.json.results.map((document: { id: string }) => document.id);
    expect([...ids].sort().reverse()).toEqual(ids);
    const invalid = await call('list-incoming-invoices', {
      token: tenant.apiKey,
      query: { status: 'invalid', limit: '100' },
    });
    expect(invalid.json.results.map((document: { status: string }) => document.status)).toEqual(['invalid']);
    const byText = await call('list-incoming-invoices', {
      token: tenant.apiKey,
      query: { q: 'snippet1', limit: '100' },
    });
    expect(
      byText.json.results.every((document: { number: string }) => document.number.toLowerCase().includes('snippet1')),
    ).toBe(true);
    expect(byText.json.results.length).toBeGreaterThan(0);
    const other = await newTenant('Another inbox');
    expect((await call('list-incoming-invoices', { token: other.apiKey })).json.results).toEqual([]);
    const foreign = await call('get-incoming-invoice', { token: other.apiKey, params: { id: ids[0] } });
    expect(foreign.status).toBe(404);
  });
});
