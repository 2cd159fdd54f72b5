// Every e-invoice the service writes passes the official EN 16931 rules: a few hundred random invoices
// and credit notes over the whole model, in each XML format (UBL and CII, plain and XRechnung), put
// through the CEN validation artefacts; the XRechnung documents also meet every BR-DE rule.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditNoteTerms, invoiceTerms } from '#shared/documents/en16931';
import { eInvoiceXml, XML_FORMATS, type XmlFormat } from '#shared/documents/e-invoice-xml';
import { eInvoiceGaps } from '#shared/domain/e-invoice';
import { taxBreakdownOf, type Invoice } from '#shared/domain/invoice';
import { creditNoteOf, randomInvoice } from '#test/support/random-documents';
import { validateEInvoices } from '#test/support/e-invoice-validator';
import { xrechnungViolations } from '#test/support/xrechnung-rules';

const invoices = fc.sample(randomInvoice, { numRuns: 170, seed: 16931 });
const FORMATS = Object.keys(XML_FORMATS) as XmlFormat[];

/** Each format's documents: the random invoices and their credit notes the format can carry. */
function documentsIn(format: XmlFormat): Map<string, string> {
  const files = new Map<string, string>();
  const ready = (document: Invoice) =>
    eInvoiceGaps(format, { ...document, rows: taxBreakdownOf(document) }).length === 0;
  invoices.forEach((invoice, index) => {
    if (!ready(invoice)) return;
    files.set(`${format}-invoice-${index}.xml`, eInvoiceXml(format, invoiceTerms(invoice)));
    const creditNote = creditNoteOf(invoice, index % 2 === 0);
    if (creditNote) files.set(`${format}-credit-note-${index}.xml`, eInvoiceXml(format, creditNoteTerms(creditNote)));
  });
  return files;
}

const documents = new Map(FORMATS.map((format) => [format, documentsIn(format)]));

describe('e-invoices of random documents', () => {
  it('span the model: every category, both price kinds and roundings, discounts, currencies, long documents', () => {
    const categories = new Set(invoices.flatMap((invoice) => taxBreakdownOf(invoice).map((row) => row.tax_category)));
    expect([...categories].sort()).toEqual(['AE', 'E', 'G', 'K', 'O', 'S', 'Z']);
    expect(new Set(invoices.map((invoice) => invoice.prices_include_tax)).size).toBe(2);
    expect(new Set(invoices.map((invoice) => invoice.tax_rounding)).size).toBe(2);
    expect(invoices.some((invoice) => (invoice.discount_minor ?? 0) > 0)).toBe(true);
    expect(new Set(invoices.map((invoice) => invoice.currency)).size).toBeGreaterThanOrEqual(4);
    expect(Math.max(...invoices.map((invoice) => invoice.line_items.length))).toBeGreaterThanOrEqual(30);
    for (const format of FORMATS) expect(documents.get(format)!.size, format).toBeGreaterThanOrEqual(200);
  });

  it('pass the CEN EN 16931 rules in every XML format, with no fatal rule', async () => {
    // UBL and CII in two batches side by side: one JVM each.
    const batches = [
      ['ubl', 'xrechnung-ubl'],
      ['cii', 'xrechnung-cii'],
    ].map((formats) => new Map(formats.flatMap((format) => [...documents.get(format as XmlFormat)!])));
    const results = await Promise.all(batches.map(validateEInvoices));
    results.forEach((result, index) => {
      expect(result.failures.slice(0, 20)).toEqual([]);
      expect(result.output).toContain(`${batches[index]!.size} passed, 0 failed`);
    });
  }, 600_000);

  it('meet every XRechnung rule (BR-DE and the Peppol rules it merges), warnings included', () => {
    for (const format of ['xrechnung-ubl', 'xrechnung-cii'] as const) {
      const broken = new Map<string, number>();
      for (const xml of documents.get(format)!.values())
        for (const rule of xrechnungViolations(xml)) broken.set(rule, (broken.get(rule) ?? 0) + 1);
      expect(Object.fromEntries(broken), format).toEqual({});
    }
  });

  it('the XRechnung checks catch each kind of break (they can fail)', () => {
    const [invoice] = documents.get('xrechnung-ubl')!.values();
    const [cii] = documents.get('xrechnung-cii')!.values();
    const breaks: [string, RegExp, string, string][] = [
      ['fatal BR-DE-15', /<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '', invoice!],
      ['fatal BR-DE-1', /<cac:PaymentMeans>[\s\S]*<\/cac:PaymentMeans>/, '', invoice!],
      ['fatal BR-DE-6', /<cbc:Telephone>[^<]*<\/cbc:Telephone>/, '', invoice!],
      ['fatal BR-DE-18', /<cbc:Note>Net 30<\/cbc:Note>/, '<cbc:Note>#SKONTO#TAGE=7#PROZENT=2#</cbc:Note>', invoice!],
      [
        'fatal PEPPOL-EN16931-R010',
        /(<cac:AccountingCustomerParty>\s*<cac:Party>\s*)<cbc:EndpointID[^>]*>[^<]*<\/cbc:EndpointID>/,
        '$1',
        invoice!,
      ],
      ['warning BR-DE-21', /xrechnung_3\.0/, 'xrechnung_2.3', invoice!],
      ['fatal BR-DE-15', /<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, '', cii!],
      [
        'fatal BR-DE-14',
        /<ram:RateApplicablePercent>[^<]*<\/ram:RateApplicablePercent>(\s*<\/ram:ApplicableTradeTax>\s*<ram:(BillingSpecifiedPeriod|SpecifiedTradeAllowanceCharge|SpecifiedTradePaymentTerms))/,
        '$1',
        cii!,
      ],
      ['fatal PEPPOL-EN16931-R008', /<ram:Name>[^<]*<\/ram:Name>/, '<ram:Name/>', cii!],
    ];
    for (const [rule, pattern, replacement, xml] of breaks) {
      expect(xml, rule).toMatch(pattern);
      expect(xrechnungViolations(xml.replace(pattern, replacement)), rule).toContain(rule);
    }
  });

  it('the CEN validator refuses a document whose totals do not add up (the check can fail)', async () => {
    const [name, xml] = [...documents.get('cii')!][0]!;
    const broken = xml.replace(/<ram:GrandTotalAmount>/, '<ram:GrandTotalAmount>1');
    const result = await validateEInvoices(new Map([[name, broken]]));
    expect(result.output).toContain('fatal BR-CO-15');
  }, 120_000);
});
