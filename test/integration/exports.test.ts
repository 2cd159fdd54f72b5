// Exports: asked for over the API, written by the export worker as the bus hands it export.created,
// streamed into the S3 emulator and downloaded through the link GET gives. CSV read back as RFC 4180;
// a DATEV batch of a month with three VAT rates and a credit note checked field by field.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxEvent } from '#shared/domain/events';
import { DATEV_COLUMNS } from '#shared/domain/datev';
import { call, db, newTenant, tableItemCount } from '#test/support/api';
import { deliverFromBus } from '#test/support/bus';

type Tenant = Awaited<ReturnType<typeof newTenant>>;
let tenant: Tenant;
let worker: Parameters<typeof deliverFromBus>[0];
const invoices: Record<string, any> = {};
let creditNote: any;

const line = (unit_price: string, tax: object) => ({ description: 'Work', quantity: 1, unit_price, ...tax });
const STANDARD = { tax_rate: '19' };
const REDUCED = { tax_rate: '7' };
const EXEMPT = { tax_category: 'E', tax_rate: '0', tax_exemption_reason: 'Art. 132(1)(i) MwStSystRL' };

async function issue(owner: Tenant, client: string, issueDate: string, lines: object[], send = true) {
  const created = await call('create-invoice', {
    token: owner.apiKey,
    body: { client, issue_date: issueDate, due_date: issueDate.replace(/-\d\d$/, '-28'), line_items: lines },
  });
  expect(created.status, created.text).toBe(201);
  if (send) await call('send-invoice', { token: owner.apiKey, params: { id: created.json.id } });
  return (await call('get-invoice', { token: owner.apiKey, params: { id: created.json.id } })).json;
}

/** The organization's events of one kind, as the outbox holds them (and the bus hands them on). */
async function outboxEvents(organizationId: string, type: string): Promise<OutboxEvent[]> {
  const { Items = [] } = await db.client.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :events)',
      ExpressionAttributeValues: { ':pk': `ORG#${organizationId}`, ':events': 'EVENT#' },
    }),
  );
  return Items.map((item) => item.event as OutboxEvent).filter((event) => event.type === type);
}

/** Asks for an export, lets the worker write it as the bus would hand it over, and answers the finished job. */
async function exported(owner: Tenant, body: object) {
  const asked = await call('create-export', { token: owner.apiKey, body });
  expect(asked.status, asked.text).toBe(202);
  expect(asked.json).toMatchObject({ status: 'pending', rows_done: 0, download_url: null });
  const event = (await outboxEvents(owner.id, 'export.created')).find(
    (e) => (e.data.object as any).id === asked.json.id,
  )!;
  expect(await deliverFromBus(worker, [event])).toEqual([]);
  const job = await call('get-export', { token: owner.apiKey, params: { id: asked.json.id } });
  expect(job.status).toBe(200);
  expect(job.json.status).toBe('completed');
  const download = await fetch(job.json.download_url);
  expect(download.status).toBe(200);
  return { job: job.json, bytes: Buffer.from(await download.arrayBuffer()) };
}

