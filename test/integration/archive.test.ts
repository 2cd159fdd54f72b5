// The archive (docs/archive.md) as a client, an auditor and a crash see it: what an invoice was issued
// and mailed with is kept and served byte for byte, whatever the rendering code does later; a changed
// or removed object, or a removed record, is found by verify; retention is only raised; every write
// carries its lock; a credit note whose process died before its archive write is archived by the sweeper.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { archivePutInput, archiveStore } from '#shared/aws/archive-store';
import { documentFile } from '#shared/archive/document-file';
import { invoiceWithOrganization } from '#shared/data/invoices';
import { renderDocument } from '#shared/documents/render';
import { LANGUAGES, wordsFor } from '#shared/documents/labels';
import { sendInvoice } from '#shared/invoicing/send-invoice';
import { sesSender } from '#shared/aws/ses';
import { createLogger } from '#shared/observability/logger';
import { call, db, newTenant } from '#test/support/api';
import { TEST_ARCHIVE_BUCKET } from '#test/support/buckets';
import { deliverFromBus } from '#test/support/bus';
import { storedEmail } from '#test/support/emails';
import { austrianSeller, euInvoice, frenchBuyer } from '#test/support/eu-invoice';
import { outboxEvents } from '#test/support/peppol-queue';
import { readPdf } from '#test/support/pdf';

const s3 = new S3Client({ forcePathStyle: true });
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const EXAMPLE = new URL('../../vendor/einvoicing/examples/peppol/base-example.xml', import.meta.url);

let tenant: Awaited<ReturnType<typeof newTenant>>;
let clientId: string;
beforeAll(async () => {
  tenant = await newTenant('Archived');
  const seller = { ...austrianSeller, default_currency: 'EUR', e_invoice_format: 'ubl' };
  const updated = await call('update-organization', { token: tenant.ownerToken, body: seller });
  expect(updated.status, updated.text).toBe(200);
  clientId = (await call('create-client', { token: tenant.apiKey, body: frenchBuyer })).json.id;
});

const draft = async () => {
  const body = { client: clientId, issue_date: '2026-11-02', due_date: '2026-12-02', ...euInvoice() };
  const created = await call('create-invoice', { token: tenant.apiKey, body });
  expect(created.status, created.text).toBe(201);
  return created.json as { id: string; public_url: string };
};
const issue = async () => {
  const invoice = await draft();
  const sent = await call('send-invoice', { token: tenant.apiKey, params: { id: invoice.id } });
  expect(sent.status, sent.text).toBe(200);
  return invoice;
};
const recordsOf = async (document: string, token = tenant.apiKey) => {
  const listed = await call('list-archive', { token, query: { document } });
  expect(listed.status, listed.text).toBe(200);
  return listed.json.results as {
    id: string;
    format: string;
    kind: string;
    reason: string;
    sha256: string;
    key: string;
    size: number;
  }[];
};
const tokenOf = (invoice: { public_url: string }) => new URL(invoice.public_url).pathname.split('/').at(-2)!;
const verify = async (query: Record<string, string> = {}) =>
  (await call('verify-archive', { token: tenant.apiKey, query })).json;
/** Behind the service's back, as anyone holding the bucket's credentials could: a new version under the key. */
const overwrite = (key: string, bytes: Uint8Array) =>
  s3.send(
    new PutObjectCommand(
      archivePutInput(TEST_ARCHIVE_BUCKET, key, bytes, {
        mediaType: 'application/pdf',
        sha256: sha256(bytes),
        retainUntil: new Date(Date.now() + 86_400_000),
      }),
    ),
  );

