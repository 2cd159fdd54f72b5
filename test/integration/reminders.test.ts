// Reminder schedules (docs/collections.md): a clock advanced day by day over 90 days, every sweep
// run twice at once, payments arriving between reminders — exactly the expected reminders go out,
// each once, in the client's language, and none after payment.
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateIn } from '#shared/domain/dates';
import { claimReminder } from '#shared/data/reminders';
import { call, db, invoiceBody, newTenant } from '#test/support/api';
import { storedEmail } from '#test/support/emails';

type Tenant = Awaited<ReturnType<typeof newTenant>>;
const today = dateIn('UTC', new Date());
const noonOf = (day: number) => `${addDays(today, day)}T12:00:00.000Z`;
const sweep = async (now: string) => {
  const { handler } = await import('#functions/reminder-sweeper/handler');
  return handler({ now });
};
/** Every sweep of the day runs twice at the same moment, as two overlapping schedules would. */
const sweepTwice = (day: number) => Promise.all([sweep(noonOf(day)), sweep(noonOf(day))]);

const POLICY = {
  enabled: true,
  steps: [
    { offset_days: -3, attach_pdf: false },
    { offset_days: 0 },
    { offset_days: 7, attach_pdf: true },
    { offset_days: 14 },
    { offset_days: 30 },
  ],
};

async function tenantWithPolicy(name: string, client: Record<string, unknown> = {}) {
  const tenant = await newTenant(name);
  const policy = await call('update-organization', {
    token: tenant.apiKey,
    body: { reminder_policy: POLICY },
  });
  expect(policy.status).toBe(200);
  const created = await call('create-client', {
    token: tenant.apiKey,
    body: { name: 'Kunde GmbH', email: 'buchhaltung@kunde.example', locale: 'de-DE', ...client },
  });
  return { tenant, clientId: created.json.id as string };
}

async function sentInvoice(tenant: Tenant, clientId: string, dueInDays: number) {
  const body = invoiceBody(clientId, { issue_date: today, due_date: addDays(today, dueInDays) });
  const { json: draft } = await call('create-invoice', { token: tenant.apiKey, body });
  expect((await call('send-invoice', { token: tenant.apiKey, params: { id: draft.id }, body: {} })).status).toBe(200);
  return draft as { id: string; invoice_number: string; total: string };
}

const reminders = async (tenant: Tenant, id: string) =>
  (await call('list-reminders', { token: tenant.apiKey, params: { id } })).json.results as {
    step: number | null;
    offset_days: number | null;
    to: string;
    sent_at: string;
    delivery_status: string;
  }[];

