// Late fees (docs/collections.md "Late fees"): the figure for a partly paid invoice crossing the
// 1 July 2025 change of the statutory rate, computed by hand; the original's documents unchanged;
// and every refusal answering with nothing written.
import { beforeAll, describe, expect, it } from 'vitest';
import { validateEInvoices } from '#test/support/e-invoice-validator';
import { call, invoiceBody, newTenant, tableItemCount } from '#test/support/api';
import { austrianSeller, frenchBuyer } from '#test/support/eu-invoice';

type Tenant = Awaited<ReturnType<typeof newTenant>>;
let tenant: Tenant;
let clientId: string;

const POLICY = {
  interest: { basis: 'statutory', margin: '8.00' },
  compensation: { amount: '40.00', currency: 'EUR' },
};

beforeAll(async () => {
  tenant = await newTenant('Weinhaus');
  const set = await call('update-organization', {
    token: tenant.ownerToken,
    body: { ...austrianSeller, default_currency: 'EUR', late_fee_policy: POLICY },
  });
  expect(set.status, set.text).toBe(200);
  clientId = (await call('create-client', { token: tenant.apiKey, body: frenchBuyer })).json.id;
});

/** An invoice of 1200.00 (1000.00 and 20 % VAT), issued. */
async function issued(issueDate: string, dueDate: string) {
  const created = await call('create-invoice', {
    token: tenant.apiKey,
    body: {
      client: clientId,
      issue_date: issueDate,
      due_date: dueDate,
      supply_date: issueDate,
      line_items: [{ description: 'Beratung', quantity: 1, unit_price: '1000.00', tax_rate: '20' }],
    },
  });
  expect(created.status, created.text).toBe(201);
  expect((await call('send-invoice', { token: tenant.apiKey, params: { id: created.json.id } })).status).toBe(200);
  return created.json as { id: string; invoice_number: string; public_url: string };
}

const pay = (id: string, amount: string, paidAt: string) =>
  call('record-payment', {
    token: tenant.apiKey,
    params: { id },
    body: { amount, method: 'bank_transfer', paid_at: paidAt },
  });
const charge = (id: string, body: Record<string, unknown> = {}) =>
  call('charge-late-fee', { token: tenant.apiKey, params: { id }, body });

