// Invoices in another currency than the accounting currency (docs/invoices.md "Foreign currency"):
// the rate fixed at issue (given by hand, or the ECB's from the fixture feed the local stand-in
// serves), the VAT converted exactly on the JSON, the PDF and every e-invoice format — each valid by
// the official rules — credit notes at their invoice's rate, and bad input refused with nothing written.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newTenant } from '#test/support/api';
import { validateEInvoices } from '#test/support/e-invoice-validator';
import { austrianSeller, euInvoice, frenchBuyer } from '#test/support/eu-invoice';
import { readFacturX } from '#test/support/factur-x-reader';
import { readPdf } from '#test/support/pdf';

type Tenant = Awaited<ReturnType<typeof newTenant>>;
let tenant: Tenant;
let clientId: string;
const XML_FORMATS = ['ubl', 'cii', 'xrechnung-ubl', 'xrechnung-cii'] as const;

/** The fixture feed's figures (infra/local/fixtures/ecb-rates.xml). */
const USD_ON = { '2026-11-24': '1.0801', '2026-11-23': '1.0860', '2026-11-20': '1.0879' } as const;
/** The made-up history's (infra/local/ecb-feed.ts, madeUpRate). */
const HISTORY_ON = { '2003-05-06': { USD: '1.0823', GBP: '0.94204' }, '2003-05-02': { USD: '1.0021' } } as const;
const GBP_ON_24 = '0.85169';

/** num/den rounded half up, the oracle's way: compare twice the remainder with the divisor. */
function oracleRound(num: bigint, den: bigint): bigint {
  const quotient = num / den;
  return 2n * (num % den) >= den ? quotient + 1n : quotient;
}
const cents = (amount: string) => BigInt(amount.replace('.', ''));
const decimal = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return { num: BigInt(whole! + fraction), den: 10n ** BigInt(fraction.length) };
};
const text = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;

async function ecbDays() {
  const { handler } = await import('#functions/exchange-rate-fetcher/handler');
  return handler({ now: '2026-11-25T17:00:00Z' });
}

const draftOf = async (body: Record<string, unknown> = {}, who: Tenant = tenant, client = clientId) => {
  const created = await call('create-invoice', {
    token: who.apiKey,
    body: { client, issue_date: '2026-11-24', due_date: '2026-12-24', currency: 'USD', ...euInvoice(), ...body },
  });
  expect(created.status, created.text).toBe(201);
  return created.json as { id: string; invoice_number: string };
};
const sendOf = (id: string, body: Record<string, unknown> = {}, who: Tenant = tenant) =>
  call('send-invoice', { token: who.apiKey, params: { id }, body });
const invoiceOf = async (id: string, who: Tenant = tenant) =>
  (await call('get-invoice', { token: who.apiKey, params: { id } })).json;

beforeAll(async () => {
  // The first run finds no history and loads it (7 144 days: the made-up ones and the fixture's); the
  // next has nothing more to load.
  expect(await ecbDays()).toMatchObject({ days: 62, history_days: 7144, latest: '2026-11-25', missing: null });
  expect(await ecbDays()).toMatchObject({ days: 62, history_days: 0, missing: null });
  tenant = await newTenant('Foreign currency');
  const organization = await call('update-organization', {
    token: tenant.ownerToken,
    body: { ...austrianSeller, default_currency: 'EUR', accounting_currency: 'EUR', peppol_id: '9915:ATU13585627' },
  });
  expect(organization.json).toMatchObject({ accounting_currency: 'EUR', exchange_rate_date: 'issue_date' });
  const client = { ...frenchBuyer, peppol_id: '0009:30326504500017' };
  clientId = (await call('create-client', { token: tenant.apiKey, body: client })).json.id;
});