describe('issuing an invoice', () => {
  it('archives its PDF, its e-invoice and the e-mail as sent, and every download serves those bytes', async () => {
    const invoice = await issue();
    const records = await recordsOf(invoice.id);
    expect(records.map((record) => [record.kind, record.format, record.reason]).sort()).toEqual([
      ['document', 'pdf', 'issued'],
      ['document', 'ubl', 'issued'],
      ['sending', 'email', 'sent'],
    ]);
    const pdfRecord = records.find((record) => record.format === 'pdf')!;
    const archived = await call('get-archive-record', { token: tenant.apiKey, params: { id: pdfRecord.id } });
    expect(archived.status).toBe(200);
    expect(sha256(archived.bytes)).toBe(pdfRecord.sha256);
    expect(archived.headers['repr-digest']).toBe(
      `sha-256=:${Buffer.from(pdfRecord.sha256, 'hex').toString('base64')}:`,
    );
    const pdf = await call('download-public-invoice', { params: { token: tokenOf(invoice) } });
    expect(pdf.bytes.equals(archived.bytes)).toBe(true);
    const ubl = await call('get-invoice-e-invoice', {
      token: tenant.apiKey,
      params: { id: invoice.id },
      query: { format: 'ubl' },
    });
    expect(sha256(ubl.bytes)).toBe(records.find((record) => record.format === 'ubl')!.sha256);
    // The e-mail went out with the archived files, and is itself archived as sent.
    const stored = (await call('get-invoice', { token: tenant.apiKey, params: { id: invoice.id } })).json;
    const email = await storedEmail(stored.sendings[0].message_id);
    const attached = email.attachments.find((file) => file.contentType === 'application/pdf')!;
    expect(sha256(Buffer.from(attached.content, 'base64'))).toBe(pdfRecord.sha256);
    const mime = records.find((record) => record.format === 'email')!;
    const mimeBytes = (await call('get-archive-record', { token: tenant.apiKey, params: { id: mime.id } })).bytes;
    expect(mimeBytes.toString('utf8')).toContain(`Subject: `);
    // Each record's event carries its SHA-256 into the audit chain.
    const events = await outboxEvents(tenant.id, 'archive_record.written');
    expect(events.map((event) => (event.data.object as { sha256: string }).sha256)).toEqual(
      expect.arrayContaining(records.map((record) => record.sha256)),
    );
  });

  it('archives a format first asked for later at that request, once', async () => {
    const invoice = await issue();
    const first = await call('get-invoice-e-invoice', {
      token: tenant.apiKey,
      params: { id: invoice.id },
      query: { format: 'cii' },
    });
    const again = await call('get-invoice-e-invoice', {
      token: tenant.apiKey,
      params: { id: invoice.id },
      query: { format: 'cii' },
    });
    expect(again.bytes.equals(first.bytes)).toBe(true);
    const cii = (await recordsOf(invoice.id)).filter((record) => record.format === 'cii');
    expect(cii).toMatchObject([{ reason: 'requested', kind: 'document', sha256: sha256(first.bytes) }]);
  });

  it('serves the archived bytes after the rendering code changes: a label swapped draws new PDFs, not issued ones', async () => {
    const renderer = { render: renderDocument };
    const files = { renderer, archive: archiveStore(), publicBaseUrl: process.env.PUBLIC_BASE_URL! };
    const deps = {
      ...files,
      db,
      ses: sesSender(),
      from: 'Acme Billing <billing@acme.example>',
      log: createLogger('silent', {}),
    };
    const invoice = await draft();
    await sendInvoice(deps, tenant.id, invoice.id);
    const found = (await invoiceWithOrganization(db, tenant.id, invoice.id))!;
    const issued = await documentFile({ ...files, db }, found, 'pdf');
    const languages = LANGUAGES.map((language) => wordsFor(language));
    const labels = languages.map((words) => words.invoice);
    for (const words of languages) words.invoice = 'Swapped label';
    try {
      const later = await documentFile({ ...files, db }, found, 'pdf');
      expect(Buffer.from(later.content as Uint8Array).equals(Buffer.from(issued.content as Uint8Array))).toBe(true);
      expect(readPdf(later.content as Uint8Array).text).not.toContain('Swapped label');
      const redrawn = await renderDocument({
        kind: 'invoice-pdf',
        invoice: found.invoice,
        publicBaseUrl: files.publicBaseUrl,
      });
      expect(readPdf(redrawn.content as Uint8Array).text).toContain('Swapped label');
    } finally {
      languages.forEach((words, index) => {
        words.invoice = labels[index]!;
      });
    }
  });
});

