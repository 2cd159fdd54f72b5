// Every e-invoice the service writes passes the official EN 16931 rules: a few hundred random
// invoices and credit notes over the whole model, written as UBL 2.1 and put through the CEN
// validation artefacts (XML schema by xmllint, business rules by Saxon-HE) in one batch.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taxBreakdownOf } from '#shared/domain/invoice';
import { ublCreditNote, ublInvoice } from '#shared/documents/ubl';
import { creditNoteOf, randomInvoice } from '#test/support/random-documents';
import { call, newTenant } from '#test/support/api';
import { austrianSeller, euInvoice, frenchBuyer } from '#test/support/eu-invoice';

const VALIDATE = resolve('../shared/einvoicing/validate.sh');

describe('UBL 2.1 e-invoices', () => {
  it('pass the CEN EN 16931 rules for 150 random invoices and their credit notes, with no fatal rule', () => {
    const invoices = fc.sample(randomInvoice, { numRuns: 150, seed: 16931 });
    // The sample spans the model: every category, both price kinds and roundings, discounts, currencies.
    const categories = new Set(invoices.flatMap((invoice) => taxBreakdownOf(invoice).map((row) => row.tax_category)));
    expect([...categories].sort()).toEqual(['AE', 'E', 'G', 'K', 'O', 'S', 'Z']);
    expect(new Set(invoices.map((invoice) => invoice.prices_include_tax)).size).toBe(2);
    expect(new Set(invoices.map((invoice) => invoice.tax_rounding)).size).toBe(2);
    expect(invoices.some((invoice) => (invoice.discount_minor ?? 0) > 0)).toBe(true);
    expect(new Set(invoices.map((invoice) => invoice.currency)).size).toBeGreaterThanOrEqual(4);
    expect(Math.max(...invoices.map((invoice) => invoice.line_items.length))).toBeGreaterThanOrEqual(30);

    const dir = mkdtempSync(join(tmpdir(), 'ubl-'));
    try {
      let written = 0;
      invoices.forEach((invoice, index) => {
        writeFileSync(join(dir, `invoice-${index}.xml`), ublInvoice(invoice));
        written++;
        const creditNote = creditNoteOf(invoice, index % 2 === 0);
        if (!creditNote) return;
        writeFileSync(join(dir, `credit-note-${index}.xml`), ublCreditNote(creditNote));
        written++;
      });
      expect(written).toBeGreaterThanOrEqual(200);
      let output: string;
      try {
        output = execFileSync('bash', [VALIDATE, dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      } catch (error) {
        output = String((error as { stdout?: string }).stdout ?? error);
      }
      const failures = output.split('\n').filter((line) => line.startsWith('FAIL') || line.startsWith('  fatal'));
      expect(failures.slice(0, 20)).toEqual([]);
      expect(output).toContain(`${written} passed, 0 failed`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it('the validator refuses a document whose totals do not add up (the check can fail)', () => {
    const [invoice] = fc.sample(randomInvoice, { numRuns: 1, seed: 7 });
    const broken = ublInvoice(invoice!).replace(
      /<cbc:TaxInclusiveAmount currencyID="(\w+)">/,
      '<cbc:TaxInclusiveAmount currencyID="$1">1',
    );
    const dir = mkdtempSync(join(tmpdir(), 'ubl-broken-'));
    try {
      writeFileSync(join(dir, 'broken.xml'), broken);
      let output = '';
      try {
        execFileSync('bash', [VALIDATE, dir], { encoding: 'utf8' });
      } catch (error) {
        output = String((error as { stdout?: string }).stdout);
      }
      expect(output).toContain('fatal BR-CO-15');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('GET …/e-invoice/?format=ubl', () => {
  it('answers an issued invoice and its credit note as UBL that passes the rules, and refuses a draft', async () => {
    const tenant = await newTenant('E-invoicing');
    await call('update-organization', {
      token: tenant.ownerToken,
      body: { ...austrianSeller, default_currency: 'EUR' },
    });
    const client = (await call('create-client', { token: tenant.apiKey, body: frenchBuyer })).json.id;
    const created = await call('create-invoice', {
      token: tenant.apiKey,
      body: { client, issue_date: '2026-11-02', due_date: '2026-12-02', ...euInvoice() },
    });
    const query = { format: 'ubl' };
    const draft = await call('get-invoice-e-invoice', { token: tenant.apiKey, params: { id: created.json.id }, query });
    expect([draft.status, draft.json.error.code]).toEqual([409, 'invalid_state']);
    await call('send-invoice', { token: tenant.apiKey, params: { id: created.json.id } });
    const invoiceXml = await call('get-invoice-e-invoice', {
      token: tenant.apiKey,
      params: { id: created.json.id },
      query,
    });
    expect(invoiceXml.status).toBe(200);
    expect(invoiceXml.headers['content-type']).toContain('application/xml');
    expect(invoiceXml.text).toContain(`<cbc:ID>${created.json.invoice_number}</cbc:ID>`);
    expect(invoiceXml.text).toContain('<cbc:TaxInclusiveAmount currencyID="EUR">565.07</cbc:TaxInclusiveAmount>');
    const note = await call('create-credit-note', {
      token: tenant.apiKey,
      params: { id: created.json.id },
      body: {
        lines: [
          { line: 0, quantity: 1 },
          { line: 3, amount: '50.00' },
        ],
        reason: 'order_change',
      },
    });
    const noteXml = await call('get-credit-note-e-invoice', {
      token: tenant.apiKey,
      params: { id: note.json.id },
      query,
    });
    expect(noteXml.text).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    const dir = mkdtempSync(join(tmpdir(), 'ubl-api-'));
    try {
      writeFileSync(join(dir, 'invoice.xml'), invoiceXml.text);
      writeFileSync(join(dir, 'credit-note.xml'), noteXml.text);
      expect(execFileSync('bash', [VALIDATE, dir], { encoding: 'utf8' })).toContain('2 passed, 0 failed');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const other = await call('get-invoice-e-invoice', {
      token: tenant.apiKey,
      params: { id: created.json.id },
      query: { format: 'cii' },
    });
    expect([other.status, Object.keys(other.json.error.details.fields)]).toEqual([400, ['format']]);
  }, 120_000);

  it('answers 422 e_invoice_incomplete naming the missing business terms instead of a failing document', async () => {
    const tenant = await newTenant('Incomplete');
    const client = (
      await call('create-client', { token: tenant.apiKey, body: { name: 'No country', email: 'n@x.example' } })
    ).json.id;
    const created = await call('create-invoice', {
      token: tenant.apiKey,
      body: { client, line_items: [{ description: 'x', quantity: 1, unit_price: '10.00', tax_rate: '20' }] },
    });
    await call('send-invoice', { token: tenant.apiKey, params: { id: created.json.id } });
    const refused = await call('get-invoice-e-invoice', {
      token: tenant.apiKey,
      params: { id: created.json.id },
      query: { format: 'ubl' },
    });
    expect([refused.status, refused.json.error.code]).toEqual([422, 'e_invoice_incomplete']);
    expect(refused.json.error.details.missing.map((gap: { business_term: string }) => gap.business_term)).toEqual([
      'BG-5',
      'BT-31',
      'BT-55',
    ]);
  });
});
