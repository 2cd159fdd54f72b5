// Bank statements in (docs/reconciliation.md): uploaded as the body, read whole before the 202, kept in
// the archive as received, and booked by the statement worker as the bus hands it
// bank_statement.created: each entry once, however often a file or its days come again.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Of } from '#shared/domain/archive';
import { call, newTenant } from '#test/support/api';
import { camtStatement, type ModelEntry, mt940Statement } from '#test/support/bank-statements';
import { deliverFromBus } from '#test/support/bus';
import { outboxEvents as allEvents } from '#test/support/peppol-queue';

type Tenant = Awaited<ReturnType<typeof newTenant>>;
const IBAN = 'DE89370400440532013000';
let tenant: Tenant;
let worker: Parameters<typeof deliverFromBus>[0];

const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .,+-]{0,30}[A-Za-z0-9]$/);
const entry: fc.Arbitrary<ModelEntry> = fc.record({
  direction: fc.constantFrom('credit', 'debit'),
  amount: fc
    .integer({ min: 1, max: 9_999_999 })
    .map((minor) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`),
  currency: fc.constant('EUR'),
  reversal: fc.boolean(),
  booked: fc.boolean(),
  booking_date: fc.integer({ min: 0, max: 27 }).map((day) => `2026-11-${String(day + 1).padStart(2, '0')}`),
  value_date: fc.constant('2026-11-28'),
  name: fc.option(word, { nil: null }),
  iban: fc.option(fc.constantFrom('FR1420041010050500013M02606', 'BE68539007547034'), { nil: null }),
  structured: fc.constant(null),
  text: word,
  servicer_reference: fc.option(fc.stringMatching(/^[A-Z0-9]{6,16}$/), { nil: null }),
  end_to_end_id: fc.constant(null),
});

const upload = (bytes: string, type = 'application/xml', owner = tenant) =>
  call('import-bank-statement', { token: owner.apiKey, file: { bytes: new TextEncoder().encode(bytes), type } });

/** Uploads, lets the worker book as the bus would hand it the event, and answers the finished import. */
async function imported(text: string, type = 'application/xml') {
  const asked = await upload(text, type);
  expect(asked.status, asked.text).toBe(202);
  expect(asked.json).toMatchObject({ status: 'pending', entries_done: 0 });
  const event = (await allEvents(tenant.id, 'bank_statement.created')).find(
    (e) => (e.data.object as { id: string }).id === asked.json.id,
  )!;
  expect(await deliverFromBus(worker, [event])).toEqual([]);
  const job = await call('get-bank-statement', { token: tenant.apiKey, params: { id: asked.json.id } });
  return { job: job.json, event };
}

const listed = async (query: Record<string, string> = {}) => {
  const all = [];
  let cursor: string | undefined;
  do {
    const page = await call('list-bank-transactions', {
      token: tenant.apiKey,
      query: { limit: '100', ...query, ...(cursor ? { cursor } : {}) },
    });
    expect(page.status, page.text).toBe(200);
    all.push(...page.json.results);
    cursor = page.json.next_cursor ?? undefined;
  } while (cursor);
  return all;
};

beforeAll(async () => {
  ({ handler: worker } = await import('#functions/bank-statement-worker/handler'));
  tenant = await newTenant('Statements');
  const settings = await call('update-organization', {
    token: tenant.ownerToken,
    body: { bank_accounts: [{ iban: 'de89 3704 0044 0532 0130 00', name: 'Operating account' }] },
  });
  expect(settings.status, settings.text).toBe(200);
  expect(settings.json.bank_accounts).toEqual([{ iban: IBAN, name: 'Operating account' }]);
});

describe('POST /api/v1/bank-statements/', () => {
  it('books every entry of a camt.053 once, and the same file or an overlapping MT940 again books nothing new', async () => {
    const entries = fc.sample(entry, { numRuns: 30, seed: 65 });
    const text = camtStatement(entries, { kind: '053', version: 8, iban: IBAN });
    const first = await imported(text);
    expect(first.job).toMatchObject({
      status: 'completed',
      format: 'camt.053',
      iban: IBAN,
      entries: 30,
      entries_done: 30,
    });
    expect(first.job.sha256).toBe(sha256Of(new TextEncoder().encode(text)));
    const distinct = new Set(entries.map((e, i) => e.servicer_reference ?? `content ${i}`)).size;
    expect(first.job.counts).toEqual({ booked: distinct, duplicates: 30 - distinct, matched: 0, unmatched: distinct });
    const imports = await allEvents(tenant.id, 'bank_statement.imported');
    expect(imports.find((e) => (e.data.object as { id: string }).id === first.job.id)?.data.object).toMatchObject({
      counts: first.job.counts,
    });

    const again = await imported(text);
    expect(again.job.counts).toEqual({ booked: 0, duplicates: 30, matched: 0, unmatched: 0 });
    // The same days as MT940: the entries the bank keyed by its reference are the same transactions.
    const keyed = entries.filter((e) => e.servicer_reference).map((e) => ({ ...e, booked: true }));
    const overlap = await imported(mt940Statement(keyed, { iban: IBAN, subFields: true }), 'text/plain');
    expect(overlap.job.counts.booked).toBe(0);
    expect((await listed()).length).toBe(distinct);
  });

  it('keeps the file as received in the archive and lists what it booked, newest booking date first', async () => {
    const entries = fc
      .sample(entry, { numRuns: 5, seed: 11 })
      .map((e, i) => ({ ...e, servicer_reference: `KEEP${i}`, booking_date: `2026-10-0${i + 1}` }));
    const { job } = await imported(camtStatement(entries, { kind: '054', version: 2, iban: IBAN }));
    const archived = (await call('list-archive', { token: tenant.apiKey, query: { from: '2026-01-01' } })).json.results;
    expect(archived.find((record: { document: { id: string } }) => record.document.id === job.id)).toMatchObject({
      kind: 'received',
      format: 'original',
      sha256: job.sha256,
      document: { type: 'bank_statement' },
    });
    const october = await listed({ from: '2026-10-01', to: '2026-10-31' });
    expect(october.map((t: { bank_reference: string }) => t.bank_reference)).toEqual([
      'KEEP4',
      'KEEP3',
      'KEEP2',
      'KEEP1',
      'KEEP0',
    ]);
    const one = await call('get-bank-transaction', { token: tenant.apiKey, params: { id: october[0].id } });
    expect(one.json).toMatchObject({
      amount: entries[4]!.amount,
      direction: entries[4]!.direction,
      statement: job.id,
      status: 'unmatched',
    });
    const credits = await listed({ from: '2026-10-01', to: '2026-10-31', direction: 'credit' });
    expect(credits.length).toBe(entries.filter((e) => e.direction === 'credit').length);
  });

  it('books an import run twice (a worker cut off and run again) with the same counts', async () => {
    const entries = fc
      .sample(entry, { numRuns: 4, seed: 5 })
      .map((e, i) => ({ ...e, servicer_reference: `TWICE${i}` }));
    const asked = await upload(camtStatement(entries, { kind: '053', version: 5, iban: IBAN }));
    const event = (await allEvents(tenant.id, 'bank_statement.created')).find(
      (e) => (e.data.object as { id: string }).id === asked.json.id,
    )!;
    await Promise.all([deliverFromBus(worker, [event]), deliverFromBus(worker, [event])]);
    await deliverFromBus(worker, [event]);
    const job = (await call('get-bank-statement', { token: tenant.apiKey, params: { id: asked.json.id } })).json;
    expect(job.counts).toEqual({ booked: 4, duplicates: 0, matched: 0, unmatched: 4 });
  });

  it.each([
    [
      'a statement of another account',
      () => camtStatement([], { kind: '053', version: 2, iban: 'FR1420041010050500013M02606' }),
      422,
      'unknown_bank_account',
    ],
    [
      'three decimals',
      () => camtStatement([{ ...fc.sample(entry, 1)[0]!, amount: '1.234' }], { kind: '053', version: 2, iban: IBAN }),
      400,
      'bank_statement_unreadable',
    ],
    [
      'a zero credit',
      () => camtStatement([{ ...fc.sample(entry, 1)[0]!, amount: '0.00' }], { kind: '053', version: 2, iban: IBAN }),
      400,
      'bank_statement_unreadable',
    ],
    [
      'an XML bomb',
      () =>
        `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><Document>&lol2;</Document>`,
      400,
      'bank_statement_unreadable',
    ],
    [
      'an external entity',
      () => `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document>&x;</Document>`,
      400,
      'bank_statement_unreadable',
    ],
    [
      'XML cut short',
      () => '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>',
      400,
      'bank_statement_unreadable',
    ],
  ])('refuses %s whole: %i %s, and keeps nothing', async (_, text, status, code) => {
    const before = (await call('list-archive', { token: tenant.apiKey, query: { from: '2026-01-01' } })).json.results
      .length;
    const answer = await upload(text());
    expect([answer.status, answer.json.error.code]).toEqual([status, code]);
    if (code === 'unknown_bank_account') expect(answer.json.error.details.iban).toBe('FR1420041010050500013M02606');
    expect(
      (await call('list-archive', { token: tenant.apiKey, query: { from: '2026-01-01' } })).json.results.length,
    ).toBe(before);
  });

  it('refuses a file over 10 MB with 413, and another media type with 415', async () => {
    const big = await call('import-bank-statement', {
      token: tenant.apiKey,
      file: { bytes: new Uint8Array(10 * 1024 * 1024 + 1), type: 'text/plain' },
    });
    expect([big.status, big.json.error.code]).toEqual([413, 'payload_too_large']);
    const pdf = await call('import-bank-statement', {
      token: tenant.apiKey,
      file: { bytes: new Uint8Array(10), type: 'application/pdf' },
    });
    expect(pdf.status).toBe(415);
  });

  it('refuses a bank_accounts list naming an IBAN twice or a bad IBAN', async () => {
    for (const bank_accounts of [[{ iban: IBAN }, { iban: 'DE89 3704 0044 0532 0130 00' }], [{ iban: 'DE00123' }]]) {
      const answer = await call('update-organization', { token: tenant.ownerToken, body: { bank_accounts } });
      expect([answer.status, answer.json.error.code]).toEqual([400, 'validation_error']);
    }
  });
});