describe('the archive export', () => {
  it('is a flat ZIP of every archived PDF and e-invoice of the period, with one index row per file and its SHA-256', async () => {
    const other = await newTenant('Archive exported');
    const seller = { ...austrianSeller, default_currency: 'EUR', e_invoice_format: 'cii' };
    await call('update-organization', { token: other.ownerToken, body: seller });
    const client = (await call('create-client', { token: other.apiKey, body: frenchBuyer })).json.id;
    const body = { client, issue_date: '2026-11-02', due_date: '2026-12-02', ...euInvoice() };
    const invoice = (await call('create-invoice', { token: other.apiKey, body })).json;
    expect((await call('send-invoice', { token: other.apiKey, params: { id: invoice.id } })).status).toBe(200);
    await call('get-invoice-e-invoice', { token: other.apiKey, params: { id: invoice.id }, query: { format: 'ubl' } });
    const later = { client, issue_date: '2026-12-02', due_date: '2026-12-30', ...euInvoice() };
    const outside = (await call('create-invoice', { token: other.apiKey, body: later })).json;
    await call('send-invoice', { token: other.apiKey, params: { id: outside.id } });
    const refused = await call('create-export', {
      token: other.apiKey,
      body: { kind: 'archive', format: 'csv', from: '2026-11-01', to: '2026-11-30' },
    });
    expect([refused.status, Object.keys(refused.json.error.details.fields)]).toEqual([400, ['format']]);
    const asked = await call('create-export', {
      token: other.apiKey,
      body: { kind: 'archive', from: '2026-11-01', to: '2026-11-30' },
    });
    expect([asked.status, asked.json.format, asked.json.file_name]).toEqual([
      202,
      'zip',
      'archive_2026-11-01_2026-11-30.zip',
    ]);
    const { handler: worker } = await import('#functions/export-worker/handler');
    const created = (await outboxEvents(other.id, 'export.created')).find(
      (event) => (event.data.object as { id: string }).id === asked.json.id,
    )!;
    expect(await deliverFromBus(worker, [created])).toEqual([]);
    const job = (await call('get-export', { token: other.apiKey, params: { id: asked.json.id } })).json;
    expect([job.status, job.rows_done]).toEqual(['completed', 1]);
    const zip = unzipSync(new Uint8Array(await (await fetch(job.download_url)).arrayBuffer()));
    const names = Object.keys(zip).sort();
    const number = invoice.invoice_number.replace(/[^A-Za-z0-9._-]+/g, '_');
    expect(names).toEqual(
      [`invoice-${number}-pdf.pdf`, `invoice-${number}-ubl.xml`, `invoice-${number}-cii.xml`, 'index.csv'].sort(),
    );
    for (const name of names) expect(name).not.toMatch(/[/\\]|^\./);
    const [header, ...rows] = new TextDecoder()
      .decode(zip['index.csv'])
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe('number,date,type,counterparty,currency,net,tax,total,file_name,format,sha256,record_id');
    expect(rows).toHaveLength(3);
    for (const line of rows) {
      const cells = line.split(',');
      expect(cells.slice(0, 3)).toEqual([invoice.invoice_number, '2026-11-02', 'invoice']);
      expect(cells[7]).toBe(invoice.total_amount);
      expect(cells[10]).toBe(sha256(zip[cells[8]!]!));
    }
  });
});

