// Invoicing accepted quotes (docs/quotes.md "Deposits and the final invoice"): the worked example's
// deposits and final invoice add up to the quote per VAT rate, and every e-invoice of it passes the
// official rules; what a quote's state or its deposits forbid is refused with nothing written.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newTenant, tableItemCount } from '#test/support/api';
import { austrianSeller } from '#test/support/eu-invoice';
import { validateEInvoices } from '#test/support/e-invoice-validator';
import { readPdf } from '#test/support/pdf';

type Tenant = Awaited<ReturnType<typeof newTenant>>;
let tenant: Tenant;
let clientId: string;

/** The worked example: 10 000.00 net, 8 000.00 at 19 % and 2 000.00 at 7 %. */
const workedExample = [
  { description: 'Planung und Bauleitung', quantity: 80, unit: 'HUR', unit_price: '100.00', tax_rate: '19' },
  { description: 'Fachliteratur', quantity: 20, unit_price: '100.00', tax_rate: '7' },
];

beforeAll(async () => {
  tenant = await newTenant('Deposits');
  await call('update-organization', {
    token: tenant.ownerToken,
    body: { ...austrianSeller, default_currency: 'EUR', quote_numbering: { pattern: 'AN-{seq}', padding: 3 } },
  });
  clientId = (
    await call('create-client', {
      token: tenant.apiKey,
      body: {
        name: 'Bauherr GmbH',
        email: 'buchhaltung@bauherr.example',
        address: 'Ringstraße 5',
        city: 'München',
        postal_code: '80331',
        country: 'DE',
        tax_id: 'DE136695976',
        locale: 'de-DE',
      },
    })
  ).json.id;
});

const tokenOf = (url: string) => new URL(url).pathname.split('/').at(-2)!;