describe('the reminder schedule', () => {
  let tenant: Tenant;
  let clientId: string;
  beforeAll(async () => {
    ({ tenant, clientId } = await tenantWithPolicy('Mahnwesen AG'));
  });

  it('sends each step once over 90 days of doubled sweeps, in the client language, and none after payment', async () => {
    const invoice = await sentInvoice(tenant, clientId, 5);
    for (let day = 0; day <= 90; day++) {
      await sweepTwice(day);
      // Part payments between the steps leave the invoice open; the payment in full on day 40 ends it.
      if (day === 8 || day === 15)
        await call('record-payment', {
          token: tenant.apiKey,
          params: { id: invoice.id },
          body: { amount: '10.00', method: 'bank_transfer' },
        });
      if (day === 40) {
        const { json } = await call('get-invoice', { token: tenant.apiKey, params: { id: invoice.id } });
        await call('record-payment', {
          token: tenant.apiKey,
          params: { id: invoice.id },
          body: { amount: json.amount_due, method: 'bank_transfer' },
        });
      }
    }
    const sent = await reminders(tenant, invoice.id);
    expect(sent.map((each) => [each.step, each.offset_days, each.delivery_status])).toEqual([
      [1, -3, 'sent'],
      [2, 0, 'sent'],
      [3, 7, 'sent'],
      [4, 14, 'sent'],
      [5, 30, 'sent'],
    ]);
    const { json } = await call('get-invoice', { token: tenant.apiKey, params: { id: invoice.id } });
    expect(json.status).toBe('paid');
    const reminderSendings = json.sendings.filter((sending: { reminder: boolean }) => sending.reminder);
    expect(reminderSendings).toHaveLength(5);
    const events = await call('list-events', {
      token: tenant.apiKey,
      query: { type: 'invoice.reminder_sent', limit: '100' },
    });
    expect(
      events.json.results.filter((event: { data: { object: { id: string } } }) => event.data.object.id === invoice.id),
    ).toHaveLength(5);

    const [first, second, third] = await Promise.all(
      reminderSendings.slice(0, 3).map((sending: { message_id: string }) => storedEmail(sending.message_id)),
    );
    expect(first!.subject).toBe(`Zahlungserinnerung: Rechnung ${invoice.invoice_number} von Mahnwesen AG`);
    expect(first!.destination.to).toEqual(['buchhaltung@kunde.example']);
    expect(first!.replyTo.length).toBeGreaterThanOrEqual(0);
    expect(first!.body.text).toContain(json.public_url);
    // Step 1 leaves the PDF out; the others attach it.
    const attached = (email: typeof first) =>
      email!.attachments.map((file: { contentType: string }) => file.contentType);
    expect([attached(first), attached(second), attached(third)]).toEqual([
      [],
      ['application/pdf'],
      ['application/pdf'],
    ]);
    // The step on the due date says how much is due; the one a week later how many days overdue.
    expect(second!.body.text).toContain('Rechnung');
    expect(third!.body.text).toContain('7 Tage');
  }, 180_000);

  it('sends one reminder, not a burst, to an invoice that missed several steps', async () => {
    const invoice = await sentInvoice(tenant, clientId, 1);
    await sweepTwice(20); // steps on days -2, 1, 8 and 15 have all come: only the latest goes out
    expect((await reminders(tenant, invoice.id)).map((each) => each.step)).toEqual([4]);
    await sweepTwice(21);
    await sweepTwice(31);
    expect((await reminders(tenant, invoice.id)).map((each) => each.step)).toEqual([4, 5]);
  }, 60_000);

  it('sends nothing to a paused invoice or a client that opted out, and nothing to a void one', async () => {
    const paused = await sentInvoice(tenant, clientId, 5);
    const pause = await call('update-invoice', {
      token: tenant.apiKey,
      params: { id: paused.id },
      body: { reminders_paused: true },
    });
    expect([pause.status, pause.json.reminders_paused, pause.json.status]).toEqual([200, true, 'sent']);
    const edit = await call('update-invoice', {
      token: tenant.apiKey,
      params: { id: paused.id },
      body: { reminders_paused: false, notes: 'changed' },
    });
    expect(edit.status).toBe(409);
    const voided = await sentInvoice(tenant, clientId, 5);
    await call('void-invoice', { token: tenant.apiKey, params: { id: voided.id } });
    const other = await tenantWithPolicy('Opt-out GmbH', { reminders: 'off' });
    const optedOut = await sentInvoice(other.tenant, other.clientId, 5);
    for (const day of [2, 5, 12]) await sweepTwice(day);
    expect(await reminders(tenant, paused.id)).toEqual([]);
    expect(await reminders(tenant, voided.id)).toEqual([]);
    expect(await reminders(other.tenant, optedOut.id)).toEqual([]);
    expect(
      (await call('get-client', { token: other.tenant.apiKey, params: { id: other.clientId } })).json.reminders,
    ).toBe('off');
  }, 60_000);

  it('records a step whose sweep stopped after claiming it as unknown, and never sends it again', async () => {
    const invoice = await sentInvoice(tenant, clientId, 10);
    const stepDate = addDays(today, 10); // the step on the due date
    // A sweep claimed the step twenty minutes ago and stopped before recording it.
    await claimReminder(db, tenant.id, invoice.id, stepDate, new Date(Date.parse(noonOf(10)) - 20 * 60_000));
    await sweepTwice(10);
    expect((await reminders(tenant, invoice.id)).map((each) => [each.step, each.delivery_status])).toEqual([
      [2, 'unknown'],
    ]);
    const { json } = await call('get-invoice', { token: tenant.apiKey, params: { id: invoice.id } });
    expect(json.sendings.filter((sending: { reminder: boolean }) => sending.reminder)).toEqual([]);
    await sweepTwice(17);
    expect((await reminders(tenant, invoice.id)).map((each) => [each.step, each.delivery_status])).toEqual([
      [2, 'unknown'],
      [3, 'sent'],
    ]);
  }, 60_000);

  it('charges the late fee with a step that says so, once, however often the sweep runs', async () => {
    const fees = await newTenant('Fee step');
    await call('update-organization', {
      token: fees.apiKey,
      body: {
        reminder_policy: { enabled: true, steps: [{ offset_days: 10, charge_late_fee: true }] },
        late_fee_policy: { interest: { basis: 'fixed', rate: '10.00' }, compensation: null },
      },
    });
    const client = await call('create-client', {
      token: fees.apiKey,
      body: { name: 'Late Ltd', email: 'ap@late.example' },
    });
    const invoice = await sentInvoice(fees, client.json.id, 5);
    for (const day of [14, 15, 15, 16]) await sweepTwice(day);
    expect((await reminders(fees, invoice.id)).map((each) => each.step)).toEqual([1]);
    const listed = (await call('list-invoices', { token: fees.apiKey, query: { limit: '10' } })).json.results;
    const charged = listed.filter(
      (each: { preceding_invoice: { id: string } | null }) => each.preceding_invoice?.id === invoice.id,
    );
    expect(charged).toHaveLength(1);
    expect(charged[0].line_items[0].description).toContain(addDays(today, 15));
  }, 60_000);

  it('books the invoices sent before the policy was set, and those a changed policy moves', async () => {
    const late = await newTenant('Late adopter');
    const client = await call('create-client', {
      token: late.apiKey,
      body: { name: 'Old Ltd', email: 'ap@old.example' },
    });
    const before = await sentInvoice(late, client.json.id, 5);
    await sweepTwice(6);
    expect(await reminders(late, before.id)).toEqual([]);
    const set = await call('update-organization', {
      token: late.apiKey,
      body: { reminder_policy: { enabled: true, steps: [{ offset_days: 3 }, { offset_days: 20 }] } },
    });
    expect(set.status).toBe(200);
    await sweepTwice(7); // the backfill books the invoice; its step on day 8 has not come
    await sweepTwice(8);
    expect((await reminders(late, before.id)).map((each) => each.step)).toEqual([1]);
    // A new policy moves the next step from day 25 to day 15.
    await call('update-organization', {
      token: late.apiKey,
      body: { reminder_policy: { enabled: true, steps: [{ offset_days: 3 }, { offset_days: 10 }] } },
    });
    await sweepTwice(14);
    await sweepTwice(15);
    expect((await reminders(late, before.id)).map((each) => each.step)).toEqual([1, 2]);
  }, 60_000);

  it('sends a reminder by hand and lists it, and refuses one for a draft', async () => {
    const invoice = await sentInvoice(tenant, clientId, 30);
    const manual = await call('send-reminder', { token: tenant.apiKey, params: { id: invoice.id }, body: {} });
    expect([manual.status, manual.json.sent_to]).toEqual([201, 'buchhaltung@kunde.example']);
    const listed = await reminders(tenant, invoice.id);
    expect(listed).toEqual([
      {
        step: null,
        offset_days: null,
        to: 'buchhaltung@kunde.example',
        sent_at: manual.json.sent_at,
        delivery_status: 'sent',
        delivery_status_at: manual.json.sent_at,
        bounce_type: null,
      },
    ]);
    const { json: draft } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
    const refused = await call('send-reminder', { token: tenant.apiKey, params: { id: draft.id }, body: {} });
    expect([refused.status, refused.json.error.code]).toEqual([409, 'invalid_state']);
    const { json } = await call('get-invoice', { token: tenant.apiKey, params: { id: draft.id } });
    expect([json.status, json.sendings]).toEqual(['draft', []]);
  });
});

