// A write that lands between a change's read and its commit (shared/data/change.ts): the change is
// decided again from a fresh read and succeeds; one that lands before every attempt makes the change
// 409 `conflict`, naming what kept changing, with nothing of it written. Bookkeeping (a delivery
// report) never makes a user's change fail.
import { beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_ATTEMPTS } from '#shared/data/change';
import { getInvoice } from '#shared/data/invoices';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import { STATUS_OF } from '#shared/http/errors';
import { chargeLateFee } from '#shared/invoicing/charge-late-fee';
import { updateCreditNote } from '#shared/invoicing/update-credit-note';
import { changeClient } from '#shared/clients/change-client';
import { call, db } from '#test/support/api';
import { frenchBuyer } from '#test/support/eu-invoice';
import { BASE_URL, feesOf, interleaved, lateFeeTenant, report, sendings } from '#test/support/races';

let tenant: Awaited<ReturnType<typeof lateFeeTenant>>['tenant'];
let clientId: string;

beforeAll(async () => {
  ({ tenant, clientId } = await lateFeeTenant('Racing Weinhaus'));
});

/** An invoice of 1200.00, issued and long overdue, with `reports` sendings to report on. */
async function overdue(reports: number) {
  const created = await call('create-invoice', {
    token: tenant.apiKey,
    body: {
      client: clientId,
      issue_date: '2025-05-21',
      due_date: '2025-06-20',
      supply_date: '2025-05-21',
      line_items: [{ description: 'Beratung', quantity: 1, unit_price: '1000.00', tax_rate: '20' }],
    },
  });
  expect(created.status, created.text).toBe(201);
  const id = created.json.id as string;
  return { id, messages: await sendings(tenant.id, id, reports, frenchBuyer.email) };
}

describe('a late fee whose invoice a delivery report changes between its read and its write', () => {
  it('is decided again and written once, the report recorded too', async () => {
    const { id, messages } = await overdue(1);
    const raced = interleaved(id, () => report(tenant.id, { kind: 'invoice', id }, messages[0]!, frenchBuyer.email), 1);
    const fee = await chargeLateFee({ db: raced.db, publicBaseUrl: BASE_URL }, tenant.id, id, '2025-07-31');
    expect(raced.counter.writes).toBe(2);
    expect(fee.breakdown.interest_minor).toBeGreaterThan(0);
    expect((await feesOf(tenant.apiKey, id)).map((invoice) => invoice.id)).toEqual([fee.invoice.id]);
    const original = await getInvoice(db, tenant.id, id);
    expect([original?.late_fee_through, original?.sendings?.[0]?.delivery_status]).toEqual(['2025-07-31', 'delivered']);
  });

  it(`is 409 conflict naming the invoice once it lost ${CHANGE_ATTEMPTS} times, and no fee is written`, async () => {
    const { id, messages } = await overdue(CHANGE_ATTEMPTS);
    const raced = interleaved(id, (turn) =>
      report(tenant.id, { kind: 'invoice', id }, messages[turn - 1]!, frenchBuyer.email),
    );
    const refused = await chargeLateFee({ db: raced.db, publicBaseUrl: BASE_URL }, tenant.id, id).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe(ErrorCode.conflict);
    expect(STATUS_OF[(refused as DomainError).code]).toBe(409);
    expect((refused as DomainError).details).toEqual({ resource: 'invoice', id });
    expect(raced.counter.writes).toBe(CHANGE_ATTEMPTS);
    expect(await feesOf(tenant.apiKey, id)).toEqual([]);
    expect((await getInvoice(db, tenant.id, id))?.late_fee_through).toBeUndefined();
  });
});

describe('a client changed meanwhile', () => {
  it('is changed again from a fresh read, keeping what the other writer wrote', async () => {
    const raced = interleaved(
      clientId,
      () => changeClient(db, tenant.id, clientId, { metadata: { tier: 'gold' } }, 'client.updated'),
      1,
    );
    const changed = await changeClient(raced.db, tenant.id, clientId, { name: 'Neu' }, 'client.updated');
    expect([changed.name, changed.metadata]).toEqual(['Neu', { tier: 'gold' }]);
    expect(raced.counter.writes).toBe(2);
  });
});

describe('a credit note whose sending a report changes meanwhile', () => {
  it('takes its metadata from a fresh read and keeps the report', async () => {
    const { id } = await overdue(0);
    expect((await call('send-invoice', { token: tenant.apiKey, params: { id } })).status).toBe(200);
    const note = await call('create-credit-note', {
      token: tenant.apiKey,
      params: { id },
      body: { lines: [{ line: 0, quantity: 1 }], reason: 'order_change' },
    });
    expect(note.status, note.text).toBe(201);
    const changes = interleaved(
      note.json.id,
      (turn) => updateCreditNote(db, BASE_URL, tenant.id, note.json.id, { metadata: { turn: String(turn) } }),
      2,
    );
    const changed = await updateCreditNote(changes.db, BASE_URL, tenant.id, note.json.id, { metadata: { mine: 'x' } });
    expect(changed.metadata).toEqual({ turn: '2', mine: 'x' });
    expect(changes.counter.writes).toBe(3);
  });
});