describe('an invoice in USD of an organization that keeps its books in EUR', () => {
  it('is issued at the ECB rate of its issue date: the VAT converted exactly, rows adding up to the total', async () => {
    const { id } = await draftOf();
    // A draft shows the rate it would be issued with.
    expect((await invoiceOf(id)).exchange_rate).toMatchObject({ rate: USD_ON['2026-11-24'], source: 'ecb' });
    expect((await sendOf(id)).status).toBe(200);
    const invoice = await invoiceOf(id);
    expect(invoice.exchange_rate).toEqual({
      rate: USD_ON['2026-11-24'],
      from: 'EUR',
      to: 'USD',
      date: '2026-11-24',
      source: 'ecb',
    });
    expect(invoice.accounting_currency).toBe('EUR');
    // EUR = USD / rate, exactly, half up to the cent.
    const rate = decimal(USD_ON['2026-11-24']);
    const expected = oracleRound(cents(invoice.tax_amount) * rate.den, rate.num);
    expect(invoice.tax_total_in_accounting_currency).toBe(text(expected));
    const rows = invoice.tax_breakdown.map((row: { tax_amount_in_accounting_currency: string }) =>
      cents(row.tax_amount_in_accounting_currency),
    );
    expect(rows.reduce((sum: bigint, row: bigint) => sum + row, 0n)).toBe(expected);
    for (const [index, row] of invoice.tax_breakdown.entries()) {
      const exact = cents(row.tax_amount) * rate.den;
      // Each row within a cent of its exact share.
      expect(rows[index]! * rate.num - exact).toBeLessThan(rate.num);
      expect(exact - rows[index]! * rate.num).toBeLessThan(rate.num);
    }
  });

  it('takes the last publication day before a weekend, or the day before issue when the organization says so', async () => {
    const sunday = await draftOf({ issue_date: '2026-11-22', due_date: '2026-12-22' });
    await sendOf(sunday.id);
    expect((await invoiceOf(sunday.id)).exchange_rate).toMatchObject({
      date: '2026-11-20',
      rate: USD_ON['2026-11-20'],
    });
    const quote = await call('get-exchange-rate', { token: tenant.apiKey, query: { from: 'USD', date: '2026-11-22' } });
    expect(quote.json).toEqual({
      rate: USD_ON['2026-11-20'],
      from: 'EUR',
      to: 'USD',
      date: '2026-11-20',
      source: 'ecb',
    });

    const own = await newTenant('Previous day');
    await call('update-organization', {
      token: own.ownerToken,
      body: { ...austrianSeller, default_currency: 'EUR', exchange_rate_date: 'previous_business_day' },
    });
    const client = await call('create-client', { token: own.apiKey, body: frenchBuyer });
    const { id } = await draftOf({}, own, client.json.id);
    await sendOf(id, {}, own);
    expect((await invoiceOf(id, own)).exchange_rate).toMatchObject({ date: '2026-11-23', rate: USD_ON['2026-11-23'] });
  });

  it('takes a rate given by hand on sending, or on the draft, as given and dated the issue date', async () => {
    const given = await draftOf();
    const sent = await sendOf(given.id, { exchange_rate: { rate: '0.9234', from: 'USD', to: 'EUR' } });
    expect(sent.status, sent.text).toBe(200);
    const invoice = await invoiceOf(given.id);
    expect(invoice.exchange_rate).toEqual({
      rate: '0.9234',
      from: 'USD',
      to: 'EUR',
      date: '2026-11-24',
      source: 'manual',
    });
    expect(invoice.tax_total_in_accounting_currency).toBe(
      text(oracleRound(cents(invoice.tax_amount) * 9234n, 10_000n)),
    );

    const patched = await draftOf();
    const changed = await call('update-invoice', {
      token: tenant.apiKey,
      params: { id: patched.id },
      body: { exchange_rate: { rate: '1.1', from: 'EUR', to: 'USD' } },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await invoiceOf(patched.id)).exchange_rate).toMatchObject({ rate: '1.1', source: 'manual' });
    await sendOf(patched.id);
    const issued = await invoiceOf(patched.id);
    expect(issued.exchange_rate).toMatchObject({ rate: '1.1', from: 'EUR', to: 'USD', source: 'manual' });
    expect(issued.tax_total_in_accounting_currency).toBe(text(oracleRound(cents(issued.tax_amount) * 10n, 11n)));
  });

  it.each([
    ['the ECB rate', {}, '1 EUR = 1,0801 USD', 'BCE du 24 novembre 2026'],
    [
      'a rate given by hand',
      { exchange_rate: { rate: '0.9234', from: 'USD', to: 'EUR' } },
      '1 USD = 0,9234 EUR',
      'taux convenu du 24 novembre 2026',
    ],
  ])(
    'at %s: prints the VAT in EUR on the PDF and states it as BT-6 and BT-111 in all five formats, each valid',
    async (_name, sending, ratePrinted, sourcePrinted) => {
      // A Leitweg-ID: what XRechnung asks of every invoice.
      const { id } = await draftOf({ buyer_reference: '991-01234-44' });
      await sendOf(id, sending);
      const invoice = await invoiceOf(id);
      const note = await call('create-credit-note', {
        token: tenant.apiKey,
        params: { id },
        body: { lines: [{ line: 0, quantity: 1 }], reason: 'order_change' },
      });
      expect(note.status, note.text).toBe(201);
      expect(note.json.exchange_rate).toEqual(invoice.exchange_rate);
      expect(note.json.tax_total_in_accounting_currency).not.toBeNull();
      const files = new Map<string, string>();
      for (const format of XML_FORMATS) {
        const answer = await call('get-invoice-e-invoice', { token: tenant.apiKey, params: { id }, query: { format } });
        expect(answer.status, `${format}: ${answer.text}`).toBe(200);
        files.set(`${format}-invoice.xml`, answer.text);
        const credit = await call('get-credit-note-e-invoice', {
          token: tenant.apiKey,
          params: { id: note.json.id },
          query: { format },
        });
        files.set(`${format}-credit-note.xml`, credit.text);
      }
      const vatInEur = invoice.tax_total_in_accounting_currency;
      expect(files.get('ubl-invoice.xml')).toContain('<cbc:TaxCurrencyCode>EUR</cbc:TaxCurrencyCode>');
      expect(files.get('ubl-invoice.xml')).toContain(`<cbc:TaxAmount currencyID="EUR">${vatInEur}</cbc:TaxAmount>`);
      expect(files.get('cii-invoice.xml')).toContain('<ram:TaxCurrencyCode>EUR</ram:TaxCurrencyCode>');
      expect(files.get('cii-invoice.xml')).toContain(
        `<ram:TaxTotalAmount currencyID="EUR">${vatInEur}</ram:TaxTotalAmount>`,
      );
      const facturX = await call('get-invoice-e-invoice', {
        token: tenant.apiKey,
        params: { id },
        query: { format: 'factur-x' },
      });
      const embedded = (await readFacturX(facturX.bytes)).attachments[0]!.content;
      expect(embedded).toContain(`<ram:TaxTotalAmount currencyID="EUR">${vatInEur}</ram:TaxTotalAmount>`);
      files.set('factur-x.xml', embedded);
      const plain = await validateEInvoices(new Map([...files].filter(([name]) => !name.startsWith('xrechnung'))));
      expect(plain.failures).toEqual([]);
      const xrechnung = await validateEInvoices(new Map([...files].filter(([name]) => name.startsWith('xrechnung'))), {
        xrechnung: true,
      });
      expect(xrechnung.failures).toEqual([]);

      const pdf = await call('download-public-invoice', {
        params: { token: new URL(invoice.public_url).pathname.split('/').at(-2)! },
      });
      const printed = readPdf(pdf.bytes).text.replace(/\s+/g, ' ');
      // The client reads French: "TVA en EUR", the total in EUR, and the ECB rate with its day.
      expect(printed).toContain('TVA en EUR');
      expect(printed).toContain(`${vatInEur.replace('.', ',')} €`);
      expect(printed).toContain(ratePrinted);
      expect(printed).toContain(sourcePrinted);
    },
    120_000,
  );

  it('converts through the euro for an organization that keeps its books in GBP', async () => {
    const own = await newTenant('Pounds');
    await call('update-organization', {
      token: own.ownerToken,
      body: { ...austrianSeller, default_currency: 'EUR', accounting_currency: 'GBP' },
    });
    const client = await call('create-client', { token: own.apiKey, body: frenchBuyer });
    const { id } = await draftOf({}, own, client.json.id);
    await sendOf(id, {}, own);
    const invoice = await invoiceOf(id, own);
    expect(invoice.exchange_rate).toMatchObject({
      from: 'USD',
      to: 'GBP',
      source: 'ecb',
      legs: [
        { rate: USD_ON['2026-11-24'], from: 'EUR', to: 'USD' },
        { rate: GBP_ON_24, from: 'EUR', to: 'GBP' },
      ],
    });
    const [usd, gbp] = [decimal(USD_ON['2026-11-24']), decimal(GBP_ON_24)];
    const expected = oracleRound(cents(invoice.tax_amount) * gbp.num * usd.den, gbp.den * usd.num);
    expect(invoice.tax_total_in_accounting_currency).toBe(text(expected));
  });
});

