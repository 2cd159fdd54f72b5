// One list contract (docs/api.md "Lists"), over every list route of the route table: limit=1 and its
// `next` links give every item exactly once, limit=100 is one page, a limit out of 1–100 is 400 on
// `limit` and a cursor that was changed, made up or issued for another list is 400 on `cursor`.
// A new list route is covered by being in the table; it fails here until it is given two items.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { listEvents } from '#shared/data/events';
import { recordAttempt } from '#shared/data/deliveries';
import { suppressionPart } from '#shared/data/email-suppressions';
import { voidNumber } from '#shared/data/number-series';
import { transact } from '#shared/data/table';
import { addSeededMember, seedUser } from '#infra/local/seed';
import { ROUTES, type RouteName } from '#functions/routes';
import { camtStatement, type ModelEntry } from '#test/support/bank-statements';
import { deliverFromBus } from '#test/support/bus';
import { call, db, newTenant, type CallOptions } from '#test/support/api';
import { outboxEvents } from '#test/support/peppol-queue';
import { runRecurringNow } from '#test/support/recurring';

/** The one list that is not the organization's: the signed-in user's memberships, an array by the spec. */
const NOT_PAGED: RouteName[] = ['list-my-organizations'];
const LISTS = ROUTES.filter(
  (route) => route.method === 'GET' && route.name.startsWith('list-') && !NOT_PAGED.includes(route.name),
);

let tenant: Awaited<ReturnType<typeof newTenant>>;
/** Path parameters of the lists that have them. */
const params: Partial<Record<RouteName, Record<string, string>>> = {};
const line = { description: 'Work', quantity: 1, unit_price: '100.00', tax_rate: '0' };

/** A request that seeds a list: it must succeed. */
const made = async (answer: Promise<{ status: number; text: string; json: any }>) => {
  const { status, text, json } = await answer;
  expect(status, text).toBeLessThan(300);
  return json;
};
const twice = async (make: () => Promise<unknown>) => [await make(), await make()];

/** Two items (at least) in every list: through the API where a request makes them, else as the workers write them. */
async function seed() {
  const api = (name: RouteName, options: CallOptions = {}) => made(call(name, { token: tenant.apiKey, ...options }));
  const user = (name: RouteName, options: CallOptions = {}) =>
    made(call(name, { token: tenant.ownerToken, ...options }));
  const client = (await api('create-client', { body: { name: 'Paged', email: 'paged@client.example' } })).id;
  await api('create-client', { body: { name: 'Paged two', email: 'two@client.example' } });
  const invoice = await api('create-invoice', { body: { client, line_items: [line] } });
  await api('create-invoice', { body: { client, line_items: [line] } });
  await api('send-invoice', { params: { id: invoice.id } });
  await twice(() => api('record-payment', { params: { id: invoice.id }, body: { amount: '10.00', method: 'cash' } }));
  await twice(() =>
    api('create-credit-note', {
      params: { id: invoice.id },
      body: { amount: '5.00', description: 'Goodwill', reason: 'other' },
    }),
  );
  await twice(() => api('send-reminder', { params: { id: invoice.id }, body: {} }));
  await twice(() => api('create-quote', { body: { client, issue_date: '2026-11-20', line_items: [line] } }));
  const recurring = { client, frequency: 'monthly', start_date: '2020-01-01', line_items: [line] };
  const template = (await api('create-recurring-invoice', { body: recurring })).id;
  await api('create-recurring-invoice', { body: { ...recurring, start_date: '2040-01-01' } });
  await runRecurringNow('2020-01-01');
  await runRecurringNow('2020-02-01');
  const hook = { url: 'https://hooks.example/paged', events: ['invoice.sent'] };
  const webhook = (await api('create-webhook', { body: hook })).id;
  await api('create-webhook', { body: hook });
  await twice(() => user('create-api-key', { body: { name: 'paged', scopes: ['clients:read'] } }));
  await twice(() =>
    user('create-invitation', { body: { email: `${crypto.randomUUID()}@invitee.example`, role: 'member' } }),
  );
  const member = await seedUser(db, `${crypto.randomUUID()}@member.example`);
  await addSeededMember(db, { ...tenant, ownerUserId: tenant.owner.id }, member, 'member');

  const now = new Date().toISOString();
  for (const address of ['one@bounced.example', 'two@bounced.example']) {
    const document = { kind: 'invoice' as const, id: invoice.id };
    const suppression = { address, reason: 'bounce' as const, created_at: now, message_id: 'm', document };
    await transact(db, { suppression: suppressionPart(db, tenant.id, suppression) });
  }
  for (const event of (await listEvents(db, tenant.id, { limit: 2 })).items)
    await recordAttempt(
      db,
      tenant.id,
      webhook,
      event,
      { at: now, outcome: 'delivered', status_code: 200, duration_ms: 1 },
      'delivered',
    );
  const received = readFileSync(
    new URL('../../vendor/einvoicing/examples/peppol/base-example.xml', import.meta.url),
    'utf8',
  );
  for (const number of ['PAGED-1', 'PAGED-2'])
    await api('create-incoming-invoice', {
      file: {
        bytes: Buffer.from(received.replace(/<cbc:ID>[^<]*<\/cbc:ID>/, `<cbc:ID>${number}</cbc:ID>`)),
        type: 'application/xml',
      },
    });
  for (const number of [900, 901])
    await voidNumber(db, tenant.id, { series: 'invoice', number, pattern: 'INV-{n}', padding: 6 }, 'test');
  await user('update-organization', { body: { bank_accounts: [{ iban: 'DE89370400440532013000' }] } });
  const transfer = (text: string): ModelEntry => ({
    ...{ direction: 'credit', amount: '12.50', currency: 'EUR', reversal: false, booked: true },
    ...{ booking_date: '2026-11-02', value_date: '2026-11-02', name: 'Payer', iban: null, structured: null },
    ...{ text, servicer_reference: null, end_to_end_id: null },
  });
  const statement = camtStatement([transfer('Paged one'), transfer('Paged two')], {
    kind: '053',
    version: 8,
    iban: 'DE89370400440532013000',
  });
  await api('import-bank-statement', { file: { bytes: Buffer.from(statement), type: 'application/xml' } });
  const { handler: statements } = await import('#functions/bank-statement-worker/handler');
  await deliverFromBus(statements, await outboxEvents(tenant.id, 'bank_statement.created'));
  const { handler: chainer } = await import('#functions/audit-chainer/handler');
  await deliverFromBus(chainer, (await listEvents(db, tenant.id, { limit: 3 })).items);

  Object.assign(params, {
    'list-voided-numbers': { series: 'invoice' },
    'list-payments': { id: invoice.id },
    'list-reminders': { id: invoice.id },
    'list-invoice-credit-notes': { id: invoice.id },
    'list-generated-invoices': { id: template },
    'list-deliveries': { id: webhook },
  });
}

