// Invoice search (`q`): a number prefix, a prefix of any word of the client's name (case and accents
// ignored) or an exact total; combined with the other filters and paged without repeats, at most three
// Queries and one BatchGetItem per page however many invoices the organization holds.
import { beforeAll, describe, expect, it } from 'vitest';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { call, countDbCalls, db, newTenant } from '#test/support/api';
import { queryAll } from '#shared/data/table';
import { searchPartition } from '#shared/data/keys';
import { indexInvoices } from '#shared/invoicing/index-invoices';

let tenant: Awaited<ReturnType<typeof newTenant>>;
const clients: Record<string, string> = {};
const invoices: Record<string, { id: string; invoice_number: string; total_amount: string }> = {};

const line = (price: string) => [{ description: 'Work', quantity: 1, unit_price: price, tax_rate: '0' }];
const invoice = async (client: string, price: string, extra: object = {}) => {
  const created = await call('create-invoice', {
    token: tenant.apiKey,
    body: { client: clients[client], line_items: line(price), ...extra },
  });
  expect(created.status, created.text).toBe(201);
  return created.json;
};

beforeAll(async () => {
  tenant = await newTenant('Search');
  await call('update-organization', {
    token: tenant.ownerToken,
    body: { invoice_numbering: { pattern: 'RE-{YYYY}-{seq}', padding: 4, reset: 'yearly' } },
  });
  for (const name of ['Müller & Söhne GmbH', 'Mueller AG', 'Ångström Labs', 'Gmbh Holdings', 'Straße Bau'])
    clients[name] = (
      await call('create-client', { token: tenant.apiKey, body: { name, email: 'a@x.example' } })
    ).json.id;
  invoices.muller = await invoice('Müller & Söhne GmbH', '119.00');
  invoices.mueller = await invoice('Mueller AG', '1190.00');
  invoices.angstrom = await invoice('Ångström Labs', '119.00', { issue_date: '2026-01-10', due_date: '2026-02-10' });
  invoices.holdings = await invoice('Gmbh Holdings', '42.50');
  invoices.strasse = await invoice('Straße Bau', '7.00');
});

async function search(q: string, query: Record<string, string> = {}) {
  const { result, calls } = await countDbCalls(() =>
    call('list-invoices', { token: tenant.apiKey, query: { q, ...query } }),
  );
  expect(result.status, result.text).toBe(200);
  return {
    ids: result.json.results.map((found: { id: string }) => found.id) as string[],
    calls,
    next: result.json.next,
  };
}