describe('a late fee', () => {
  it('charges statutory interest across the 1 July rate change on what was unpaid each day, and 40 EUR', async () => {
    const invoice = await issued('2025-05-21', '2025-06-20');
    expect((await pay(invoice.id, '400.00', '2025-07-10T09:00:00Z')).status).toBe(201);
    const token = new URL(invoice.public_url).pathname.split('/').at(-2)!;
    const documents = async () => [
      (await call('download-public-invoice', { params: { token } })).bytes,
      (
        await call('get-invoice-e-invoice', {
          token: tenant.apiKey,
          params: { id: invoice.id },
          query: { format: 'ubl' },
        })
      ).bytes,
    ];
    const before = await documents();

    const fee = await charge(invoice.id, { as_of: '2025-07-31' });
    expect(fee.status, fee.text).toBe(201);
    // By hand: 1200.00 × 11.15 % (3.15 + 8) × 10/365 = 3.67; 1200.00 × 10.15 % (2.15 + 8) × 9/365 = 3.00;
    // 800.00 × 10.15 % × 22/365 = 4.89.
    expect(fee.json.breakdown).toEqual({
      as_of: '2025-07-31',
      rows: [
        { from: '2025-06-21', to: '2025-06-30', days: 10, base: '1200.00', rate: '11.15', interest: '3.67' },
        { from: '2025-07-01', to: '2025-07-09', days: 9, base: '1200.00', rate: '10.15', interest: '3.00' },
        { from: '2025-07-10', to: '2025-07-31', days: 22, base: '800.00', rate: '10.15', interest: '4.89' },
      ],
      interest: '11.56',
      compensation: '40.00',
      total: '51.56',
    });
    const charged = fee.json.invoice;
    expect([charged.total_amount, charged.currency, charged.status]).toEqual(['51.56', 'EUR', 'draft']);
    expect(charged.preceding_invoice).toEqual({
      id: invoice.id,
      number: invoice.invoice_number,
      issue_date: '2025-05-21',
    });
    expect(charged.line_items.map((line: { tax_category: string }) => line.tax_category)).toEqual(['O', 'O']);
    // Worded in the invoice's language (the buyer's, French).
    expect(charged.line_items.map((line: { description: string }) => line.description)).toEqual([
      `Intérêts de retard sur la facture ${invoice.invoice_number} jusqu’au 2025-07-31`,
      `Indemnité forfaitaire pour frais de recouvrement, facture ${invoice.invoice_number}`,
    ]);
    expect(charged.invoice_number).not.toBe(invoice.invoice_number);

    // The original's documents are the same bytes; the fee's e-invoice names it (BT-25, BT-26) and is valid.
    expect((await documents()).map((bytes, index) => Buffer.compare(bytes, before[index]!))).toEqual([0, 0]);
    await call('send-invoice', { token: tenant.apiKey, params: { id: charged.id } });
    const xml = (
      await call('get-invoice-e-invoice', {
        token: tenant.apiKey,
        params: { id: charged.id },
        query: { format: 'ubl' },
      })
    ).text;
    expect(xml).toContain(`<cbc:ID>${invoice.invoice_number}</cbc:ID>`);
    expect(xml).toContain('<cbc:IssueDate>2025-05-21</cbc:IssueDate>');
    const result = await validateEInvoices(new Map([['late-fee.xml', xml]]));
    expect(result.failures, result.output).toEqual([]);

    // A second charge starts the day after the first ended, without a second compensation.
    const again = await charge(invoice.id, { as_of: '2025-08-05' });
    expect(again.status, again.text).toBe(201);
    expect(again.json.breakdown.rows).toEqual([
      { from: '2025-08-01', to: '2025-08-05', days: 5, base: '800.00', rate: '10.15', interest: '1.11' },
    ]);
    expect(again.json.breakdown.compensation).toBe('0.00');
    const original = await call('get-invoice', { token: tenant.apiKey, params: { id: invoice.id } });
    expect(original.json.late_fee_through).toBe('2025-08-05');
  }, 60_000);

  it('charges an invoice paid late for the days it was late, and nothing after it was paid', async () => {
    const invoice = await issued('2025-08-01', '2025-08-31');
    await pay(invoice.id, '1200.00', '2025-09-10T09:00:00Z');
    const fee = await charge(invoice.id, { as_of: '2025-10-31' });
    expect(fee.status, fee.text).toBe(201);
    // 1200.00 × 10.15 % × 9/365 = 3.00 (1 to 9 September); paid on the 10th.
    expect(fee.json.breakdown.rows).toEqual([
      { from: '2025-09-01', to: '2025-09-09', days: 9, base: '1200.00', rate: '10.15', interest: '3.00' },
    ]);
  });

  it.each([
    [
      'paid on time',
      async () => {
        const invoice = await issued('2025-08-01', '2025-08-31');
        await pay(invoice.id, '1200.00', '2025-08-31T09:00:00Z');
        return { id: invoice.id, body: { as_of: '2025-10-31' } };
      },
      409,
    ],
    [
      'not yet due',
      async () => ({ id: (await issued('2025-08-01', '2025-12-31')).id, body: { as_of: '2025-10-31' } }),
      409,
    ],
    [
      'a draft',
      async () => {
        const { json } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
        return { id: json.id as string, body: {} };
      },
      409,
    ],
    [
      'as of a day after today',
      async () => ({ id: (await issued('2025-08-01', '2025-08-31')).id, body: { as_of: '2999-01-01' } }),
      400,
    ],
    [
      'as of a date that is none',
      async () => ({ id: (await issued('2025-08-01', '2025-08-31')).id, body: { as_of: '2025-02-30' } }),
      400,
    ],
  ])('is refused for an invoice %s, and nothing is written', async (_, prepare, status) => {
    const { id, body } = await prepare();
    const before = await tableItemCount();
    const refused = await charge(id, body);
    expect(refused.status, refused.text).toBe(status);
    expect(await tableItemCount()).toBe(before);
  });
});

describe('a late fee policy', () => {
  it.each([
    [
      'a negative rate',
      { interest: { basis: 'fixed', rate: '-1' }, compensation: null },
      'late_fee_policy.interest.rate',
    ],
    [
      'a rate as a number',
      { interest: { basis: 'fixed', rate: 5 }, compensation: null },
      'late_fee_policy.interest.rate',
    ],
    [
      'a negative margin',
      { interest: { basis: 'statutory', margin: '-2.00' }, compensation: null },
      'late_fee_policy.interest.margin',
    ],
    ['an unknown basis', { interest: { basis: 'daily', rate: '1' }, compensation: null }, 'late_fee_policy.interest'],
    [
      'a negative compensation',
      { interest: null, compensation: { amount: '-40.00', currency: 'EUR' } },
      'late_fee_policy.compensation.amount',
    ],
  ])('with %s is refused with 400 naming the field, and nothing is stored', async (_, policy, field) => {
    const other = await newTenant('Fee checks');
    const refused = await call('update-organization', { token: other.apiKey, body: { late_fee_policy: policy } });
    expect([refused.status, refused.json.error.code]).toEqual([400, 'validation_error']);
    expect(Object.keys(refused.json.error.details.fields).join(' ')).toContain(field);
    expect((await call('get-organization', { token: other.apiKey })).json.late_fee_policy).toBeNull();
  });
});
