// Invoice numbers under contention and under crashes: any number of concurrent creates all succeed
// with gapless numbers in three DynamoDB requests each, and a number whose invoice was never written
// is voided with its reason by the sweeper — never skipped, never given twice.
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { parse } from 'content-disposition';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as sweep } from '#functions/number-sweeper/handler';
import { correlated, type CorrelatedDb, createDb } from '#shared/data/table';
import { createInvoice, OriginTakenError } from '#shared/invoicing/create-invoice';
import { numberTextKey, seriesCounterKey } from '#shared/data/keys';
import { formatNumber, INVOICE_SERIES, UNCLAIMED_GRACE_SECONDS, VOID_REASON } from '#shared/domain/numbering';
import { call, countDbCalls, db, invoiceBody, newTenant } from '#test/support/api';
import { storedEmail } from '#test/support/emails';

type Tenant = Awaited<ReturnType<typeof newTenant>>;

async function tenantWithClient(name: string): Promise<{ tenant: Tenant; clientId: string }> {
  const tenant = await newTenant(name);
  const created = await call('create-client', { token: tenant.ownerToken, body: { name, email: 'ap@x.example' } });
  return { tenant, clientId: created.json.id };
}

const draft = (clientId: string) => ({
  client_id: clientId,
  issue_date: '2026-11-01',
  due_date: '2026-12-01',
  currency: 'USD',
  lines: [],
});

/** A client of the same table whose `nth` command named `command` crashes before or after it reaches DynamoDB. */
function crashing(command: string, when: 'before' | 'after', nth = 1): CorrelatedDb {
  const crashy = correlated(createDb(db.table), undefined, db.actor);
  let seen = 0;
  crashy.client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== command || ++seen !== nth) return next(args);
      if (when === 'after') await next(args);
      throw new Error(`injected crash ${when} ${command}`);
    },
    { step: 'initialize', name: 'injectCrash' },
  );
  return crashy;
}

/** Every number of the series up to its counter: the invoice that holds it, or the reason it is void. */
async function register(organizationId: string) {
  const { Item: counter } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: seriesCounterKey(organizationId, INVOICE_SERIES) }),
  );
  const invoices = await db.client.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :invoices)',
      ExpressionAttributeValues: { ':pk': `ORG#${organizationId}`, ':invoices': 'INVOICE#' },
    }),
  );
  const voided = await call('list-voided-numbers', {
    token: (await tenants.get(organizationId))!,
    params: { series: INVOICE_SERIES },
  });
  const holders = new Map<number, string>();
  for (const invoice of invoices.Items ?? []) holders.set(Number(invoice.invoice_number.slice(4)), 'invoice');
  for (const entry of voided.json.results) {
    expect(holders.has(entry.sequence), `number ${entry.sequence} is both used and void`).toBe(false);
    holders.set(entry.sequence, entry.reason);
  }
  const last = Number(counter?.last_number ?? 0);
  return { last, holders, voided: voided.json.results as { number: string; sequence: number; reason: string }[] };
}

const tenants = new Map<string, string>();
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
/** Two looks past the grace period: the first marks what is allocated, the second verifies it. */
async function sweepTwice() {
  const grace = UNCLAIMED_GRACE_SECONDS / 60;
  await sweep({ now: later(grace + 1) });
  return sweep({ now: later(2 * grace + 2) });
}

describe('invoice numbers under concurrency', () => {
  for (const concurrency of [1, 10, 50, 200]) {
    it(`gives ${concurrency} concurrent creates gapless numbers in three requests each`, async () => {
      const { tenant, clientId } = await tenantWithClient(`Burst ${concurrency}`);
      const { result, calls } = await countDbCalls(() =>
        Promise.all(
          Array.from({ length: concurrency }, () =>
            call('create-invoice', { token: tenant.ownerToken, body: invoiceBody(clientId) }),
          ),
        ),
      );
      expect(result.map((answer) => answer.status)).toEqual(result.map(() => 201));
      const numbers = result.map((answer) => Number(answer.json.invoice_number.slice(4))).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: concurrency }, (_, index) => index + 1));
      // Besides the token's membership read, which every request with a token makes (docs/security.md).
      expect(calls).toEqual({
        GetItem: concurrency,
        BatchGetItem: concurrency,
        UpdateItem: concurrency,
        TransactWriteItems: concurrency,
      });
    });
  }
});

