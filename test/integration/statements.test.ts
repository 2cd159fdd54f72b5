// A client's statement of account: balances per currency that agree with the invoices to the cent.
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#shared/domain/ids';
import { call, countDbCalls, newTenant } from '#test/support/api';
import { readPdf } from '#test/support/pdf';

type Tenant = Awaited<ReturnType<typeof newTenant>>;
let tenant: Tenant;
let clientId: string;

const cents = (amount: string) => Math.round(Number(amount) * 100);

async function issued(issueDate: string, dueDate: string, unitPrice: string, currency = 'EUR') {
  const created = await call('create-invoice', {
    token: tenant.apiKey,
    body: {
      client: clientId,
      issue_date: issueDate,
      due_date: dueDate,
      currency,
      line_items: [{ description: 'Work', quantity: 1, unit_price: unitPrice, tax_rate: '0' }],
    },
  });
  expect(created.status, created.text).toBe(201);
  // The tenant keeps its books in USD; a EUR invoice of 2025 is issued at a rate given by hand.
  const rate = currency === 'USD' ? {} : { exchange_rate: { rate: '1.1', from: currency, to: 'USD' } };
  const sent = await call('send-invoice', { token: tenant.apiKey, params: { id: created.json.id }, body: rate });
  expect(sent.status, sent.text).toBe(200);
  return created.json as { id: string; invoice_number: string };
}

beforeAll(async () => {
  tenant = await newTenant('Statements');
  clientId = (await call('create-client', { token: tenant.apiKey, body: { name: 'Debtor', email: 'd@x.example' } }))
    .json.id;
  const a = await issued('2025-01-10', '2025-02-09', '100.00');
  await call('record-payment', {
    token: tenant.apiKey,
    params: { id: a.id },
    body: { amount: '30.00', method: 'bank_transfer', paid_at: '2025-02-01T10:00:00Z' },
  });
  const b = await issued('2025-03-01', '2025-03-31', '200.00');
  const goodwill = await call('create-credit-note', {
    token: tenant.apiKey,
    params: { id: b.id },
    body: { amount: '50.00', description: 'Goodwill', reason: 'other' },
  });
  const c = await issued('2025-04-01', '2025-05-01', '80.00');
  await call('record-payment', {
    token: tenant.apiKey,
    params: { id: c.id },
    body: { amount: '80.00', method: 'cash' },
  });
  const note = await call('create-credit-note', {
    token: tenant.apiKey,
    params: { id: c.id },
    body: { amount: '20.00', description: 'Returned', reason: 'product_unsatisfactory' },
  });
  const refund = await call('create-refund', {
    token: tenant.apiKey,
    params: { id: note.json.id },
    body: { amount: '15.00', method: 'bank_transfer' },
  });
  expect([goodwill.status, note.status, refund.status]).toEqual([201, 201, 201]);
  await issued('2025-06-01', '2025-07-01', '40.00', 'USD');
  // A draft is not on the statement.
  await call('create-invoice', {
    token: tenant.apiKey,
    body: {
      client: clientId,
      line_items: [{ description: 'Draft', quantity: 1, unit_price: '999.00', tax_rate: '0' }],
    },
  });
}, 60_000);