describe('GET /api/v1/invoices/?q=', () => {
  it('matches a word prefix of the client name, ignoring case and accents', async () => {
    for (const q of ['müll', 'MULL', 'Müller', 'sohne', 'SÖH'])
      expect((await search(q)).ids, q).toEqual([invoices.muller!.id]);
    expect((await search('mue')).ids).toEqual([invoices.mueller!.id]);
    expect((await search('angstrom')).ids).toEqual([invoices.angstrom!.id]);
    expect((await search('strasse')).ids).toEqual([invoices.strasse!.id]);
    // Every word of a several-word query must prefix a word of the name.
    expect((await search('müller gmb')).ids).toEqual([invoices.muller!.id]);
    expect((await search('müller ag')).ids).toEqual([]);
    // Not a word inside a word: "ller" begins no word.
    expect((await search('ller')).ids).toEqual([]);
  });

  it('shows an invoice once though several of its words match', async () => {
    // "gmbh" is a word of two names; "Gmbh Holdings" also has it first. Each invoice once.
    const found = await search('gmbh');
    expect([...found.ids].sort()).toEqual([invoices.muller!.id, invoices.holdings!.id].sort());
    expect((await search('s')).ids.filter((id) => id === invoices.muller!.id)).toHaveLength(1);
  });

  it('matches a number prefix, case-insensitively', async () => {
    const number = invoices.mueller!.invoice_number;
    expect(number).toMatch(/^RE-\d{4}-/);
    expect((await search(number)).ids).toEqual([invoices.mueller!.id]);
    expect((await search(number.toLowerCase())).ids).toEqual([invoices.mueller!.id]);
    expect((await search('re-')).ids).toHaveLength(5);
  });

  it('matches an exact total, and a number that is also an amount by both meanings', async () => {
    expect([...(await search('119.00')).ids].sort()).toEqual([invoices.muller!.id, invoices.angstrom!.id].sort());
    expect([...(await search('119')).ids].sort()).toEqual([invoices.muller!.id, invoices.angstrom!.id].sort());
    expect((await search('119,0')).ids).toHaveLength(2);
    expect((await search('1190')).ids).toEqual([invoices.mueller!.id]);
    expect((await search('42.5')).ids).toEqual([invoices.holdings!.id]);
    expect((await search('42.55')).ids).toEqual([]);
  });

  it('combines with status, client and date filters', async () => {
    expect((await search('119', { issue_date_to: '2026-06-30' })).ids).toEqual([invoices.angstrom!.id]);
    expect((await search('119', { client: clients['Müller & Söhne GmbH']! })).ids).toEqual([invoices.muller!.id]);
    expect((await search('119', { status: 'sent' })).ids).toEqual([]);
    await call('send-invoice', { token: tenant.apiKey, params: { id: invoices.muller!.id } });
    expect((await search('119', { status: 'sent' })).ids).toEqual([invoices.muller!.id]);
  });

  it('follows a draft’s changes: a new client and new lines move its terms', async () => {
    const draft = await invoice('Mueller AG', '55.00');
    expect((await search('55')).ids).toEqual([draft.id]);
    const changed = await call('update-invoice', {
      token: tenant.apiKey,
      params: { id: draft.id },
      body: { client: clients['Ångström Labs'], line_items: line('56.00') },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await search('55')).ids).toEqual([]);
    expect((await search('56')).ids).toEqual([draft.id]);
    expect((await search('mueller')).ids).not.toContain(draft.id);
    expect((await search('angs')).ids).toContain(draft.id);
  });

  it('pages through every match once, with at most three Queries and one BatchGetItem per page', async () => {
    const own = await newTenant('Search paging');
    const client = (
      await call('create-client', { token: own.apiKey, body: { name: 'Page Co 100', email: 'p@x.example' } })
    ).json.id;
    const made: string[] = [];
    for (let index = 0; index < 7; index++)
      made.push(
        (
          await call('create-invoice', {
            token: own.apiKey,
            body: { client, line_items: line(index < 3 ? '100.00' : '9.00') },
          })
        ).json.id,
      );
    // "100" is a word of the name (all seven) and the total of three: each shown once.
    const seen: string[] = [];
    let query: Record<string, string> = { q: '100', limit: '2' };
    for (let guard = 0; guard < 12; guard++) {
      const { result, calls } = await countDbCalls(() => call('list-invoices', { token: own.apiKey, query }));
      expect(calls.Query ?? 0).toBeLessThanOrEqual(3);
      expect(calls.BatchGetItem ?? 0).toBeLessThanOrEqual(1);
      expect(calls.Scan).toBeUndefined();
      seen.push(...result.json.results.map((found: { id: string }) => found.id));
      if (!result.json.next) break;
      query = Object.fromEntries(new URL(result.json.next).searchParams);
    }
    expect([...seen].sort()).toEqual([...made].sort());
    // Another organization's invoices are not found by the same words.
    expect((await search('page')).ids).toEqual([]);
  });

  it('costs the same number of requests in a large organization as in a small one', async () => {
    const big = await newTenant('Search big');
    const bulk = (
      await call('create-client', { token: big.apiKey, body: { name: 'Bulk Buyer', email: 'b@x.example' } })
    ).json.id;
    const needle = (
      await call('create-client', { token: big.apiKey, body: { name: 'Needle Ltd', email: 'n@x.example' } })
    ).json.id;
    for (let index = 0; index < 60; index++)
      await call('create-invoice', { token: big.apiKey, body: { client: bulk, line_items: line('10.00') } });
    const wanted = (
      await call('create-invoice', { token: big.apiKey, body: { client: needle, line_items: line('10.00') } })
    ).json.id;
    const { result, calls } = await countDbCalls(() =>
      call('list-invoices', { token: big.apiKey, query: { q: 'needl' } }),
    );
    expect(result.json.results.map((found: { id: string }) => found.id)).toEqual([wanted]);
    expect(calls.Query).toBeLessThanOrEqual(3);
    expect(calls.BatchGetItem).toBe(1);
    expect(calls.Scan).toBeUndefined();
  });

  it('finds invoices stored before search existed once index-invoices has run, and running it again changes nothing', async () => {
    const old = await newTenant('Search backfill');
    const client = (
      await call('create-client', { token: old.apiKey, body: { name: 'Legacy Kunde', email: 'l@x.example' } })
    ).json.id;
    const made = (await call('create-invoice', { token: old.apiKey, body: { client, line_items: line('12.00') } }))
      .json;
    const terms = await queryAll(db, {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': searchPartition(old.id) },
    });
    expect(terms.length).toBe(4); // number, two words, total
    await db.client.send(
      new BatchWriteCommand({
        RequestItems: { [db.table]: terms.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })) },
      }),
    );
    const found = () => call('list-invoices', { token: old.apiKey, query: { q: 'legacy' } });
    expect((await found()).json.results).toEqual([]);
    expect(await indexInvoices(db, old.id)).toEqual({ invoices: 1, terms: 4 });
    expect((await found()).json.results.map((invoice: { id: string }) => invoice.id)).toEqual([made.id]);
    await indexInvoices(db, old.id);
    expect((await found()).json.results).toHaveLength(1);
  });

  it('refuses an empty or over-long q', async () => {
    expect((await call('list-invoices', { token: tenant.apiKey, query: { q: ' ' } })).status).toBe(400);
    expect((await call('list-invoices', { token: tenant.apiKey, query: { q: 'x'.repeat(101) } })).status).toBe(400);
  });
});