describe('the revenue report', () => {
  it('adds totals in the accounting currency, each document at its fixed rate, and the rebuild agrees', async () => {
    const own = await newTenant('Revenue in EUR');
    await call('update-organization', { token: own.ownerToken, body: { ...austrianSeller, default_currency: 'EUR' } });
    const client = (await call('create-client', { token: own.apiKey, body: frenchBuyer })).json.id;
    const simple = (currency: string, price: string) => ({
      currency,
      issue_date: '2026-11-24',
      due_date: '2026-12-24',
      line_items: [{ description: 'Work', quantity: 1, unit_price: price, tax_category: 'AE' }],
    });
    const euros = await draftOf(simple('EUR', '100.00'), own, client);
    await sendOf(euros.id, {}, own);
    const dollars = await draftOf(simple('USD', '108.01'), own, client);
    await sendOf(dollars.id, { exchange_rate: { rate: '0.9', from: 'USD', to: 'EUR' } }, own);
    await call('record-payment', {
      token: own.apiKey,
      params: { id: dollars.id },
      body: { amount: '50.00', method: 'bank_transfer', paid_at: '2026-11-25T10:00:00Z' },
    });
    // The service's own events, as the bus delivers them to the aggregator.
    const { handler } = await import('#functions/revenue-aggregator/handler');
    const events = await call('list-events', { token: own.apiKey, query: { limit: '100' } });
    const records = events.json.results.map((event: { id: string; type: string }, index: number) => ({
      messageId: `m${index}`,
      body: JSON.stringify({ 'detail-type': event.type, detail: { ...event, organization_id: own.id } }),
    }));
    expect((await handler({ Records: records } as never)).batchItemFailures).toEqual([]);
    const report = await call('get-revenue-report', {
      token: own.apiKey,
      query: { period: 'monthly', start_date: '2026-11-01', end_date: '2026-11-30' },
    });
    expect(report.json.totals.map((total: { currency: string }) => total.currency)).toEqual(['EUR', 'USD']);
    // The USD total × 0.9, half up to the cent (the 5 % document discount leaves 102.61 USD: 92.349 → 92.35
    // EUR); 50.00 USD paid → 45.00 EUR.
    const [eurTotal, usdTotal] = [
      (await invoiceOf(euros.id, own)).total_amount,
      (await invoiceOf(dollars.id, own)).total_amount,
    ];
    const converted = oracleRound(cents(usdTotal) * 9n, 10n);
    expect([eurTotal, usdTotal, text(converted)]).toEqual(['95.00', '102.61', '92.35']);
    expect(report.json.totals_in_accounting_currency).toEqual([
      expect.objectContaining({
        currency: 'EUR',
        invoiced: text(cents(eurTotal) + converted),
        collected: '45.00',
        outstanding: text(cents(eurTotal) + converted - 4500n),
        invoice_count: 2,
        payment_count: 1,
      }),
    ]);
    const { rebuildRevenue } = await import('#shared/reports/rebuild');
    const { db } = await import('#test/support/api');
    expect((await rebuildRevenue(db, own.id, { apply: false })).differences).toEqual([]);
  });
});