/** RFC 4180: records end with CRLF, quoted fields may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string, separator = ','): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') (field += '"'), index++;
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) record.push(field), (field = '');
    else if (char === '\r' && text[index + 1] === '\n') {
      record.push(field), records.push(record), (record = []), (field = ''), index++;
    } else if (char === '\n') throw new Error(`a bare LF at ${index}: records must end with CRLF`);
    else field += char;
  }
  expect(field === '' && record.length === 0, 'the file ends with CRLF').toBe(true);
  return records;
}

beforeAll(async () => {
  ({ handler: worker } = await import('#functions/export-worker/handler'));
  tenant = await newTenant('Exports');
  const settings = await call('update-organization', {
    token: tenant.ownerToken,
    body: { default_currency: 'EUR', datev: { consultant_number: 1001, client_number: 4711 } },
  });
  expect(settings.status, settings.text).toBe(200);
  const client = async (name: string) =>
    (await call('create-client', { token: tenant.apiKey, body: { name, email: 'ap@x.example' } })).json.id;
  const muller = await client('Müller, "Söhne" & Co.\nKG');
  const formula = await client('=HYPERLINK("http://evil.example","x")');
  invoices.standard = await issue(tenant, muller, '2026-11-03', [line('100.00', STANDARD)]);
  invoices.mixed = await issue(tenant, formula, '2026-11-10', [
    line('200.00', STANDARD),
    line('50.00', REDUCED),
    line('30.00', EXEMPT),
  ]);
  invoices.draft = await issue(tenant, muller, '2026-11-12', [line('5.00', STANDARD)], false);
  invoices.voided = await issue(tenant, muller, '2026-11-14', [line('7.00', STANDARD)]);
  await call('void-invoice', { token: tenant.ownerToken, params: { id: invoices.voided.id } });
  invoices.december = await issue(tenant, muller, '2026-12-01', [line('9.00', STANDARD)]);
  // A credit note is dated the day it is made: made as of 20 November, so that the month the exports
  // below book holds it on whatever day the suite runs.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T12:00:00Z') });
  const credited = await call('create-credit-note', {
    token: tenant.apiKey,
    params: { id: invoices.mixed.id },
    body: { lines: [{ line: 1, quantity: '1' }], reason: 'order_change' },
  }).finally(() => vi.useRealTimers());
  expect(credited.status, credited.text).toBe(201);
  creditNote = credited.json;
  await call('record-payment', {
    token: tenant.apiKey,
    params: { id: invoices.standard.id },
    body: { amount: '50.00', method: 'bank_transfer', reference: '+SEPA 1' },
  });
});

describe('CSV exports', () => {
  it('holds the period’s issued invoices, one RFC 4180 row each, exact amounts, formulas defused', async () => {
    const { job, bytes } = await exported(tenant, { kind: 'invoices', from: '2026-11-01', to: '2026-11-30' });
    expect(job).toMatchObject({
      rows_done: 3,
      rows_total: 3,
      format: 'csv',
      file_name: 'invoices_2026-11-01_2026-11-30.csv',
    });
    expect(job.download_expires_at).toBeDefined();
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = parseCsv(bytes.toString('utf8').slice(1));
    expect(header).toEqual(expect.arrayContaining(['invoice_number', 'status', 'client_name', 'total_amount']));
    const column = (name: string) => header!.indexOf(name);
    const byNumber = new Map(rows.map((row) => [row[column('invoice_number')], row]));
    // Drafts are not documents yet; a voided invoice was issued and stays, marked void.
    expect([...byNumber.keys()].sort()).toEqual(
      [invoices.standard.invoice_number, invoices.mixed.invoice_number, invoices.voided.invoice_number].sort(),
    );
    const standard = byNumber.get(invoices.standard.invoice_number)!;
    expect(standard[column('client_name')]).toBe('Müller, "Söhne" & Co.\nKG');
    expect(standard[column('total_amount')]).toBe(invoices.standard.total_amount);
    expect(standard[column('amount_paid')]).toBe('50.00');
    expect(byNumber.get(invoices.mixed.invoice_number)![column('client_name')]).toBe(
      `'=HYPERLINK("http://evil.example","x")`,
    );
    expect(byNumber.get(invoices.voided.invoice_number)![column('status')]).toBe('void');
    // The totals of what counts (not void) add up to the invoices' own totals, to the cent.
    const counted = rows.filter((row) => row[column('status')] !== 'void');
    const cents = counted.reduce((sum, row) => sum + Math.round(Number(row[column('total_amount')]) * 100), 0);
    expect(cents).toBe(
      [invoices.standard, invoices.mixed].reduce(
        (sum, invoice) => sum + Math.round(Number(invoice.total_amount) * 100),
        0,
      ),
    );
  });

  it('holds drafts only when asked', async () => {
    const { bytes } = await exported(tenant, {
      kind: 'invoices',
      from: '2026-11-01',
      to: '2026-11-30',
      include_drafts: true,
    });
    expect(bytes.toString('utf8')).toContain(invoices.draft.invoice_number);
  });

  it('exports payments with their invoice’s number, credit notes and clients', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const payments = parseCsv(
      (await exported(tenant, { kind: 'payments', from: today, to: today })).bytes.toString('utf8').slice(1),
    );
    expect(payments).toHaveLength(2);
    expect(payments[1]).toEqual(expect.arrayContaining([invoices.standard.invoice_number, '50.00', "'+SEPA 1"]));
    const notes = parseCsv(
      (await exported(tenant, { kind: 'credit_notes', from: '2026-11-01', to: '2026-12-31' })).bytes
        .toString('utf8')
        .slice(1),
    );
    expect(notes.slice(1).map((row) => row[0])).toEqual([creditNote.credit_note_number]);
    const clients = parseCsv(
      (await exported(tenant, { kind: 'clients', from: '2020-01-01', to: today })).bytes.toString('utf8').slice(1),
    );
    expect(clients).toHaveLength(3);
  });
});

describe('DATEV export', () => {
  it('books a month with three VAT rates and a credit note, field by field', async () => {
    const { job, bytes } = await exported(tenant, {
      kind: 'invoices',
      format: 'datev',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(job.file_name).toBe('EXTF_Buchungsstapel_invoices_2026-11-01_2026-11-30.csv');
    const text = iconv.decode(bytes, 'win1252');
    // Windows-1252: "ü" is one byte, 0xFC.
    expect(bytes.includes(Buffer.from([0xfc]))).toBe(true);
    const [head, columns, ...bookings] = parseCsv(text, ';');
    expect(head).toHaveLength(31);
    expect(head!.slice(0, 5)).toEqual(['EXTF', '700', '21', 'Buchungsstapel', '13']);
    expect(head![5]).toMatch(/^\d{17}$/);
    expect(head!.slice(10, 16)).toEqual(['1001', '4711', '20260101', '4', '20261101', '20261130']);
    expect(head![21]).toBe('EUR');
    expect(head![26]).toBe('03');
    expect(columns).toEqual([...DATEV_COLUMNS]);
    const rows = bookings.map((fields) => ({
      amount: fields[0],
      side: fields[1],
      currency: fields[2],
      debtor: fields[6],
      revenue: fields[7],
      date: fields[9],
      number: fields[10],
      due: fields[11],
      text: fields[13],
    }));
    const mixed = {
      number: invoices.mixed.invoice_number,
      date: '1011',
      due: '28112026',
      debtor: '10000',
      currency: 'EUR',
    };
    expect(rows).toEqual([
      {
        amount: '119,00',
        side: 'S',
        revenue: '8400',
        number: invoices.standard.invoice_number,
        date: '0311',
        due: '28112026',
        debtor: '10000',
        currency: 'EUR',
        text: 'Müller, "Söhne" & Co.\nKG',
      },
      { ...mixed, amount: '238,00', side: 'S', revenue: '8400', text: `'=HYPERLINK("http://evil.example","x")` },
      { ...mixed, amount: '53,50', side: 'S', revenue: '8300', text: `'=HYPERLINK("http://evil.example","x")` },
      { ...mixed, amount: '30,00', side: 'S', revenue: '8100', text: `'=HYPERLINK("http://evil.example","x")` },
      {
        amount: '53,50',
        side: 'H',
        revenue: '8300',
        number: creditNote.credit_note_number,
        date: creditNote.issue_date.slice(8, 10) + creditNote.issue_date.slice(5, 7),
        due: '',
        debtor: '10000',
        currency: 'EUR',
        text: `=HYPERLINK("http://evil.example","x")`.replace(/^=/, "'="),
      },
    ]);
    expect(job.rows_total).toBe(4); // three invoices (one void, not booked) and the credit note
  });
});

describe('DATEV text Windows-1252 cannot hold', () => {
  it('is composed first, then one ? per character lost, not one per UTF-16 unit', async () => {
    const owner = await newTenant('Exports in 1252');
    await call('update-organization', {
      token: owner.ownerToken,
      body: { default_currency: 'EUR', datev: { consultant_number: 1001, client_number: 4711 } },
    });
    const name = 'Cafe\u0301 😀 𝄞 GmbH';
    const client = (await call('create-client', { token: owner.apiKey, body: { name, email: 'ap@x.example' } })).json;
    await issue(owner, client.id, '2026-10-05', [line('10.00', STANDARD)]);
    const { bytes } = await exported(owner, {
      kind: 'invoices',
      format: 'datev',
      from: '2026-10-01',
      to: '2026-10-31',
    });
    const [, , booking] = parseCsv(iconv.decode(bytes, 'win1252'), ';');
    expect(booking![13]).toBe('Café ? ? GmbH');
    expect(bytes.includes(Buffer.from('??'))).toBe(false);
  });
});

describe('bad export requests', () => {
  it('answer 4xx naming the field, or 404, and write nothing', async () => {
    const other = await newTenant('Exports elsewhere');
    const before = await tableItemCount();
    const refusals: [object, number, string][] = [
      [{ kind: 'receipts', from: '2026-11-01', to: '2026-11-30' }, 400, 'kind'],
      [{ kind: 'invoices', from: '2026-12-01', to: '2026-11-30' }, 400, 'to'],
      [{ kind: 'invoices', from: '2026-11-31', to: '2026-12-01' }, 400, 'from'],
      [{ kind: 'invoices', format: 'xlsx', from: '2026-11-01', to: '2026-11-30' }, 400, 'format'],
      [{ kind: 'payments', format: 'datev', from: '2026-11-01', to: '2026-11-30' }, 400, 'format'],
      [{ kind: 'invoices', format: 'datev', from: '2026-11-01', to: '2027-01-31' }, 400, 'to'],
      [{ kind: 'invoices', from: '2026-11-01', to: '2026-11-30', extra: 1 }, 400, 'extra'],
    ];
    for (const [body, status, field] of refusals) {
      const refused = await call('create-export', { token: tenant.apiKey, body });
      expect(refused.status, JSON.stringify(body)).toBe(status);
      expect(refused.json.error.details.fields).toHaveProperty(field);
    }
    const unset = await call('create-export', {
      token: other.apiKey,
      body: { kind: 'invoices', format: 'datev', from: '2026-11-01', to: '2026-11-30' },
    });
    expect(unset.status).toBe(409);
    expect(unset.json.error.message).toMatch(/datev settings/);
    expect(await tableItemCount()).toBe(before);

    const mine = await call('create-export', {
      token: tenant.apiKey,
      body: { kind: 'clients', from: '2026-11-01', to: '2026-11-30' },
    });
    const theirs = await call('get-export', { token: other.apiKey, params: { id: mine.json.id } });
    expect(theirs.status).toBe(404);
  });

  it('exports only what the credential may read', async () => {
    const key = await call('create-api-key', {
      token: tenant.ownerToken,
      body: { name: 'Reports only', scopes: ['reports:read', 'invoices:read'] },
    });
    expect(key.status, key.text).toBe(201);
    const clients = await call('create-export', {
      token: key.json.secret,
      body: { kind: 'clients', from: '2026-11-01', to: '2026-11-30' },
    });
    expect(clients.status).toBe(403);
    expect(clients.json.error).toMatchObject({
      code: 'insufficient_scope',
      details: { required_scope: 'clients:read' },
    });
    const own = await call('create-export', {
      token: key.json.secret,
      body: { kind: 'invoices', from: '2026-11-01', to: '2026-11-30' },
    });
    expect(own.status).toBe(202);
  });
});
