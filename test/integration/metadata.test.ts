// Metadata on clients, invoices, credit notes, quotes and recurring templates: set and removed key by
// key in any state, shown in responses and events, never printed, and found through its own index —
// a filtered list is one Query and one BatchGetItem whatever else the organization holds.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, countDbCalls, invoiceBody, newTenant, tableItemCount } from '#test/support/api';
import { austrianSeller, euInvoice, frenchBuyer } from '#test/support/eu-invoice';
import { runRecurringNow } from '#test/support/recurring';

let tenant: Awaited<ReturnType<typeof newTenant>>;
let clientId: string;
beforeAll(async () => {
  tenant = await newTenant('Metadata');
  await call('update-organization', { token: tenant.ownerToken, body: { ...austrianSeller, default_currency: 'EUR' } });
  clientId = (await call('create-client', { token: tenant.apiKey, body: frenchBuyer })).json.id;
});

const ids = (page: { json: { results: { id: string }[] } }) => page.json.results.map((item) => item.id);
const manyKeys = (count: number, prefix = 'k') =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`${prefix}${index}`, `v${index}`]));

/** What a list answers for `metadata[key]=value`, with the DynamoDB calls it made. */
async function filtered(route: 'list-invoices' | 'list-clients' | 'list-credit-notes' | 'list-quotes', pairs: object) {
  const query = Object.fromEntries(Object.entries(pairs).map(([key, value]) => [`metadata[${key}]`, String(value)]));
  const { result, calls } = await countDbCalls(() => call(route, { token: tenant.apiKey, query }));
  expect(result.status, result.text).toBe(200);
  return { ids: ids(result), calls, json: result.json };
}