describe('an invoice dated before the 90-day feed', () => {
  it('takes the ECB rate of its day from the history since 1999, a weekend the Friday before', async () => {
    const { id } = await draftOf({ issue_date: '2003-05-06', due_date: '2003-06-05' });
    const sent = await sendOf(id);
    expect(sent.status, sent.text).toBe(200);
    expect((await invoiceOf(id)).exchange_rate).toEqual({
      rate: HISTORY_ON['2003-05-06'].USD,
      from: 'EUR',
      to: 'USD',
      date: '2003-05-06',
      source: 'ecb',
    });
    const sunday = await draftOf({ issue_date: '2003-05-04', due_date: '2003-06-05' });
    expect((await sendOf(sunday.id)).status).toBe(200);
    expect((await invoiceOf(sunday.id)).exchange_rate).toMatchObject({
      rate: HISTORY_ON['2003-05-02'].USD,
      date: '2003-05-02',
    });
    const quote = (query: Record<string, string>) => call('get-exchange-rate', { token: tenant.apiKey, query });
    expect((await quote({ from: 'USD', to: 'GBP', date: '2003-05-06' })).json).toMatchObject({
      legs: [
        { rate: HISTORY_ON['2003-05-06'].USD, from: 'EUR', to: 'USD' },
        { rate: HISTORY_ON['2003-05-06'].GBP, from: 'EUR', to: 'GBP' },
      ],
      date: '2003-05-06',
    });
    // Before the ECB's first day there is none.
    expect((await quote({ from: 'USD', date: '1999-01-01' })).json.error).toMatchObject({
      code: 'exchange_rate_unavailable',
      details: { date: '1998-12-31', currency: 'USD' },
    });
  });
});

