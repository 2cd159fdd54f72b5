// The tax model through the API: discounts, categories, prices with tax, the organization's rounding,
// the breakdown per rate, supply dates — and every rule a line or a document can break (docs/invoices.md).
import { beforeAll, describe, expect, it } from 'vitest';
import { generateDueInvoices } from '#shared/invoicing/generate-recurring-invoices';
import { call, db, newTenant } from '#test/support/api';
import { austrianSeller, euInvoice, frenchBuyer } from '#test/support/eu-invoice';

const seller = austrianSeller;

type Tenant = Awaited<ReturnType<typeof newTenant>>;
let tenant: Tenant;
let buyerId: string;
let plainClientId: string;

beforeAll(async () => {
  tenant = await newTenant('Tax model');
  await call('update-organization', { token: tenant.ownerToken, body: seller });
  buyerId = (await call('create-client', { token: tenant.apiKey, body: frenchBuyer })).json.id;
  plainClientId = (await call('create-client', { token: tenant.apiKey, body: { name: 'Plain', email: 'p@x.example' } }))
    .json.id;
});

const create = (body: Record<string, unknown>) =>
  call('create-invoice', {
    token: tenant.apiKey,
    body: { client: buyerId, issue_date: '2026-11-02', due_date: '2026-12-02', ...body },
  });

describe('an invoice to a client in another EU country', () => {
  it('with a line discount, a document discount, two rates, an exempt and a reverse-charge line', async () => {
    const created = await create(euInvoice());
    expect(created.status, created.text).toBe(201);
    const invoice = created.json;
    expect(
      invoice.line_items.map((l: Record<string, unknown>) => [
        l.unit,
        l.tax_category,
        l.tax_rate,
        l.discount_amount,
        l.net_amount,
        l.tax_amount,
        l.total,
      ]),
    ).toEqual([
      ['XBX', 'S', '19.00', '30.00', '270.00', '48.74', '305.24'],
      ['C62', 'S', '7.00', '0.00', '50.00', '3.33', '50.83'],
      ['HUR', 'E', '0.00', '0.00', '40.00', '0.00', '38.00'],
      ['C62', 'AE', '0.00', '20.00', '180.00', '0.00', '171.00'],
    ]);
    expect(invoice.line_items[3].tax_exemption_reason).toBeNull(); // documents print the default: reverse charge
    expect(invoice.tax_breakdown).toEqual([
      {
        tax_category: 'S',
        tax_rate: '19.00',
        taxable_amount: '256.50',
        tax_amount: '48.74',
        tax_exemption_reason: null,
        tax_amount_in_accounting_currency: null,
      },
      {
        tax_category: 'S',
        tax_rate: '7.00',
        taxable_amount: '47.50',
        tax_amount: '3.33',
        tax_exemption_reason: null,
        tax_amount_in_accounting_currency: null,
      },
      {
        tax_category: 'E',
        tax_rate: '0.00',
        taxable_amount: '38.00',
        tax_amount: '0.00',
        tax_exemption_reason: 'Art. 132(1)(i) MwStSystRL',
        tax_amount_in_accounting_currency: null,
      },
      {
        tax_category: 'AE',
        tax_rate: '0.00',
        taxable_amount: '171.00',
        tax_amount: '0.00',
        tax_exemption_reason: null,
        tax_amount_in_accounting_currency: null,
      },
    ]);
    expect([
      invoice.subtotal,
      invoice.discount_amount,
      invoice.taxable_amount,
      invoice.tax_amount,
      invoice.total_amount,
    ]).toEqual(['540.00', '27.00', '513.00', '52.07', '565.07']);
    expect([invoice.discount, invoice.prices_include_tax, invoice.tax_rounding, invoice.supply_date]).toEqual([
      { percent: '5' },
      false,
      'per_line',
      '2026-10-30',
    ]);
    expect(invoice.amount_due).toBe('565.07');
  });

  it('with prices that include tax: the total is what the prices say, the tax comes out of them', async () => {
    const created = await create({
      prices_include_tax: true,
      discount: { amount: '10.00' },
      line_items: [
        { description: 'A', quantity: 2, unit_price: '11.90', tax_rate: '19' },
        { description: 'B', quantity: 1, unit_price: '10.70', tax_rate: '7' },
      ],
    });
    expect(created.status, created.text).toBe(201);
    const invoice = created.json;
    // 23.80 + 10.70 = 34.50 less 10.00 = 24.50: split 6.90 / 3.10 by weight.
    expect(invoice.total_amount).toBe('24.50');
    expect(
      invoice.tax_breakdown.map((row: Record<string, string>) => [row.tax_rate, row.taxable_amount, row.tax_amount]),
    ).toEqual([
      ['19.00', '14.20', '2.70'], // 16.90 × 19/119 = 2.698…
      ['7.00', '7.10', '0.50'], // 7.60 × 7/107 = 0.497…
    ]);
    expect([invoice.taxable_amount, invoice.tax_amount]).toEqual(['21.30', '3.20']);
  });
});