describe('metadata on invoices', () => {
  it('is set at creation, changed and removed key by key in any state, and shown in events', async () => {
    const created = await call('create-invoice', {
      token: tenant.apiKey,
      body: { ...invoiceBody(clientId), metadata: { order_id: '6735', crm: 'D-1' } },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.metadata).toEqual({ order_id: '6735', crm: 'D-1' });
    await call('send-invoice', { token: tenant.apiKey, params: { id: created.json.id } });

    const patched = await call('update-invoice', {
      token: tenant.apiKey,
      params: { id: created.json.id },
      body: { metadata: { crm: '', shipment: 'S-9' } },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json).toMatchObject({ status: 'sent', metadata: { order_id: '6735', shipment: 'S-9' } });
    expect(patched.json.metadata).not.toHaveProperty('crm');
    expect(patched.json.total_amount).toBe(created.json.total_amount);

    // Content stays fixed once issued: metadata beside a content change is refused as a whole.
    const mixed = await call('update-invoice', {
      token: tenant.apiKey,
      params: { id: created.json.id },
      body: { metadata: { x: 'y' }, notes: 'changed' },
    });
    expect(mixed.status).toBe(409);
    expect(
      (await call('get-invoice', { token: tenant.apiKey, params: { id: created.json.id } })).json.metadata,
    ).toEqual({ order_id: '6735', shipment: 'S-9' });

    const events = (await call('list-events', { token: tenant.apiKey, query: { type: 'invoice.updated' } })).json
      .results;
    const updated = events.find((event: any) => event.data.object.id === created.json.id);
    expect(updated.data.object.metadata).toEqual({ order_id: '6735', shipment: 'S-9' });
  });

  it('filters the list through its index: one Query and one BatchGetItem, other filters applied', async () => {
    const tagged: string[] = [];
    for (let index = 0; index < 12; index++) {
      const metadata = index % 4 === 0 ? { batch: 'b-42' } : { batch: `other-${index}` };
      const created = await call('create-invoice', {
        token: tenant.apiKey,
        body: { ...invoiceBody(clientId), metadata },
      });
      if (index % 4 === 0) tagged.push(created.json.id);
    }
    const found = await filtered('list-invoices', { batch: 'b-42' });
    expect(found.ids).toEqual([...tagged].reverse());
    expect(found.calls.Query).toBe(1);
    expect(found.calls.BatchGetItem).toBe(1);
    expect(found.calls.Scan).toBeUndefined();

    await call('send-invoice', { token: tenant.apiKey, params: { id: tagged[1]! } });
    const sent = await call('list-invoices', {
      token: tenant.apiKey,
      query: { 'metadata[batch]': 'b-42', status: 'sent' },
    });
    expect(ids(sent)).toEqual([tagged[1]]);

    // A changed value moves the invoice out of the old value's list and into the new one's.
    await call('update-invoice', {
      token: tenant.apiKey,
      params: { id: tagged[0]! },
      body: { metadata: { batch: 'b-43' } },
    });
    expect((await filtered('list-invoices', { batch: 'b-42' })).ids).not.toContain(tagged[0]);
    expect((await filtered('list-invoices', { batch: 'b-43' })).ids).toEqual([tagged[0]]);
    // Every pair must hold; keys and values are exact.
    expect((await filtered('list-invoices', { batch: 'b-42', other: 'x' })).ids).toEqual([]);
    expect((await filtered('list-invoices', { batch: 'B-42' })).ids).toEqual([]);
  });

  it('pages a filtered list with next links that repeat the filter', async () => {
    const own = await newTenant('Metadata paging');
    const client = (await call('create-client', { token: own.apiKey, body: { name: 'P', email: 'p@x.example' } })).json;
    const made: string[] = [];
    for (let index = 0; index < 5; index++)
      made.push(
        (
          await call('create-invoice', {
            token: own.apiKey,
            body: { ...invoiceBody(client.id), metadata: { run: 'r 1&2' } },
          })
        ).json.id,
      );
    const seen: string[] = [];
    let page = await call('list-invoices', { token: own.apiKey, query: { limit: '2', 'metadata[run]': 'r 1&2' } });
    for (let guard = 0; guard < 10; guard++) {
      seen.push(...ids(page));
      if (!page.json.next) break;
      const next = new URL(page.json.next);
      expect(next.searchParams.get('metadata[run]')).toBe('r 1&2');
      page = await call('list-invoices', { token: own.apiKey, query: Object.fromEntries(next.searchParams) });
    }
    expect(seen).toEqual([...made].reverse());
    // Another organization holding the same pair finds only its own.
    expect((await filtered('list-invoices', { run: 'r 1&2' })).ids).toEqual([]);
  });

  it('is never printed on the invoice’s documents', async () => {
    const secret = 'crm-secret-7f3a';
    const created = await call('create-invoice', {
      token: tenant.apiKey,
      body: { client: clientId, ...euInvoice(), metadata: { internal: secret } },
    });
    await call('send-invoice', { token: tenant.apiKey, params: { id: created.json.id } });
    for (const format of ['ubl', 'cii']) {
      const xml = await call('get-invoice-e-invoice', {
        token: tenant.apiKey,
        params: { id: created.json.id },
        query: { format },
      });
      expect(xml.status, xml.text).toBe(200);
      expect(xml.text).not.toContain(secret);
      expect(xml.text).not.toContain('internal');
    }
    const token = new URL(created.json.public_url).pathname.split('/').at(-2)!;
    const page = await call('view-public-invoice', { params: { token } });
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(secret);
  });
});

describe('bad metadata', () => {
  it('answers 400 naming the field and writes nothing', async () => {
    const cases: [object, string][] = [
      [manyKeys(51), 'metadata'],
      [{ ['k'.repeat(41)]: 'v' }, `metadata.${'k'.repeat(41)}`],
      [{ key: 'v'.repeat(501) }, 'metadata.key'],
      [{ 'a[b]': 'v' }, 'metadata.a[b]'],
      [{ key: '' }, 'metadata.key'],
      [{ key: 5 }, 'metadata.key'],
    ];
    for (const [metadata, field] of cases) {
      const before = await tableItemCount();
      const refused = await call('create-client', {
        token: tenant.apiKey,
        body: { name: 'Bad', email: 'bad@x.example', metadata },
      });
      expect(refused.status, JSON.stringify(metadata).slice(0, 80)).toBe(400);
      expect(refused.json.error.code).toBe('validation_error');
      expect(Object.keys(refused.json.error.details.fields)).toContain(field);
      expect(await tableItemCount()).toBe(before);
    }
  });

  it('refuses a change that would leave more than 50 keys, and keeps 50', async () => {
    const created = await call('create-client', {
      token: tenant.apiKey,
      body: { name: 'Full', email: 'full@x.example', metadata: manyKeys(50) },
    });
    expect(created.status, created.text).toBe(201);
    const before = await tableItemCount();
    const refused = await call('update-client', {
      token: tenant.apiKey,
      params: { id: created.json.id },
      body: { metadata: { one_more: 'x' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.details.fields.metadata).toMatch(/at most 50 keys/);
    expect(await tableItemCount()).toBe(before);
    // Removing one and adding another in the same change is fine.
    const swapped = await call('update-client', {
      token: tenant.apiKey,
      params: { id: created.json.id },
      body: { metadata: { k0: '', one_more: 'x' } },
    });
    expect(swapped.status, swapped.text).toBe(200);
    expect(Object.keys(swapped.json.metadata)).toHaveLength(50);
    expect((await filtered('list-clients', { one_more: 'x' })).ids).toEqual([created.json.id]);
    expect((await filtered('list-clients', { k0: 'v0' })).ids).toEqual([]);
  });

  it('refuses a malformed filter', async () => {
    const wrong = await call('list-invoices', { token: tenant.apiKey, query: { metadata: 'x' } });
    expect(wrong.status).toBe(400);
    const long = await call('list-invoices', { token: tenant.apiKey, query: { [`metadata[${'k'.repeat(41)}]`]: 'v' } });
    expect(long.status).toBe(400);
    const other = await call('list-invoices', { token: tenant.apiKey, query: { 'meta[a]': 'v' } });
    expect(other.status).toBe(400);
    expect(other.json.error.details.fields).toHaveProperty('meta');
  });
});

describe('keys named like what JavaScript objects hold', () => {
  const reserved = ['__proto__', 'constructor', 'prototype'];
  // Written as text: an object literal cannot hold an own __proto__.
  const withMetadata = (body: object, key: string, value: string) =>
    `${JSON.stringify(body).slice(0, -1)},"metadata":{"${key}":"${value}"}}`;

  it('refuses __proto__, constructor and prototype with 400 naming the key, on create, PATCH and the filter', async () => {
    const { json: invoice } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
    for (const key of reserved) {
      const before = await tableItemCount();
      const answers = {
        'create-invoice': await call('create-invoice', {
          token: tenant.apiKey,
          raw: withMetadata(invoiceBody(clientId), key, 'v'),
        }),
        'create-client': await call('create-client', {
          token: tenant.apiKey,
          raw: withMetadata({ name: 'Proto', email: 'proto@x.example' }, key, 'v'),
        }),
        'update-invoice': await call('update-invoice', {
          token: tenant.apiKey,
          params: { id: invoice.id },
          raw: `{"metadata":{"${key}":"v"}}`,
        }),
        'update-client': await call('update-client', {
          token: tenant.apiKey,
          params: { id: clientId },
          raw: `{"metadata":{"${key}":""}}`,
        }),
        'list-invoices': await call('list-invoices', { token: tenant.apiKey, query: { [`metadata[${key}]`]: 'v' } }),
        'list-clients': await call('list-clients', { token: tenant.apiKey, query: { [`metadata[${key}]`]: 'v' } }),
      };
      for (const [route, answer] of Object.entries(answers)) {
        expect([answer.status, answer.json.error?.code], `${route} ${key}: ${answer.text}`).toEqual([
          400,
          'validation_error',
        ]);
        expect(answer.json.error.details.fields[`metadata.${key}`], `${route} ${key}`).toMatch(
          /JavaScript objects reserve/,
        );
      }
      expect(await tableItemCount()).toBe(before);
    }
    expect((await call('get-invoice', { token: tenant.apiKey, params: { id: invoice.id } })).json.metadata).toEqual({});
  });

  it('takes every other name, toString and hasOwnProperty included, as a key like any other', async () => {
    const keys = ['toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf'];
    const metadata = Object.fromEntries(keys.map((key) => [key, `v-${key}`]));
    const created = await call('create-invoice', {
      token: tenant.apiKey,
      body: { ...invoiceBody(clientId), metadata },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.metadata).toEqual(metadata);
    const other = await call('create-invoice', {
      token: tenant.apiKey,
      body: { ...invoiceBody(clientId), metadata: { unrelated: 'x' } },
    });
    for (const key of keys)
      expect((await filtered('list-invoices', { [key]: `v-${key}` })).ids).toEqual([created.json.id]);
    // A key the document lacks but Object.prototype holds finds nothing.
    expect((await filtered('list-invoices', { propertyIsEnumerable: 'x' })).ids).toEqual([]);
    const patched = await call('update-invoice', {
      token: tenant.apiKey,
      params: { id: created.json.id },
      body: { metadata: { toString: '', valueOf: 'changed', toLocaleString: 'new' } },
    });
    expect(patched.status, patched.text).toBe(200);
    const { toString: _, ...kept } = metadata;
    expect(patched.json.metadata).toEqual({ ...kept, valueOf: 'changed', toLocaleString: 'new' });
    expect(
      (await call('get-invoice', { token: tenant.apiKey, params: { id: created.json.id } })).json.metadata,
    ).toEqual(patched.json.metadata);
    expect((await filtered('list-invoices', { toString: 'v-toString' })).ids).toEqual([]);
    expect((await filtered('list-invoices', { valueOf: 'changed', toLocaleString: 'new' })).ids).toEqual([
      created.json.id,
    ]);
    expect((await filtered('list-invoices', { unrelated: 'x' })).ids).toEqual([other.json.id]);
  });
});

describe('metadata on clients, credit notes, quotes and recurring templates', () => {
  it('clients: set, changed, filtered with is_active', async () => {
    const created = await call('create-client', {
      token: tenant.apiKey,
      body: { name: 'Tagged', email: 't@x.example', metadata: { erp: 'C-100' } },
    });
    expect(created.status).toBe(201);
    expect((await call('get-client', { token: tenant.apiKey, params: { id: created.json.id } })).json.metadata).toEqual(
      {
        erp: 'C-100',
      },
    );
    expect((await filtered('list-clients', { erp: 'C-100' })).ids).toEqual([created.json.id]);
    await call('archive-client', { token: tenant.apiKey, params: { id: created.json.id } });
    const active = await call('list-clients', {
      token: tenant.apiKey,
      query: { 'metadata[erp]': 'C-100', is_active: 'true' },
    });
    expect(ids(active)).toEqual([]);
    // An archived client's metadata still changes.
    const patched = await call('update-client', {
      token: tenant.apiKey,
      params: { id: created.json.id },
      body: { metadata: { erp: 'C-101' } },
    });
    expect(patched.json.metadata).toEqual({ erp: 'C-101' });
  });

  it('credit notes: set at creation, changed by PATCH with credit_note.updated, filtered', async () => {
    const invoice = (await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) })).json;
    await call('send-invoice', { token: tenant.apiKey, params: { id: invoice.id } });
    const note = await call('create-credit-note', {
      token: tenant.apiKey,
      params: { id: invoice.id },
      body: { amount: '10.00', description: 'Goodwill', reason: 'other', metadata: { ticket: 'T-1' } },
    });
    expect(note.status, note.text).toBe(201);
    expect(note.json.metadata).toEqual({ ticket: 'T-1' });
    expect((await filtered('list-credit-notes', { ticket: 'T-1' })).ids).toEqual([note.json.id]);

    const patched = await call('update-credit-note', {
      token: tenant.apiKey,
      params: { id: note.json.id },
      body: { metadata: { ticket: '', refund: 'R-7' } },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.metadata).toEqual({ refund: 'R-7' });
    expect(patched.json.total_amount).toBe(note.json.total_amount);
    expect((await filtered('list-credit-notes', { ticket: 'T-1' })).ids).toEqual([]);
    expect((await filtered('list-credit-notes', { refund: 'R-7' })).ids).toEqual([note.json.id]);
    const events = (await call('list-events', { token: tenant.apiKey, query: { type: 'credit_note.updated' } })).json
      .results;
    expect(events.map((event: any) => event.data.object.metadata)).toContainEqual({ refund: 'R-7' });

    const content = await call('update-credit-note', {
      token: tenant.apiKey,
      params: { id: note.json.id },
      body: { memo: 'no' },
    });
    expect(content.status).toBe(400);
    expect(content.json.error.details.fields).toHaveProperty('memo');
    const missing = await call('update-credit-note', {
      token: tenant.apiKey,
      params: { id: 'cn_01JD3M8Q5W0000000000000000' },
      body: { metadata: { a: 'b' } },
    });
    expect(missing.status).toBe(404);
  });

  it('quotes: changed in any state without re-pricing, filtered with status', async () => {
    const quote = await call('create-quote', {
      token: tenant.apiKey,
      body: { client: clientId, line_items: invoiceBody(clientId).line_items, metadata: { deal: 'Q-1' } },
    });
    expect(quote.status, quote.text).toBe(201);
    await call('send-quote', { token: tenant.apiKey, params: { id: quote.json.id } });
    const patched = await call('update-quote', {
      token: tenant.apiKey,
      params: { id: quote.json.id },
      body: { metadata: { deal: 'Q-2' } },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json).toMatchObject({ status: 'sent', metadata: { deal: 'Q-2' } });
    const editing = await call('update-quote', {
      token: tenant.apiKey,
      params: { id: quote.json.id },
      body: { notes: 'x' },
    });
    expect(editing.status).toBe(409);
    expect((await filtered('list-quotes', { deal: 'Q-2' })).ids).toEqual([quote.json.id]);
    const drafts = await call('list-quotes', {
      token: tenant.apiKey,
      query: { 'metadata[deal]': 'Q-2', status: 'draft' },
    });
    expect(ids(drafts)).toEqual([]);
  });

  it('recurring templates: copied to each invoice generated, changed even once ended, filtered', async () => {
    const template = await call('create-recurring-invoice', {
      token: tenant.apiKey,
      body: {
        client: clientId,
        frequency: 'monthly',
        start_date: '2031-01-05',
        max_count: 1,
        line_items: invoiceBody(clientId).line_items,
        metadata: { contract: 'K-7' },
      },
    });
    expect(template.status, template.text).toBe(201);
    const listed = await call('list-recurring-invoices', {
      token: tenant.apiKey,
      query: { 'metadata[contract]': 'K-7' },
    });
    expect(ids(listed)).toEqual([template.json.id]);
    await runRecurringNow('2031-01-05');
    const generated = await filtered('list-invoices', { contract: 'K-7' });
    expect(generated.ids).toHaveLength(1);
    expect(generated.json.results[0].recurring_invoice).toBe(template.json.id);

    const ended = (await call('get-recurring-invoice', { token: tenant.apiKey, params: { id: template.json.id } }))
      .json;
    expect(ended.status).toBe('ended');
    const patched = await call('update-recurring-invoice', {
      token: tenant.apiKey,
      params: { id: template.json.id },
      body: { metadata: { contract: 'K-8' } },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.metadata).toEqual({ contract: 'K-8' });
    const refused = await call('update-recurring-invoice', {
      token: tenant.apiKey,
      params: { id: template.json.id },
      body: { notes: 'x' },
    });
    expect(refused.status).toBe(409);
  });
});