describe('bad input', () => {
  it('refuses a rate given by hand more than ×10 from the ECB’s of its day, or outside 1e-6…1e6 without one', async () => {
    const patchRate = (id: string, rate: Record<string, unknown>) =>
      call('update-invoice', { token: tenant.apiKey, params: { id }, body: { exchange_rate: rate } });
    // The ECB's EUR → USD of 2026-11-24 is 1.0801: EUR → USD within 0.10801 … 10.801, USD → EUR within 0.092584… … 9.2584….
    const stored = await draftOf();
    const unstored = await draftOf({ issue_date: '2026-11-27', due_date: '2026-12-27' });
    const cases: [string, Record<string, string>, boolean][] = [
      [stored.id, { rate: '10.801', from: 'EUR', to: 'USD' }, true],
      [stored.id, { rate: '10.802', from: 'EUR', to: 'USD' }, false],
      [stored.id, { rate: '0.10801', from: 'EUR', to: 'USD' }, true],
      [stored.id, { rate: '0.108', from: 'EUR', to: 'USD' }, false],
      [stored.id, { rate: '9.258', from: 'USD', to: 'EUR' }, true],
      [stored.id, { rate: '9.259', from: 'USD', to: 'EUR' }, false],
      [stored.id, { rate: '0.0926', from: 'USD', to: 'EUR' }, true],
      [stored.id, { rate: '0.0925', from: 'USD', to: 'EUR' }, false],
      [stored.id, { rate: '1000000', from: 'EUR', to: 'USD' }, false],
      // No ECB rate of 2026-11-27: only the bounds, as given.
      [unstored.id, { rate: '1000000', from: 'EUR', to: 'USD' }, true],
      [unstored.id, { rate: '2000000', from: 'EUR', to: 'USD' }, false],
      [unstored.id, { rate: '0.000001', from: 'USD', to: 'EUR' }, true],
      [unstored.id, { rate: '0.0000009', from: 'USD', to: 'EUR' }, false],
      [unstored.id, { rate: '1000000000000000000000000000000', from: 'EUR', to: 'USD' }, false],
    ];
    for (const [id, rate, taken] of cases) {
      const before = await invoiceOf(id);
      const answer = await patchRate(id, rate);
      const about = `${id === stored.id ? '2026-11-24' : '2026-11-27'} ${JSON.stringify(rate)}: ${answer.text.slice(0, 200)}`;
      if (taken) {
        expect(answer.status, about).toBe(200);
        expect((await invoiceOf(id)).exchange_rate, about).toMatchObject({ ...rate, source: 'manual' });
        continue;
      }
      expect([answer.status, Object.keys(answer.json.error.details.fields)], about).toEqual([
        400,
        ['exchange_rate.rate'],
      ]);
      expect((await invoiceOf(id)).exchange_rate, about).toEqual(before.exchange_rate);
    }
    // The issue's rate: refused when sending too, and nothing sent.
    const sent = await sendOf(stored.id, {
      exchange_rate: { rate: '1000000000000000000000000000000', from: 'USD', to: 'EUR' },
    });
    expect([sent.status, Object.keys(sent.json.error.details.fields)]).toEqual([400, ['exchange_rate.rate']]);
    expect(sent.json.error.details.fields['exchange_rate.rate']).toContain(
      'within 10 times the ECB’s rate of 2026-11-24'.replace('’', "'"),
    );
    const after = await invoiceOf(stored.id);
    expect([after.status, after.sendings]).toEqual(['draft', []]);
  });

  it('refuses rates that are no rate, or for no conversion, and a day the ECB has not published: nothing written', async () => {
    const { id } = await draftOf();
    const refusals: [Record<string, unknown>, string][] = [
      [{ rate: '0', from: 'USD', to: 'EUR' }, 'exchange_rate.rate'],
      [{ rate: '-1.2', from: 'USD', to: 'EUR' }, 'exchange_rate.rate'],
      [{ rate: '1.23456789', from: 'USD', to: 'EUR' }, 'exchange_rate.rate'],
      [{ rate: 1.08, from: 'USD', to: 'EUR' }, 'exchange_rate.rate'],
      [{ rate: '1.08', from: 'XXX', to: 'EUR' }, 'exchange_rate.from'],
      [{ rate: '1.08', from: 'USD', to: 'GBP' }, 'exchange_rate'],
    ];
    for (const [rate, field] of refusals) {
      const answer = await sendOf(id, { exchange_rate: rate });
      expect([answer.status, Object.keys(answer.json.error.details.fields)], JSON.stringify(rate)).toEqual([
        400,
        [field],
      ]);
    }
    const inEuros = await draftOf({ currency: 'EUR' });
    const sameCurrency = await sendOf(inEuros.id, { exchange_rate: { rate: '1.08', from: 'USD', to: 'EUR' } });
    expect([sameCurrency.status, Object.keys(sameCurrency.json.error.details.fields)]).toEqual([
      400,
      ['exchange_rate'],
    ]);

    const unpublished = await draftOf({ issue_date: '2026-11-27', due_date: '2026-12-27' });
    const answer = await sendOf(unpublished.id);
    expect(answer.status).toBe(409);
    expect(answer.json.error).toMatchObject({
      code: 'exchange_rate_unavailable',
      details: { date: '2026-11-27', currency: 'USD' },
    });
    for (const draft of [id, inEuros.id, unpublished.id]) {
      const stored = await invoiceOf(draft);
      expect([stored.status, stored.sendings]).toEqual(['draft', []]);
    }
    expect((await invoiceOf(unpublished.id)).exchange_rate).toBeNull();
    // …unless the rate is given.
    expect((await sendOf(unpublished.id, { exchange_rate: { rate: '1.08', from: 'EUR', to: 'USD' } })).status).toBe(
      200,
    );

    const quote = (query: Record<string, string>) => call('get-exchange-rate', { token: tenant.apiKey, query });
    expect((await quote({ from: 'USD', date: '2026-11-27' })).json.error.code).toBe('exchange_rate_unavailable');
    expect((await quote({ from: 'EUR' })).status).toBe(400);
    expect((await quote({ from: 'ZZZ' })).status).toBe(400);
  });

  it('fails the fetch when the feed lacks a day the ECB should have published by then', async () => {
    const { handler } = await import('#functions/exchange-rate-fetcher/handler');
    await expect(handler({ now: '2026-11-27T17:00:00Z' })).rejects.toThrow(/2026-11-27/);
    // Before 16:00 in Frankfurt the day before is the latest expected: the fixture has it.
    await expect(handler({ now: '2026-11-25T12:00:00Z' })).resolves.toMatchObject({ missing: null });
  });
});