describe('invoice numbers under crashes', () => {
  let tenant: Tenant;
  let clientId: string;
  beforeAll(async () => {
    ({ tenant, clientId } = await tenantWithClient('Crashes'));
    tenants.set(tenant.id, tenant.ownerToken);
  });

  it('voids the number of every create that stopped between two steps, and no other', async () => {
    const make = (on: CorrelatedDb) =>
      createInvoice({ db: on, publicBaseUrl: 'http://invoices.test' }, tenant.id, draft(clientId));
    await make(db); // 1: used
    await expect(make(crashing('BatchGetItemCommand', 'after'))).rejects.toThrow(/injected/); // nothing allocated
    await expect(make(crashing('UpdateItemCommand', 'before'))).rejects.toThrow(/injected/); // nothing allocated
    await expect(make(crashing('UpdateItemCommand', 'after'))).rejects.toThrow(/injected/); // 2: allocated, unwritten
    await expect(make(crashing('TransactWriteItemsCommand', 'before'))).rejects.toThrow(/injected/); // 3: unwritten
    await expect(make(crashing('TransactWriteItemsCommand', 'after'))).rejects.toThrow(/injected/); // 4: written
    await make(db); // 5: used
    // A recurring period taken by another run: the number is voided at once, with that reason...
    const taken = { ConditionCheck: { TableName: db.table, Key: { pk: 'NONE', sk: 'NONE' } } };
    const origin = {
      fields: { recurring_id: 'rec_1' },
      voidReason: VOID_REASON.periodTaken,
      claim: { ConditionCheck: { ...taken.ConditionCheck, ConditionExpression: 'attribute_exists(pk)' } },
    };
    const withOrigin = (on: CorrelatedDb) =>
      createInvoice({ db: on, publicBaseUrl: 'http://invoices.test' }, tenant.id, draft(clientId), new Date(), origin);
    await expect(withOrigin(db)).rejects.toBeInstanceOf(OriginTakenError); // 6: voided now
    // ...unless it stops before it can void: then the sweeper does.
    await expect(withOrigin(crashing('TransactWriteItemsCommand', 'before', 2))).rejects.toThrow(/injected/); // 7

    const before = await register(tenant.id);
    expect(before.last).toBe(7);
    expect(before.voided.map((entry) => [entry.sequence, entry.reason])).toEqual([[6, VOID_REASON.periodTaken]]);

    await sweepTwice();
    const after = await register(tenant.id);
    expect([...after.holders.entries()].sort(([a], [b]) => a - b)).toEqual([
      [1, 'invoice'],
      [2, VOID_REASON.abandoned],
      [3, VOID_REASON.abandoned],
      [4, 'invoice'],
      [5, 'invoice'],
      [6, VOID_REASON.periodTaken],
      [7, VOID_REASON.abandoned],
    ]);
    expect(after.voided.find((entry) => entry.sequence === 2)?.number).toBe(
      formatNumber({ pattern: 'INV-{seq}', padding: 6 }, 2, '2026'),
    );
  });

  it('lets a sweep that crashed between two steps be repeated without voiding anything twice', async () => {
    const own = await tenantWithClient('Sweep crash');
    tenants.set(own.tenant.id, own.tenant.ownerToken);
    const make = (on: CorrelatedDb) =>
      createInvoice({ db: on, publicBaseUrl: 'http://invoices.test' }, own.tenant.id, draft(own.clientId));
    await expect(make(crashing('UpdateItemCommand', 'after'))).rejects.toThrow(/injected/);
    await expect(make(crashing('UpdateItemCommand', 'after'))).rejects.toThrow(/injected/);
    await make(db);
    await sweep({ now: later(UNCLAIMED_GRACE_SECONDS / 60 + 1) });
    // The verifying sweep crashes after voiding the first number, before the rest and the counter.
    const { verifySeries, seriesToVerify } = await import('#shared/data/number-series');
    const now = new Date(later((2 * UNCLAIMED_GRACE_SECONDS) / 60 + 2));
    const mine = (await seriesToVerify(db, now)).find((counter) => counter.organization_id === own.tenant.id)!;
    await expect(verifySeries(crashing('TransactWriteItemsCommand', 'after', 1), mine, now)).rejects.toThrow(
      /injected/,
    );
    await sweepTwice();
    const after = await register(own.tenant.id);
    expect(after.voided.map((entry) => entry.sequence)).toEqual([1, 2]);
    expect(after.holders.get(3)).toBe('invoice');
  });

  it('leaves the index once every number is verified, and shows another organization none of it', async () => {
    await sweepTwice();
    const { Item: counter } = await db.client.send(
      new GetCommand({ TableName: db.table, Key: seriesCounterKey(tenant.id, INVOICE_SERIES) }),
    );
    expect(counter).toMatchObject({ last_number: 7, verified_through: 7 });
    expect(Object.keys(counter!).filter((name) => name.startsWith('gsi'))).toEqual([]);
    const other = await newTenant('Other');
    const seen = await call('list-voided-numbers', { token: other.ownerToken, params: { series: INVOICE_SERIES } });
    expect([seen.status, seen.json.results]).toEqual([200, []]);
  });
});