describe('a reminder policy', () => {
  it.each([
    [
      'more than 6 steps',
      { enabled: true, steps: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ offset_days: day })) },
      'steps',
    ],
    ['an offset beyond 365 days', { enabled: true, steps: [{ offset_days: 366 }] }, 'steps[0].offset_days'],
    ['an offset before -365 days', { enabled: true, steps: [{ offset_days: -366 }] }, 'steps[0].offset_days'],
    ['a fractional offset', { enabled: true, steps: [{ offset_days: 1.5 }] }, 'steps[0].offset_days'],
    ['the same offset twice', { enabled: true, steps: [{ offset_days: 3 }, { offset_days: 3 }] }, 'steps'],
    ['an unknown field', { enabled: true, steps: [], every: 'day' }, ''],
  ])('with %s is refused with 400 naming the field, and nothing is stored', async (_, policy, field) => {
    const tenant = await newTenant('Policy checks');
    const refused = await call('update-organization', { token: tenant.apiKey, body: { reminder_policy: policy } });
    expect([refused.status, refused.json.error.code]).toEqual([400, 'validation_error']);
    const named = Object.keys(refused.json.error.details.fields).join(' ');
    expect(named).toContain(`reminder_policy${field ? `.${field}` : ''}`);
    const { json } = await call('get-organization', { token: tenant.apiKey });
    expect(json.reminder_policy).toEqual({ enabled: false, steps: [] });
  });
});
