// Every operation that changes a stored item, run three times at once against itself and against
// delivery reports landing on the same document meanwhile: no answer is a 5xx, an effect that may
// happen once happens once, and the requests that lose say why with a 4xx.
import { beforeAll, describe, expect, it } from 'vitest';
import { getQuote } from '#shared/data/quotes';
import { call, db, invoiceBody, type CallResult } from '#test/support/api';
import { frenchBuyer } from '#test/support/eu-invoice';
import { feesOf, lateFeeTenant, report, sendings } from '#test/support/races';

let tenant: Awaited<ReturnType<typeof lateFeeTenant>>['tenant'];
let clientId: string;
const SAME = 3;
const REPORTS = 4;

beforeAll(async () => {
  ({ tenant, clientId } = await lateFeeTenant('Race track'));
});

const draft = async (overrides: Record<string, unknown> = {}) => {
  const created = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId, overrides) });
  expect(created.status, created.text).toBe(201);
  return created.json.id as string;
};
/** An issued invoice, long overdue, with REPORTS sendings whose delivery reports are still to come. */
const issued = async () => {
  const id = await draft({ issue_date: '2025-05-21', due_date: '2025-06-20', supply_date: '2025-05-21' });
  const messages = await sendings(tenant.id, id, REPORTS, frenchBuyer.email);
  return {
    id,
    reports: () => messages.map((message) => report(tenant.id, { kind: 'invoice', id }, message, frenchBuyer.email)),
  };
};
const invoice = async (id: string) => (await call('get-invoice', { token: tenant.apiKey, params: { id } })).json;

/** Runs `request` SAME times at once, beside `bookkeeping`; answers the statuses, sorted. */
async function race(request: () => Promise<CallResult>, bookkeeping: () => Promise<unknown>[] = () => []) {
  const [answers] = await Promise.all([Promise.all(Array.from({ length: SAME }, request)), Promise.all(bookkeeping())]);
  for (const answer of answers) expect(answer.status, answer.text).toBeLessThan(500);
  return answers;
}
const statuses = (answers: CallResult[]) => answers.map((answer) => answer.status).sort();

describe('an invoice raced by itself and by its delivery reports', () => {
  it('late fee: one fee invoice; the others find nothing left to charge', async () => {
    const { id, reports } = await issued();
    const answers = await race(
      () => call('charge-late-fee', { token: tenant.apiKey, params: { id }, body: { as_of: '2025-07-31' } }),
      reports,
    );
    expect(statuses(answers)).toEqual([201, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.json.error.code)).toEqual([
      'invalid_state',
      'invalid_state',
    ]);
    expect(await feesOf(tenant.apiKey, id)).toHaveLength(1);
    const original = await invoice(id);
    expect(original.sendings.map((sending: { delivery_status: string }) => sending.delivery_status)).toEqual(
      Array.from({ length: REPORTS }, () => 'delivered'),
    );
  });

  it('payment: every payment lands', async () => {
    const { id, reports } = await issued();
    const answers = await race(
      () => call('record-payment', { token: tenant.apiKey, params: { id }, body: { amount: '1.00', method: 'cash' } }),
      reports,
    );
    expect(statuses(answers)).toEqual([201, 201, 201]);
    expect((await invoice(id)).amount_paid).toBe('3.00');
  });

  it('credit note: each one lands', async () => {
    const { id, reports } = await issued();
    const answers = await race(
      () =>
        call('create-credit-note', {
          token: tenant.apiKey,
          params: { id },
          body: { lines: [{ line: 0, quantity: 1 }], reason: 'order_change' },
        }),
      reports,
    );
    expect(statuses(answers)).toEqual([201, 201, 201]);
  });

  it('void: voided once, the others refused as void already', async () => {
    const { id, reports } = await issued();
    const answers = await race(
      () => call('void-invoice', { token: tenant.apiKey, params: { id }, body: { reason: 'Fehler' } }),
      reports,
    );
    expect(statuses(answers).filter((status) => status !== 200)).toEqual(
      statuses(answers).filter((status) => status === 409),
    );
    expect(statuses(answers)).toContain(200);
    expect((await invoice(id)).status).toBe('void');
  });

  it('update of a draft: every one lands', async () => {
    const id = await draft();
    const answers = await race(() =>
      call('update-invoice', { token: tenant.apiKey, params: { id }, body: { notes: 'Danke', metadata: { n: '1' } } }),
    );
    expect(statuses(answers)).toEqual([200, 200, 200]);
    expect([(await invoice(id)).notes, (await invoice(id)).metadata]).toEqual(['Danke', { n: '1' }]);
  });
});

describe('a client, a quote and a team raced by themselves', () => {
  it('client update: every one lands', async () => {
    const answers = await race(() =>
      call('update-client', { token: tenant.apiKey, params: { id: clientId }, body: { metadata: { a: 'b' } } }),
    );
    expect(statuses(answers)).toEqual([200, 200, 200]);
  });

  it('quote conversion, beside its delivery reports: one full invoice, the others refused', async () => {
    const created = await call('create-quote', {
      token: tenant.apiKey,
      body: { client: clientId, expiry_date: '2099-12-31', line_items: invoiceBody(clientId).line_items },
    });
    const id = created.json.id as string;
    for (let n = 0; n < 3; n++) await call('send-quote', { token: tenant.apiKey, params: { id }, body: {} });
    const token = new URL(created.json.public_url).pathname.split('/').at(-2)!;
    const page = await call('view-public-quote', { params: { token } });
    const version = /name="version" value="(\d+)"/.exec(page.text)![1]!;
    const answers = await race(() =>
      call('answer-public-quote', {
        params: { token },
        raw: new URLSearchParams({ decision: 'accept', version }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    // The page answers each with a redirect to itself, showing the quote as it stands.
    expect(statuses(answers)).toEqual([303, 303, 303]);
    expect((await call('get-quote', { token: tenant.apiKey, params: { id } })).json.status).toBe('accepted');
    const messages = ((await getQuote(db, tenant.id, id))?.sendings ?? []).map((sending) => sending.message_id!);
    const converted = await race(
      () => call('convert-quote', { token: tenant.apiKey, params: { id }, body: { kind: 'full' } }),
      () => messages.map((message) => report(tenant.id, { kind: 'quote', id }, message, frenchBuyer.email)),
    );
    expect(statuses(converted)).toEqual([201, 409, 409]);
    expect((await call('get-quote', { token: tenant.apiKey, params: { id } })).json.invoices).toHaveLength(1);
  });
});