beforeAll(async () => {
  tenant = await newTenant('Paged');
  await seed();
}, 120_000);

const list = (name: RouteName, query: Record<string, string> = {}) => {
  const route = LISTS.find((candidate) => candidate.name === name)!;
  const token = route.credentials === 'user' ? tenant.ownerToken : tenant.apiKey;
  return call(name, { token, query, params: params[name] ?? {} });
};
/** What tells an item from the others, whatever the list holds. */
const identity = (item: Record<string, unknown>) =>
  String(item.id ?? item.user_id ?? item.address ?? item.sequence ?? item.seq ?? JSON.stringify(item));
const cursorOf = (next: string) => new URL(next).searchParams.get('cursor')!;
const refusal = (answer: { status: number; json: any }) =>
  `${answer.status} ${answer.json?.error?.code} ${Object.keys(answer.json?.error?.details?.fields ?? {})}`;

describe.each(LISTS.map((route) => [route.name]))('%s', (name) => {
  it('gives every item once, one at a time following next, and all of them at limit=100', async () => {
    const all = await list(name, { limit: '100' });
    expect(all.status, all.text).toBe(200);
    expect(all.json.next).toBeNull();
    const expected = all.json.results.map(identity);
    expect(expected.length, 'the list needs two items to page').toBeGreaterThanOrEqual(2);

    const seen: string[] = [];
    let answer = await list(name, { limit: '1' });
    for (let pages = 0; ; pages++) {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.results.length).toBeLessThanOrEqual(1);
      seen.push(...answer.json.results.map(identity));
      if (!answer.json.next || pages > expected.length + 1) break;
      const next = new URL(answer.json.next);
      expect(next.searchParams.get('limit')).toBe('1');
      answer = await list(name, Object.fromEntries(next.searchParams));
    }
    expect(seen).toEqual(expected);
    expect(answer.json.next).toBeNull();
  });

  it('refuses a limit of 0, 101 or abc naming limit', async () => {
    for (const limit of ['0', '101', 'abc'])
      expect(refusal(await list(name, { limit })), limit).toBe('400 validation_error limit');
  });

  it('refuses a tampered, a made-up and another list’s cursor naming cursor', async () => {
    const first = await list(name, { limit: '1' });
    expect(first.json.next, 'a first page of one item has a next page').toBeTruthy();
    const cursor = cursorOf(first.json.next);
    const [payload, signature] = cursor.split('.') as [string, string];
    const position = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const moved = Buffer.from(JSON.stringify({ ...position, p: { ...position.p, forged: 'x' } })).toString('base64url');
    const other = name === 'list-clients' ? 'list-invoices' : 'list-clients';
    const foreign = cursorOf((await list(other, { limit: '1' })).json.next);
    for (const bad of [`${moved}.${signature}`, `${payload}.${signature.slice(1)}x`, 'made-up', foreign])
      expect(refusal(await list(name, { limit: '1', cursor: bad })), bad).toBe('400 validation_error cursor');
  });
});

it('covers every list route of the table but the user’s own organizations', () => {
  expect(LISTS.length).toBe(ROUTES.filter((route) => route.name.startsWith('list-')).length - NOT_PAGED.length);
  expect(LISTS.length).toBeGreaterThanOrEqual(18);
});