describe('invoice numbering formats', () => {
  const numbering = (token: string, invoice_numbering: object) =>
    call('update-organization', { token, body: { invoice_numbering } });
  const issue = (token: string, client: string, date: string) =>
    call('create-invoice', { token, body: invoiceBody(client, { issue_date: date, due_date: '2028-01-31' }) });

  it('numbers with the year and starts again at 1 each year, gapless within each year', async () => {
    const { tenant, clientId } = await tenantWithClient('Yearly');
    const set = await numbering(tenant.ownerToken, { pattern: 'INV-{YYYY}-{seq}', padding: 4, reset: 'yearly' });
    expect([set.status, set.json.invoice_numbering]).toEqual([
      200,
      { pattern: 'INV-{YYYY}-{seq}', padding: 4, reset: 'yearly' },
    ]);
    const made = await Promise.all(
      ['2026-12-30', '2027-01-02', '2026-12-31', '2027-01-03', '2027-01-04'].map((date) =>
        issue(tenant.ownerToken, clientId, date),
      ),
    );
    const numbers = made.map((answer) => answer.json.invoice_number as string).sort();
    expect(numbers).toEqual(['INV-2026-0001', 'INV-2026-0002', 'INV-2027-0001', 'INV-2027-0002', 'INV-2027-0003']);
    expect(
      made.every((answer) => answer.json.invoice_number.startsWith(`INV-${answer.json.issue_date.slice(0, 4)}`)),
    ).toBe(true);
  });

  it('may print paths and dots, but names every file with none: downloads and e-mail attachments', async () => {
    const { tenant, clientId } = await tenantWithClient('Paths');
    expect((await numbering(tenant.ownerToken, { pattern: '../../P{seq}', padding: 3 })).status).toBe(200);
    const invoice = (await issue(tenant.ownerToken, clientId, '2026-05-01')).json;
    expect(invoice.invoice_number).toBe('../../P001');
    const sent = await call('send-invoice', { token: tenant.ownerToken, params: { id: invoice.id } });
    expect(sent.status, sent.text).toBe(200);
    const token = new URL(invoice.public_url).pathname.split('/').at(-2)!;
    const pdf = await call('download-public-invoice', { params: { token } });
    const stored = (await call('get-invoice', { token: tenant.ownerToken, params: { id: invoice.id } })).json;
    const email = await storedEmail(stored.sendings[0].message_id);
    const names = [
      parse(pdf.headers['content-disposition']!).parameters.filename,
      ...email.attachments.map((attachment) => attachment.filename),
    ];
    expect(names).toEqual(['-..-P001.pdf', '-..-P001.pdf']);
  });

  it('keeps counting when only the print changes, and skips a printed number an earlier format already gave', async () => {
    const { tenant, clientId } = await tenantWithClient('Reformat');
    expect((await issue(tenant.ownerToken, clientId, '2026-05-01')).json.invoice_number).toBe('INV-000001');
    await numbering(tenant.ownerToken, { pattern: 'N{seq}', padding: 3 });
    expect((await issue(tenant.ownerToken, clientId, '2026-05-02')).json.invoice_number).toBe('N002');
    // A yearly series starts at 1; its first number prints as an earlier one did, so it is voided and skipped.
    await numbering(tenant.ownerToken, { pattern: 'N{YY}{seq}', padding: 1, reset: 'yearly' });
    await db.client.send(
      new PutCommand({ TableName: db.table, Item: { ...numberTextKey(tenant.id, 'N261'), type: 'number_text' } }),
    );
    expect((await issue(tenant.ownerToken, clientId, '2026-05-03')).json.invoice_number).toBe('N262');
    const voided = await call('list-voided-numbers', { token: tenant.ownerToken, params: { series: 'invoice-2026' } });
    expect(
      voided.json.results.map((entry: { number: string; reason: string }) => [entry.number, entry.reason]),
    ).toEqual([['N261', VOID_REASON.textTaken]]);
  });

  it('refuses formats that could not number invoices, saying why, and changes nothing', async () => {
    const { tenant } = await tenantWithClient('Bad formats');
    for (const [format, message] of [
      [{ pattern: 'INV-{YYYY}' }, '{seq} exactly once'],
      [{ pattern: 'INV-{seq}-{seq}' }, '{seq} exactly once'],
      [{ pattern: 'INV {seq}' }, 'pattern may hold'],
      [{ pattern: 'INV-{seq}', reset: 'yearly' }, 'yearly reset needs'],
      [{ pattern: 'INV-{seq}', padding: 13 }, 'padding'],
      [{ pattern: 'INV-{seq}', reset: 'monthly' }, ''],
    ] as const) {
      const refused = await numbering(tenant.ownerToken, format);
      expect([refused.status, refused.json.error.code], JSON.stringify(format)).toEqual([400, 'validation_error']);
      expect(JSON.stringify(refused.json.error.details)).toContain(message);
    }
    const current = await call('get-organization', { token: tenant.ownerToken });
    expect(current.json.invoice_numbering).toEqual({ pattern: 'INV-{seq}', padding: 6, reset: 'never' });
  });
});