/** A quote sent and, unless told otherwise, accepted on its public page. */
async function quote(lineItems: unknown[] = workedExample, answer: 'accept' | 'decline' | null = 'accept') {
  const created = await call('create-quote', {
    token: tenant.apiKey,
    body: { client: clientId, expiry_date: '2099-12-31', line_items: lineItems },
  });
  expect(created.status, created.text).toBe(201);
  await call('send-quote', { token: tenant.apiKey, params: { id: created.json.id }, body: {} });
  if (answer) {
    const token = tokenOf(created.json.public_url);
    const page = await call('view-public-quote', { params: { token } });
    const version = /name="version" value="(\d+)"/.exec(page.text)![1]!;
    await call('answer-public-quote', {
      params: { token },
      raw: new URLSearchParams({ decision: answer, version }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
  return (await call('get-quote', { token: tenant.apiKey, params: { id: created.json.id } })).json;
}

const convert = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  call('convert-quote', { token: tenant.apiKey, params: { id }, body, headers });
/** Issued with the buyer's Leitweg-ID, which XRechnung asks of every invoice (set on the draft). */
async function send(id: string) {
  const noted = await call('update-invoice', {
    token: tenant.apiKey,
    params: { id },
    body: { buyer_reference: '991-01234-44' },
  });
  expect(noted.status, noted.text).toBe(200);
  return call('send-invoice', { token: tenant.apiKey, params: { id } });
}
/** Text with its no-break spaces (Intl's, before € and %) as plain ones, each run of spaces as one. */
const oneSpaced = (text: string) =>
  text
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/(\d) ?%/g, '$1 %');
const germanDate = (date: string) =>
  new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

const rows = (document: { tax_breakdown: { tax_rate: string; taxable_amount: string; tax_amount: string }[] }) =>
  document.tax_breakdown.map((row) => [row.tax_rate, row.taxable_amount, row.tax_amount]);

describe('the worked example', () => {
  it('takes two deposits and a final invoice that add up to the quote per VAT rate, each e-invoice valid', async () => {
    const accepted = await quote();
    expect(accepted).toMatchObject({ status: 'accepted', total_amount: '11660.00', invoices: [] });

    const first = await convert(accepted.id, { kind: 'deposit', percent: '30' });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({
      status: 'draft',
      quote: { id: accepted.id, quote_number: accepted.quote_number, kind: 'deposit' },
      total_amount: '3498.00',
      line_items: [
        { description: `Anzahlung auf Angebot ${accepted.quote_number} (30 %)`, quantity: 1, net_amount: '2400.00' },
        { description: `Anzahlung auf Angebot ${accepted.quote_number} (30 %)`, quantity: 1, net_amount: '600.00' },
      ],
    });
    expect(rows(first.json)).toEqual([
      ['19.00', '2400.00', '456.00'],
      ['7.00', '600.00', '42.00'],
    ]);
    expect((await send(first.json.id)).status).toBe(200);
    // Its documents say what it is, and name the quote.
    const page = await call('view-public-invoice', { params: { token: tokenOf(first.json.public_url) } });
    expect(page.text).toContain(`<h1>Anzahlungsrechnung ${first.json.invoice_number}</h1>`);
    expect(page.text).toContain(accepted.quote_number);

    const second = await convert(accepted.id, { kind: 'deposit', amount: '2332.00' });
    expect(second.status, second.text).toBe(201);
    expect(rows(second.json)).toEqual([
      ['19.00', '1600.00', '304.00'],
      ['7.00', '400.00', '28.00'],
    ]);
    const early = await convert(accepted.id, { kind: 'final' });
    expect([early.status, early.json.error.message]).toEqual([
      409,
      `Deposit invoice ${second.json.invoice_number} is a draft: send or void it before the final invoice`,
    ]);
    expect((await send(second.json.id)).status).toBe(200);

    const final = await convert(accepted.id, { kind: 'final' });
    expect(final.status, final.text).toBe(201);
    const deduction = (deposit: typeof first.json) =>
      `Abzüglich Anzahlungsrechnung ${deposit.invoice_number} vom ${deposit.issue_date}`;
    expect(
      final.json.line_items.map((line: Record<string, unknown>) => [line.description, line.quantity, line.total]),
    ).toEqual([
      ['Planung und Bauleitung', 80, '9520.00'],
      ['Fachliteratur', 20, '2140.00'],
      [deduction(first.json), -1, '-2856.00'],
      [deduction(first.json), -1, '-642.00'],
      [deduction(second.json), -1, '-1904.00'],
      [deduction(second.json), -1, '-428.00'],
    ]);
    expect(rows(final.json)).toEqual([
      ['19.00', '4000.00', '760.00'],
      ['7.00', '1000.00', '70.00'],
    ]);
    expect(final.json).toMatchObject({ subtotal: '5000.00', tax_amount: '830.00', total_amount: '5830.00' });
    expect((await send(final.json.id)).status).toBe(200);

    // § 14 (5) UStG: per deposit and rate the net and the VAT deducted, on the PDF and the page.
    const deducted = (deposit: typeof first.json, rate: string, net: string, tax: string) =>
      `Anzahlungsrechnung ${deposit.invoice_number} vom ${germanDate(deposit.issue_date)} ${rate} ${net} € ${tax} €`;
    const statement = [
      'Abgezogene Anzahlungen',
      'Rechnung Satz Netto Umsatzsteuer',
      deducted(first.json, '19 %', '2.400,00', '456,00'),
      deducted(first.json, '7 %', '600,00', '42,00'),
      deducted(second.json, '19 %', '1.600,00', '304,00'),
      deducted(second.json, '7 %', '400,00', '28,00'),
      'Summe der Abzüge 5.000,00 € 830,00 €',
    ];
    const token = tokenOf(final.json.public_url);
    const pdfLines = oneSpaced(readPdf((await call('download-public-invoice', { params: { token } })).bytes).text)
      .split('\n')
      .map((line) => line.trim());
    const at = pdfLines.indexOf(statement[0]!);
    expect(pdfLines.slice(at, at + statement.length)).toEqual(statement);
    const finalPage = (await call('view-public-invoice', { params: { token } })).text;
    const table = /<h2>Abgezogene Anzahlungen<\/h2>[\s\S]*?<\/table>/.exec(finalPage)?.[0] ?? '';
    const pageRows = [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
      oneSpaced(row[1]!.replace(/<[^>]+>/g, ' ')).trim(),
    );
    expect(['Abgezogene Anzahlungen', ...pageRows]).toEqual(statement);

    const after = (await call('get-quote', { token: tenant.apiKey, params: { id: accepted.id } })).json;
    expect(after.invoices.map((invoice: { id: string; kind: string }) => [invoice.id, invoice.kind])).toEqual([
      [first.json.id, 'deposit'],
      [second.json.id, 'deposit'],
      [final.json.id, 'final'],
    ]);
    const deposit = (await call('get-invoice', { token: tenant.apiKey, params: { id: first.json.id } })).json;
    expect(deposit.deducted_by).toEqual({ id: final.json.id, invoice_number: final.json.invoice_number });

    const files = new Map<string, string>();
    for (const invoice of [first.json, second.json, final.json])
      for (const format of ['ubl', 'cii', 'xrechnung-ubl', 'xrechnung-cii']) {
        const answer = await call('get-invoice-e-invoice', {
          token: tenant.apiKey,
          params: { id: invoice.id },
          query: { format },
        });
        expect(answer.status, answer.text).toBe(200);
        files.set(`${format}-${invoice.invoice_number}.xml`, answer.text);
      }
    expect(files.get(`ubl-${first.json.invoice_number}.xml`)).toContain(
      '<cbc:InvoiceTypeCode>386</cbc:InvoiceTypeCode>',
    );
    expect(files.get(`cii-${final.json.invoice_number}.xml`)).toContain('<ram:TypeCode>380</ram:TypeCode>');
    // The e-invoices state the deductions as a note (BT-22): EN 16931 has no place for a line's VAT.
    const deductionNote = `Abgezogene Anzahlungen: Anzahlungsrechnung ${first.json.invoice_number} vom ${germanDate(first.json.issue_date)}, 19 %: Netto 2.400,00 €, Umsatzsteuer 456,00 €;`;
    for (const format of ['ubl', 'cii', 'xrechnung-ubl', 'xrechnung-cii'])
      expect(oneSpaced(files.get(`${format}-${final.json.invoice_number}.xml`)!), format).toContain(deductionNote);
    expect(oneSpaced(files.get(`ubl-${final.json.invoice_number}.xml`)!)).toContain(
      'Summe der Abzüge: Netto 5.000,00 €, Umsatzsteuer 830,00 €.</cbc:Note>',
    );
    const plain = new Map([...files].filter(([name]) => !name.startsWith('xrechnung')));
    const xrechnung = new Map([...files].filter(([name]) => name.startsWith('xrechnung')));
    expect((await validateEInvoices(plain)).failures).toEqual([]);
    const asXRechnung = await validateEInvoices(xrechnung, { xrechnung: true });
    expect(asXRechnung.failures).toEqual([]);
    // XRechnung warns of a prepayment invoice (BR-DE-17 lists 326, 380, 384, 389, 381, 875, 876, 877) and accepts it.
    for (const [name, rules] of asXRechnung.fired)
      expect(rules, name).toEqual(name.endsWith(`${final.json.invoice_number}.xml`) ? [] : ['warning BR-DE-17']);

    // A credit note by amount takes it off the quote's lines, never off a deduction.
    const note = await call('create-credit-note', {
      token: tenant.apiKey,
      params: { id: final.json.id },
      body: { amount: '1166.00', description: 'Nachlass', reason: 'other' },
    });
    expect(note.status, note.text).toBe(201);
    expect(rows(note.json)).toEqual([
      ['19.00', '800.00', '152.00'],
      ['7.00', '200.00', '14.00'],
    ]);
  }, 120_000);
});

describe('conversion', () => {
  it('is idempotent under one Idempotency-Key, and invoices a quote whole with kind full', async () => {
    const accepted = await quote();
    const headers = { 'idempotency-key': `full-${accepted.id}` };
    const once = await convert(accepted.id, { kind: 'full' }, headers);
    const again = await convert(accepted.id, { kind: 'full' }, headers);
    expect(once.status, once.text).toBe(201);
    expect(again.json.id).toBe(once.json.id);
    expect(once.json).toMatchObject({ total_amount: '11660.00', quote: { kind: 'full' } });
    expect(rows(once.json)).toEqual(rows(accepted));
    const after = (await call('get-quote', { token: tenant.apiKey, params: { id: accepted.id } })).json;
    expect(after.invoices).toHaveLength(1);
    const more = await convert(accepted.id, { kind: 'deposit', percent: '10' });
    expect([more.status, more.json.error.message]).toEqual([
      409,
      `Quote ${accepted.quote_number} is invoiced in full by invoice ${once.json.invoice_number}`,
    ]);
  });

  it('refuses bad input and what the quote’s state forbids, naming why, and writes nothing', async () => {
    const accepted = await quote();
    const declined = await quote(workedExample, 'decline');
    const sent = await quote(workedExample, null);
    const before = await tableItemCount();
    const invalid: [unknown, string][] = [
      [{ kind: 'deposit', percent: '100.01' }, 'percent'],
      [{ kind: 'deposit', percent: '30', amount: '10.00' }, 'amount'],
      [{ kind: 'deposit' }, 'percent'],
      [{ kind: 'deposit', amount: '-5.00' }, 'amount'],
      [{ kind: 'deposit', amount: '1.001' }, 'amount'],
      [{ kind: 'final', percent: '30' }, 'percent'],
      [{ kind: 'everything' }, 'kind'],
    ];
    for (const [body, field] of invalid) {
      const answer = await convert(accepted.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.json.error.details.fields), JSON.stringify(body)).toEqual([field]);
    }
    const states: [string, string][] = [
      [declined.id, 'A quote that is declined cannot be invoiced; only accepted quotes can'],
      [sent.id, 'A quote that is sent cannot be invoiced; only accepted quotes can'],
    ];
    for (const [id, message] of states) {
      const answer = await convert(id, { kind: 'deposit', percent: '30' });
      expect([answer.status, answer.json.error.code, answer.json.error.message]).toEqual([
        409,
        'invalid_state',
        message,
      ]);
    }
    expect(await tableItemCount()).toBe(before);

    expect((await convert(accepted.id, { kind: 'deposit', percent: '60' })).status).toBe(201);
    const written = await tableItemCount();
    const beyond = await convert(accepted.id, { kind: 'deposit', amount: '5000.00' });
    expect([beyond.status, beyond.json.error.message, beyond.json.error.details]).toEqual([
      409,
      'amount is more than is left of the quote to invoice (4664.00)',
      { field: 'amount', amount_left: '4664.00' },
    ]);
    const whole = await convert(accepted.id, { kind: 'full' });
    expect(whole.json.error.message).toContain('invoice the rest with kind final');
    expect(await tableItemCount()).toBe(written);
  });

  it('counts no void deposit, keeps a deposit’s amounts on edits, and keeps deducted deposits as they are', async () => {
    const accepted = await quote();
    const voided = (await convert(accepted.id, { kind: 'deposit', percent: '50' })).json;
    expect((await call('void-invoice', { token: tenant.apiKey, params: { id: voided.id } })).status).toBe(200);
    const deposit = (await convert(accepted.id, { kind: 'deposit', percent: '100' })).json;
    expect(deposit.total_amount).toBe('11660.00');

    const relined = await call('update-invoice', {
      token: tenant.apiKey,
      params: { id: deposit.id },
      body: { line_items: workedExample },
    });
    expect([relined.status, relined.json.error.message]).toEqual([
      409,
      `line_items of invoice ${deposit.invoice_number} comes from quote ${accepted.quote_number} and cannot change`,
    ]);
    const noted = await call('update-invoice', {
      token: tenant.apiKey,
      params: { id: deposit.id },
      body: { notes: 'Bitte bis Monatsende', due_date: '2099-01-31' },
    });
    expect(noted.status, noted.text).toBe(200);
    expect(noted.json.line_items).toEqual(deposit.line_items);
    await send(deposit.id);

    const final = (await convert(accepted.id, { kind: 'final' })).json;
    expect(final).toMatchObject({ total_amount: '0.00', subtotal: '0.00' });
    expect(final.line_items.slice(2).map((line: { description: string }) => line.description)).toEqual([
      `Abzüglich Anzahlungsrechnung ${deposit.invoice_number} vom ${deposit.issue_date}`,
      `Abzüglich Anzahlungsrechnung ${deposit.invoice_number} vom ${deposit.issue_date}`,
    ]);
    const refusal = `Deposit invoice ${deposit.invoice_number} is deducted on final invoice ${final.invoice_number}`;
    const voiding = await call('void-invoice', { token: tenant.apiKey, params: { id: deposit.id } });
    expect([voiding.status, voiding.json.error.message]).toEqual([
      409,
      `${refusal}: correct the final invoice instead`,
    ]);
    const crediting = await call('create-credit-note', {
      token: tenant.apiKey,
      params: { id: deposit.id },
      body: { amount: '1.00', description: 'x', reason: 'other' },
    });
    expect([crediting.status, crediting.json.error.message]).toEqual([
      409,
      `${refusal}: correct the final invoice instead`,
    ]);
  });

  it('lets one of two deposits racing for the rest through', async () => {
    const accepted = await quote();
    const answers = await Promise.all([
      convert(accepted.id, { kind: 'deposit', percent: '60' }),
      convert(accepted.id, { kind: 'deposit', percent: '60' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const after = (await call('get-quote', { token: tenant.apiKey, params: { id: accepted.id } })).json;
    expect(after.invoices).toHaveLength(1);
  });
});