describe('a statement of account', () => {
  it('closes on the sum of what each of the client’s invoices still owes, per currency', async () => {
    const statement = await call('get-client-statement', { token: tenant.apiKey, params: { id: clientId } });
    expect(statement.status, statement.text).toBe(200);
    const invoices = (await call('list-invoices', { token: tenant.apiKey, query: { client: clientId, limit: '100' } }))
      .json.results as { status: string; currency: string; amount_due: string; amount_refundable: string }[];
    for (const currency of ['EUR', 'USD']) {
      const open = invoices
        .filter((invoice) => invoice.currency === currency && invoice.status !== 'draft')
        .reduce((sum, invoice) => sum + cents(invoice.amount_due) - cents(invoice.amount_refundable), 0);
      const row = statement.json.currencies.find((each: { currency: string }) => each.currency === currency);
      expect(cents(row.closing_balance), currency).toBe(open);
      const aged = Object.values(row.ageing as Record<string, string>).reduce((sum, amount) => sum + cents(amount), 0);
      expect(aged, currency).toBe(open);
    }
    const eur = statement.json.currencies.find((each: { currency: string }) => each.currency === 'EUR');
    // 100 − 30 + 200 − 50 + 80 − 80 − 20 + 15 (refund paid out) = 215.00
    expect([eur.opening_balance, eur.closing_balance]).toEqual(['0.00', '215.00']);
    expect(eur.entries.map((entry: { type: string; amount: string }) => [entry.type, entry.amount])).toEqual([
      ['invoice', '100.00'],
      ['payment', '-30.00'],
      ['invoice', '200.00'],
      ['invoice', '80.00'],
      ...eur.entries.slice(4).map((entry: { type: string; amount: string }) => [entry.type, entry.amount]),
    ]);
    let balance = 0;
    for (const entry of eur.entries) expect(cents(entry.balance)).toBe((balance += cents(entry.amount)));
  });

  it('reads the client with its organization, its invoices, and the payments only of invoices paid something', async () => {
    const { result, calls } = await countDbCalls(() =>
      call('get-client-statement', { token: tenant.ownerToken, params: { id: clientId } }),
    );
    expect(result.status).toBe(200);
    // Four invoices issued, two of them paid something; two credit notes, each asked for its refunds.
    // Besides the token's membership (docs/security.md).
    expect(calls).toEqual({ GetItem: 1, BatchGetItem: 3, Query: 5 });
  });

  it('opens a period on the balance of everything before it', async () => {
    const statement = await call('get-client-statement', {
      token: tenant.apiKey,
      params: { id: clientId },
      query: { from: '2025-03-01', to: '2025-03-31' },
    });
    const eur = statement.json.currencies.find((each: { currency: string }) => each.currency === 'EUR');
    expect([eur.opening_balance, eur.closing_balance]).toEqual(['70.00', '270.00']);
    expect(eur.entries.map((entry: { type: string }) => entry.type)).toEqual(['invoice']);
    // As of 31 March: invoice A (70.00) is 50 days late, B (200.00) due that day.
    expect(eur.ageing).toEqual({
      current: '200.00',
      days_1_30: '0.00',
      days_31_60: '70.00',
      days_61_90: '0.00',
      over_90: '0.00',
    });
  });

  it('refuses a period that ends before it starts, and an unknown client', async () => {
    const backwards = await call('get-client-statement', {
      token: tenant.apiKey,
      params: { id: clientId },
      query: { from: '2025-04-01', to: '2025-03-01' },
    });
    expect([backwards.status, Object.keys(backwards.json.error.details.fields)]).toEqual([400, ['to']]);
    const unknown = await call('get-client-statement', {
      token: tenant.apiKey,
      params: { id: newId('cli') },
    });
    expect(unknown.status).toBe(404);
  });

  it('prints the statement as a PDF in the client’s language when Accept asks for it, the same bytes every time', async () => {
    const german = await call('create-client', {
      token: tenant.apiKey,
      body: { name: 'Schuldner GmbH', email: 's@x.example', locale: 'de-DE' },
    });
    const own = clientId;
    clientId = german.json.id;
    const invoice = await issued('2025-05-02', '2025-06-01', '1234.50');
    clientId = own;
    await call('record-payment', {
      token: tenant.apiKey,
      params: { id: invoice.id },
      body: { amount: '234.50', method: 'bank_transfer', paid_at: '2025-05-20T10:00:00Z' },
    });
    const ask = (accept?: string) =>
      call('get-client-statement', {
        token: tenant.apiKey,
        params: { id: german.json.id },
        query: { from: '2025-05-01', to: '2025-06-30' },
        headers: accept ? { accept } : {},
      });
    const printed = await ask('application/pdf');
    expect(printed.status).toBe(200);
    expect(printed.headers['content-type']).toBe('application/pdf');
    expect(printed.headers.vary).toBe('accept');
    const { text } = readPdf(printed.bytes);
    for (const words of [
      'Kontoauszug',
      'Schuldner GmbH',
      'Anfangssaldo',
      'Endsaldo',
      'Zahlung',
      invoice.invoice_number,
    ])
      expect(text, words).toContain(words);
    expect(text).toContain('1.234,50');
    expect(text).toContain('1.000,00');
    expect((await ask('application/pdf')).bytes.equals(printed.bytes)).toBe(true);
    // JSON when Accept prefers it, names neither, or is absent.
    for (const accept of ['application/json', 'application/json, application/pdf;q=0.5', 'text/html', undefined]) {
      const answer = await ask(accept);
      expect(answer.headers['content-type'], String(accept)).toBe('application/json');
      expect(answer.json.currencies[0].closing_balance).toBe('1000.00');
    }
  });
});