describe('one numbering rule for every series', () => {
  const year = String(new Date().getUTCFullYear());
  /** An invoice dated today (the organization's zone is UTC), as a credit note is. */
  const today = (clientId: string) => invoiceBody(clientId, { issue_date: undefined, due_date: undefined });
  /** Issues one document of `series` dated today, and answers its printed number. */
  const issueOne = async (token: string, clientId: string, series: 'invoice' | 'credit_note', invoiceId: string) => {
    if (series === 'invoice') {
      const made = await call('create-invoice', { token, body: today(clientId) });
      expect(made.status, made.text).toBe(201);
      return made.json.invoice_number as string;
    }
    const made = await call('create-credit-note', {
      token,
      params: { id: invoiceId },
      body: { amount: '1.00', description: 'Goodwill', reason: 'other' },
    });
    expect(made.status, made.text).toBe(201);
    return made.json.credit_note_number as string;
  };

  for (const series of ['invoice', 'credit_note'] as const)
    it(`${series}: a format that prints a number an earlier one gave voids it, says why, and takes the next`, async () => {
      const { tenant, clientId } = await tenantWithClient(`Reprint ${series}`);
      // A credit note needs an issued invoice to credit (numbered before the formats below).
      const invoice =
        series === 'credit_note'
          ? (await call('create-invoice', { token: tenant.ownerToken, body: today(clientId) })).json
          : {};
      if (series === 'credit_note')
        await call('send-invoice', { token: tenant.ownerToken, params: { id: invoice.id } });
      const setFormat = (format: object) =>
        call('update-organization', { token: tenant.ownerToken, body: { [`${series}_numbering`]: format } });
      const numbers: string[] = [];
      expect((await setFormat({ pattern: `X-${year}-{seq}`, padding: 3, reset: 'never' })).status).toBe(200);
      for (let count = 0; count < 2; count++)
        numbers.push(await issueOne(tenant.ownerToken, clientId, series, invoice.id));
      // A yearly series starts at 1 and prints as the first two did: both voided, the next two given.
      expect((await setFormat({ pattern: 'X-{YYYY}-{seq}', padding: 3, reset: 'yearly' })).status).toBe(200);
      for (let count = 0; count < 2; count++)
        numbers.push(await issueOne(tenant.ownerToken, clientId, series, invoice.id));
      expect(numbers).toEqual([1, 2, 3, 4].map((seq) => `X-${year}-${String(seq).padStart(3, '0')}`));
      expect(new Set(numbers).size).toBe(4);
      const voided = await call('list-voided-numbers', {
        token: tenant.ownerToken,
        params: { series: `${series}-${year}` },
      });
      expect(
        voided.json.results.map((entry: { number: string; reason: string }) => [entry.number, entry.reason]),
      ).toEqual([1, 2].map((seq) => [`X-${year}-00${seq}`, VOID_REASON.textTaken]));
    });
});
