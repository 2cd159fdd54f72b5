// An organization that receives bank transfers, for the matching tests: its bank account, one
// client, and helpers to issue invoices and import camt.053 statements that the statement worker books.
import { expect } from 'vitest';
import { call, newTenant } from '#test/support/api';
import { camtStatement, type ModelEntry } from '#test/support/bank-statements';
import { deliverFromBus } from '#test/support/bus';
import { austrianSeller, euInvoice, frenchBuyer } from '#test/support/eu-invoice';
import { outboxEvents } from '#test/support/peppol-queue';

export type Tenant = Awaited<ReturnType<typeof newTenant>>;
type Worker = Parameters<typeof deliverFromBus>[0];
export type IssuedInvoice = { id: string; invoice_number: string; payment_reference: string; total_amount: string };

/** One incoming booked transfer in EUR from the client's bank, changed by `over`. */
export const transfer = (amount: string, over: Partial<ModelEntry> = {}): ModelEntry => ({
  ...{ direction: 'credit', amount, currency: 'EUR', reversal: false, booked: true },
  ...{ booking_date: '2026-11-20', value_date: '2026-11-20', name: 'Client SARL' },
  ...{ iban: 'FR1420041010050500013M02606', structured: null, text: 'Thank you' },
  ...{ servicer_reference: `S${crypto.randomUUID().slice(0, 12)}`, end_to_end_id: null },
  ...over,
});

export const minor = (amount: string) => BigInt(amount.replace('.', ''));
export const decimal = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;

/** The statement worker, loaded once per test file. */
const statementWorker = async (): Promise<Worker> =>
  (await import('#functions/bank-statement-worker/handler')).handler as Worker;

/** Imports a camt.053 of these entries into the account `iban` and lets the statement worker book it. */
export async function importedStatement(
  into: { token: string; organization: string; iban: string },
  entries: ModelEntry[],
) {
  const text = camtStatement(entries, { kind: '053', version: 8, iban: into.iban, id: crypto.randomUUID() });
  const asked = await call('import-bank-statement', {
    token: into.token,
    file: { bytes: new TextEncoder().encode(text), type: 'application/xml' },
  });
  expect(asked.status, asked.text).toBe(202);
  const event = (await outboxEvents(into.organization, 'bank_statement.created')).find(
    (candidate) => (candidate.data.object as { id: string }).id === asked.json.id,
  )!;
  expect(await deliverFromBus(await statementWorker(), [event])).toEqual([]);
  const job = (await call('get-bank-statement', { token: into.token, params: { id: asked.json.id } })).json;
  const listed = await call('list-bank-transactions', { token: into.token, query: { limit: '100' } });
  const transactions = listed.json.results.filter((tx: { statement: string }) => tx.statement === job.id);
  return { job, transactions, text };
}

export async function receivingTenant(name: string, iban = 'AT611904300234573201') {
  const worker = await statementWorker();
  const tenant = await newTenant(name);
  const body = { ...austrianSeller, default_currency: 'EUR', bank_accounts: [{ iban }] };
  const profile = await call('update-organization', { token: tenant.ownerToken, body });
  expect(profile.status, profile.text).toBe(200);
  const client = (await call('create-client', { token: tenant.apiKey, body: frenchBuyer })).json.id as string;

  const invoiceOf = async (id: string) => (await call('get-invoice', { token: tenant.apiKey, params: { id } })).json;
  const paymentsOf = async (id: string) =>
    (await call('list-payments', { token: tenant.apiKey, params: { id } })).json.results;

  /** A new invoice sent (the send answer is not the invoice: it is read after). */
  async function issued(due_date = '2026-12-02', issue_date = '2026-11-02'): Promise<IssuedInvoice> {
    const draft = await call('create-invoice', {
      token: tenant.apiKey,
      body: { client, issue_date, due_date, ...euInvoice() },
    });
    expect(draft.status, draft.text).toBe(201);
    const sent = await call('send-invoice', { token: tenant.apiKey, params: { id: draft.json.id }, body: {} });
    expect(sent.status, sent.text).toBe(200);
    return invoiceOf(draft.json.id);
  }

  const imported = (entries: ModelEntry[]) =>
    importedStatement({ token: tenant.apiKey, organization: tenant.id, iban }, entries);

  return { tenant, client, worker, issued, imported, invoiceOf, paymentsOf };
}