describe('the organization rounding', () => {
  it('rounds new invoices per rate once chosen, and a draft keeps the rounding it was created with', async () => {
    const own = await newTenant('Per rate');
    const clientId = (await call('create-client', { token: own.apiKey, body: { name: 'C', email: 'c@x.example' } }))
      .json.id;
    const lines = Array.from({ length: 3 }, () => ({
      description: 'x',
      quantity: 1,
      unit_price: '0.10',
      tax_rate: '5',
    }));
    const body = { client: clientId, line_items: lines };
    const perLine = await call('create-invoice', { token: own.apiKey, body });
    expect([perLine.json.tax_rounding, perLine.json.tax_amount]).toEqual(['per_line', '0.03']); // 3 × round(0.005)
    const changed = await call('update-organization', { token: own.ownerToken, body: { tax_rounding: 'per_rate' } });
    expect(changed.json.tax_rounding).toBe('per_rate');
    const perRate = await call('create-invoice', { token: own.apiKey, body });
    expect([perRate.json.tax_rounding, perRate.json.tax_amount]).toEqual(['per_rate', '0.02']); // round(0.015)
    expect(perRate.json.line_items.map((l: { tax_amount: string }) => l.tax_amount).sort()).toEqual([
      '0.00',
      '0.01',
      '0.01',
    ]);
    const edited = await call('update-invoice', {
      token: own.apiKey,
      params: { id: perLine.json.id },
      body: { line_items: lines },
    });
    expect([edited.json.tax_rounding, edited.json.tax_amount]).toEqual(['per_line', '0.03']);
    const refused = await call('update-organization', { token: own.ownerToken, body: { tax_rounding: 'banker' } });
    expect([refused.status, Object.keys(refused.json.error.details.fields)]).toEqual([400, ['tax_rounding']]);
  });
});

describe('editing a draft', () => {
  it('changes or clears the discount, prices and supply dates, and prices the lines again', async () => {
    const created = await create({
      discount: { percent: '10' },
      service_period: { start: '2026-10-01', end: '2026-10-31' },
      line_items: [{ description: 'x', quantity: 1, unit_price: '100.00', tax_rate: '20' }],
    });
    expect([created.json.total_amount, created.json.service_period]).toEqual([
      '108.00',
      { start: '2026-10-01', end: '2026-10-31' },
    ]);
    const id = created.json.id;
    const edit = (body: Record<string, unknown>) =>
      call('update-invoice', { token: tenant.apiKey, params: { id }, body });
    const swapped = await edit({ discount: { amount: '20.00' }, supply_date: '2026-10-15' });
    expect([
      swapped.json.total_amount,
      swapped.json.discount,
      swapped.json.supply_date,
      swapped.json.service_period,
    ]).toEqual(['96.00', { amount: '20.00' }, '2026-10-15', null]);
    const cleared = await edit({ discount: null, supply_date: null, prices_include_tax: true });
    expect([
      cleared.json.total_amount,
      cleared.json.tax_amount,
      cleared.json.discount,
      cleared.json.supply_date,
    ]).toEqual(['100.00', '16.67', null, null]);
  });
});