describe('verify', () => {
  it('answers ok, then finds an object changed behind the service’s back and one deleted; neither is served', async () => {
    const invoice = await issue();
    const before = await verify();
    expect(before).toMatchObject({ status: 'ok' });
    expect(before.objects).toBeGreaterThanOrEqual(3);
    const [pdf] = (await recordsOf(invoice.id)).filter((record) => record.format === 'pdf');
    await overwrite(pdf!.key, Buffer.from('%PDF-1.7 not what was issued'));
    expect(await verify()).toMatchObject({ status: 'broken', record: pdf!.id, key: pdf!.key, reason: 'differs' });
    const refused = await call('get-archive-record', { token: tenant.apiKey, params: { id: pdf!.id } });
    expect([refused.status, refused.json.error.code]).toEqual([409, 'archive_mismatch']);
    const download = await call('download-public-invoice', { params: { token: tokenOf(invoice) } });
    expect(download.status).toBe(409);
    await s3.send(new DeleteObjectCommand({ Bucket: TEST_ARCHIVE_BUCKET, Key: pdf!.key }));
    expect(await verify()).toMatchObject({ status: 'broken', record: pdf!.id, reason: 'missing' });
    // Another period does not read it.
    expect(await verify({ from: '2026-01-01', to: '2026-01-31' })).toEqual({ status: 'ok', objects: 0 });
  });

  it('finds a record removed from the table that the audit chain names', async () => {
    const other = await newTenant('Archive audited');
    await call('update-organization', {
      token: other.ownerToken,
      body: { ...austrianSeller, default_currency: 'EUR' },
    });
    const client = (await call('create-client', { token: other.apiKey, body: frenchBuyer })).json.id;
    const body = { client, issue_date: '2026-11-02', due_date: '2026-12-02', ...euInvoice() };
    const invoice = (await call('create-invoice', { token: other.apiKey, body })).json;
    await call('send-invoice', { token: other.apiKey, params: { id: invoice.id } });
    const { handler } = await import('#functions/audit-chainer/handler');
    expect(await deliverFromBus(handler, await outboxEvents(other.id, 'archive_record.written'))).toEqual([]);
    const entries = (
      await call('list-audit-log', { token: other.ownerToken, query: { action: 'archive_record.written' } })
    ).json.results;
    expect(entries[0].resource.type).toBe('archive_record');
    expect(entries[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    const [removed] = await recordsOf(invoice.id, other.apiKey);
    await db.client.send(
      new DeleteCommand({ TableName: db.table, Key: { pk: `ORG#${other.id}`, sk: `ARCHIVE#${removed!.id}` } }),
    );
    const answer = (await call('verify-archive', { token: other.apiKey })).json;
    expect(answer).toMatchObject({ status: 'broken', record: removed!.id, key: null, reason: 'record_missing' });
  });
});

describe('the archive’s routes', () => {
  it('answer 404 for another organization’s record, an empty list for a document without records, and page by days', async () => {
    const invoice = await issue();
    const [record] = await recordsOf(invoice.id);
    const stranger = await newTenant('Stranger');
    const other = await call('get-archive-record', { token: stranger.apiKey, params: { id: record!.id } });
    expect([other.status, other.json.error.code]).toEqual([404, 'not_found']);
    expect(await recordsOf(invoice.id, stranger.apiKey)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const listed = await call('list-archive', { token: tenant.apiKey, query: { from: today, to: today, limit: '2' } });
    expect(listed.json.results).toHaveLength(2);
    expect(listed.json.next).toEqual(expect.any(String));
    const old = await call('list-archive', { token: tenant.apiKey, query: { to: '2025-12-31' } });
    expect(old.json.results).toEqual([]);
    const inverted = await call('list-archive', { token: tenant.apiKey, query: { from: today, to: '2025-12-31' } });
    expect([inverted.status, inverted.json.error.details.fields]).toEqual([400, { to: expect.any(String) }]);
  });

  it('archive a received e-invoice as it came', async () => {
    const bytes = readFileSync(EXAMPLE);
    const received = await call('create-incoming-invoice', {
      token: tenant.apiKey,
      file: { bytes, type: 'application/xml' },
    });
    expect(received.status, received.text).toBe(201);
    const [record] = await recordsOf(received.json.id);
    expect(record).toMatchObject({ kind: 'received', format: 'original', reason: 'received', sha256: sha256(bytes) });
  });
});

describe('retention', () => {
  it('is only raised: the same value is accepted, a lower one refused naming the field, and new objects take it', async () => {
    const patch = (years: unknown) =>
      call('update-organization', { token: tenant.ownerToken, body: { archive_retention_years: years } });
    expect((await call('get-organization', { token: tenant.apiKey })).json.archive_retention_years).toBe(10);
    expect((await patch(10)).status).toBe(200);
    for (const wrong of [5, 31, 10.5, '12']) {
      const refused = await patch(wrong);
      expect([refused.status, Object.keys(refused.json.error.details.fields)]).toEqual([
        400,
        ['archive_retention_years'],
      ]);
    }
    expect((await patch(12)).json.archive_retention_years).toBe(12);
    const lowered = await patch(11);
    expect([lowered.status, lowered.json.error.details.fields.archive_retention_years]).toEqual([
      400,
      expect.stringContaining('12'),
    ]);
    const invoice = await issue();
    const [stored] = (await call('list-archive', { token: tenant.apiKey, query: { document: invoice.id } })).json
      .results;
    const years = new Date(stored.retain_until).getUTCFullYear() - new Date(stored.written_at).getUTCFullYear();
    expect(years).toBe(12);
  });
});

describe('the locked bucket', () => {
  it('takes only writes that carry the lock in compliance mode, a retain-until date and the bytes’ own SHA-256', async () => {
    const bytes = Buffer.from('archived');
    const input = archivePutInput(TEST_ARCHIVE_BUCKET, 'probe/ok', bytes, {
      mediaType: 'text/plain',
      sha256: sha256(bytes),
      retainUntil: new Date(Date.now() + 60_000),
    });
    expect(input).toMatchObject({
      ObjectLockMode: 'COMPLIANCE',
      ChecksumSHA256: createHash('sha256').update(bytes).digest('base64'),
    });
    await s3.send(new PutObjectCommand(input));
    const unlocked = { Bucket: TEST_ARCHIVE_BUCKET, Key: 'probe/unlocked', Body: bytes };
    await expect(s3.send(new PutObjectCommand(unlocked))).rejects.toMatchObject({ name: 'InvalidRequest' });
    const wrongSum = {
      ...input,
      Key: 'probe/wrong',
      ChecksumSHA256: createHash('sha256').update('other').digest('base64'),
    };
    await expect(s3.send(new PutObjectCommand(wrongSum))).rejects.toMatchObject({ name: 'BadDigest' });
    const past = { ...input, Key: 'probe/past', ObjectLockRetainUntilDate: new Date(Date.now() - 1000) };
    await expect(s3.send(new PutObjectCommand(past))).rejects.toMatchObject({ name: 'InvalidArgument' });
  });
});

describe('a crash between issuing and the archive write', () => {
  it('leaves the credit note due, and the sweeper archives it: nothing issued goes unarchived', async () => {
    const invoice = await issue();
    const output = (() => {
      try {
        return execFileSync(
          process.execPath,
          ['--import', 'tsx', 'test/support/archive-crash-child.ts', tenant.id, invoice.id],
          {
            env: process.env,
            encoding: 'utf8',
          },
        );
      } catch (error) {
        return { status: (error as { status: number }).status, stdout: (error as { stdout: string }).stdout };
      }
    })();
    expect(output).toEqual({ status: 137, stdout: 'killed at the archive write\n' });
    const notes = (await call('list-invoice-credit-notes', { token: tenant.apiKey, params: { id: invoice.id } })).json;
    const note = notes.results.at(-1);
    expect(note.invoice.id).toBe(invoice.id);
    expect(await recordsOf(note.id)).toEqual([]);
    const due = { pk: `ORG#${tenant.id}`, sk: `ARCHIVE_DUE#credit_note#${note.id}` };
    expect((await db.client.send(new GetCommand({ TableName: db.table, Key: due }))).Item).toBeDefined();
    const { handler } = await import('#functions/archive-sweeper/handler');
    // Within its grace the sweeper leaves it to its own operation; after it, archives it.
    expect(await handler({ now: new Date().toISOString() })).toMatchObject({ failed: 0 });
    expect(await recordsOf(note.id)).toEqual([]);
    expect(await handler({ now: new Date(Date.now() + 5 * 60_000).toISOString() })).toMatchObject({ failed: 0 });
    const records = await recordsOf(note.id);
    expect(records.map((record) => [record.format, record.reason]).sort()).toEqual([
      ['pdf', 'issued'],
      ['ubl', 'issued'],
    ]);
    expect((await db.client.send(new GetCommand({ TableName: db.table, Key: due }))).Item).toBeUndefined();
    const served = await call('download-public-credit-note', { params: { token: tokenOf(note) } });
    expect(sha256(served.bytes)).toBe(records.find((record) => record.format === 'pdf')!.sha256);
  });
});