describe('refused', () => {
  const line = { description: 'x', quantity: 1, unit_price: '10.00' };
  it.each([
    [
      'a standard-rated line at 0 %',
      { line_items: [{ ...line, tax_category: 'S', tax_rate: '0' }] },
      'line_items[0].tax_rate',
    ],
    [
      'a zero-rated line with a rate',
      { line_items: [{ ...line, tax_category: 'Z', tax_rate: '5' }] },
      'line_items[0].tax_rate',
    ],
    ['a line with neither rate nor category', { line_items: [line] }, 'line_items[0].tax_rate'],
    [
      'an exempt line with no reason',
      { line_items: [{ ...line, tax_category: 'E' }] },
      'line_items[0].tax_exemption_reason',
    ],
    [
      'a reason on a taxed line',
      { line_items: [{ ...line, tax_rate: '20', tax_exemption_reason: 'why' }] },
      'line_items[0].tax_exemption_reason',
    ],
    [
      'two reasons for one exempt category',
      {
        line_items: [
          { ...line, tax_category: 'E', tax_exemption_reason: 'a' },
          { ...line, tax_category: 'E', tax_exemption_reason: 'b' },
        ],
      },
      'line_items[1].tax_exemption_reason',
    ],
    [
      'outside the scope of VAT beside a taxed line',
      {
        line_items: [
          { ...line, tax_category: 'O' },
          { ...line, tax_rate: '20' },
        ],
      },
      'line_items[1].tax_category',
    ],
    ['an unknown category', { line_items: [{ ...line, tax_category: 'X' }] }, 'line_items[0].tax_category'],
    ['an unknown unit', { line_items: [{ ...line, tax_rate: '20', unit: 'piece' }] }, 'line_items[0].unit'],
    [
      'a discount of both kinds',
      { line_items: [{ ...line, tax_rate: '20', discount: { percent: '5', amount: '1.00' } }] },
      'line_items[0].discount.amount',
    ],
    [
      'a line discount above the line',
      { line_items: [{ ...line, tax_rate: '20', discount: { amount: '10.01' } }] },
      'line_items[0].discount',
    ],
    [
      'a percentage above 100',
      { discount: { percent: '100.5' }, line_items: [{ ...line, tax_rate: '20' }] },
      'discount.percent',
    ],
    [
      'a document discount above the lines',
      { discount: { amount: '10.01' }, line_items: [{ ...line, tax_rate: '20' }] },
      'discount',
    ],
    [
      'a supply date and a period',
      {
        supply_date: '2026-10-01',
        service_period: { start: '2026-10-01', end: '2026-10-02' },
        line_items: [{ ...line, tax_rate: '20' }],
      },
      'service_period',
    ],
    [
      'a period that ends before it starts',
      { service_period: { start: '2026-10-02', end: '2026-10-01' }, line_items: [{ ...line, tax_rate: '20' }] },
      'service_period.end',
    ],
    ['an intra-community supply with no supply date', { line_items: [{ ...line, tax_category: 'K' }] }, 'supply_date'],
  ])('%s', async (_, body, field) => {
    const refused = await create(body);
    expect([refused.status, refused.json.error?.code], refused.text).toEqual([400, 'validation_error']);
    expect(Object.keys(refused.json.error.details.fields)).toContain(field);
  });

  it('reverse charge to a client with no VAT number, and from an organization with none', async () => {
    const body = { client: plainClientId, line_items: [{ ...line, tax_category: 'AE' }] };
    const noBuyerId = await call('create-invoice', { token: tenant.apiKey, body });
    expect(noBuyerId.json.error.details.fields).toEqual({
      'line_items[0].tax_category': "AE needs the client's tax_id",
    });
    const bare = await newTenant('No VAT number');
    const client = await call('create-client', { token: bare.apiKey, body: frenchBuyer });
    const noSellerId = await call('create-invoice', { token: bare.apiKey, body: { ...body, client: client.json.id } });
    expect(noSellerId.json.error.details.fields).toEqual({
      'line_items[0].tax_category': "AE needs the organization's tax_id",
    });
  });

  it('nothing is written by a refused create: the next invoice takes the next number', async () => {
    const before = await create({ line_items: [{ ...line, tax_rate: '20' }] });
    await create({ line_items: [{ ...line, tax_category: 'E' }] });
    const after = await create({ line_items: [{ ...line, tax_rate: '20' }] });
    const sequence = (text: string) => Number(text.replace(/\D/g, ''));
    expect(sequence(after.json.invoice_number) - sequence(before.json.invoice_number)).toBe(1);
  });
});

describe('recurring templates', () => {
  it('take the same line fields, refuse the same mistakes, and generate invoices priced the same way', async () => {
    const refused = await call('create-recurring-invoice', {
      token: tenant.apiKey,
      body: {
        client: buyerId,
        frequency: 'monthly',
        line_items: [{ description: 'x', quantity: 1, unit_price: '9.00', tax_category: 'E' }],
      },
    });
    expect([refused.status, Object.keys(refused.json.error.details.fields)]).toEqual([
      400,
      ['line_items[0].tax_exemption_reason'],
    ]);
    const line = {
      description: 'Hosting',
      quantity: 1,
      unit: 'MON',
      unit_price: '100.00',
      tax_rate: '20',
      discount: { percent: '10' },
    };
    const template = await call('create-recurring-invoice', {
      token: tenant.apiKey,
      body: { client: buyerId, frequency: 'monthly', start_date: '2026-11-01', line_items: [line] },
    });
    expect(template.status, template.text).toBe(201);
    expect(template.json.line_items[0]).toMatchObject({ unit: 'MON', tax_category: 'S', discount: { percent: '10' } });
    // This template alone, as the recurring worker runs it (the full run would take other files' templates too).
    expect(
      await generateDueInvoices(
        { db, publicBaseUrl: 'http://invoices.test' },
        tenant.id,
        template.json.id,
        '2026-11-01',
      ),
    ).toBe(1);
    const generated = await call('list-invoices', {
      token: tenant.apiKey,
      query: { client: buyerId, issue_date_from: '2026-11-01', issue_date_to: '2026-11-01' },
    });
    const invoice = generated.json.results.find(
      (each: { recurring_invoice: string }) => each.recurring_invoice === template.json.id,
    );
    expect(invoice.line_items[0]).toMatchObject({
      unit: 'MON',
      discount_amount: '10.00',
      net_amount: '90.00',
      tax_amount: '18.00',
    });
    expect(invoice.total_amount).toBe('108.00');
  });
});
