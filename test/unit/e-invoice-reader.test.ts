// Every official example vendored under vendor/einvoicing (CEN, Peppol BIS, XRechnung) read by the
// service's reader, and each business term of its view compared with what an independent reading of
// the same file says: xmldom and XPath, one path per term and syntax.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { describe, expect, it } from 'vitest';
import { parseDecimal } from '#shared/domain/decimal';
import type { IncomingParty, IncomingView } from '#shared/domain/incoming-invoice-view';
import { readEInvoice } from '#shared/e-invoice-reader/read-e-invoice';
import { NAMESPACES } from '#shared/e-invoice-reader/xml-path';

const EXAMPLES = new URL('../../vendor/einvoicing/examples/', import.meta.url).pathname;
const files = ['', 'peppol', 'xrechnung'].flatMap((folder) =>
  readdirSync(join(EXAMPLES, folder))
    .filter((name) => name.endsWith('.xml'))
    .map((name) => join(folder, name)),
);

const select = xpath.useNamespaces(NAMESPACES);
type XNode = Parameters<typeof select>[1];
const value = (node: XNode, path: string) => String(select(`normalize-space(${path})`, node)) || null;
const nodes = (node: XNode, path: string) => select(path, node) as XNode[];

/** Equal decimals whatever their written scale ("100" and "100.00"), else equal text. */
function same(actual: string | null, expected: string | null): boolean {
  if (actual === null || expected === null) return actual === expected;
  const [a, b] = [parseDecimal(actual), parseDecimal(expected.replace(/^\+/, ''))];
  if (!a || !b) return actual === expected;
  const scale = Math.max(a.scale, b.scale);
  return a.units * 10n ** BigInt(scale - a.scale) === b.units * 10n ** BigInt(scale - b.scale);
}
const isoDate = (text: string | null) =>
  text && /^\d{8}$/.test(text) ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6)}` : text;

type Terms = Record<string, { ubl: string; cii: string }>;
const S = 'rsm:SupplyChainTradeTransaction';
const SETTLEMENT = `${S}/ram:ApplicableHeaderTradeSettlement`;
const SUM = `${SETTLEMENT}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;
const AGREEMENT = `${S}/ram:ApplicableHeaderTradeAgreement`;

/** Document-level terms: the view's field, and where each syntax writes it. */
const DOCUMENT_TERMS: Terms = {
  number: { ubl: 'cbc:ID', cii: 'rsm:ExchangedDocument/ram:ID' },
  type_code: { ubl: 'cbc:InvoiceTypeCode | cbc:CreditNoteTypeCode', cii: 'rsm:ExchangedDocument/ram:TypeCode' },
  issue_date: { ubl: 'cbc:IssueDate', cii: 'rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString' },
  currency: { ubl: 'cbc:DocumentCurrencyCode', cii: `${SETTLEMENT}/ram:InvoiceCurrencyCode` },
  buyer_reference: { ubl: 'cbc:BuyerReference', cii: `${AGREEMENT}/ram:BuyerReference` },
  purchase_order: {
    ubl: 'cac:OrderReference/cbc:ID',
    cii: `${AGREEMENT}/ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID`,
  },
  subtotal: { ubl: 'cac:LegalMonetaryTotal/cbc:LineExtensionAmount', cii: `${SUM}/ram:LineTotalAmount` },
  discount_amount: { ubl: 'cac:LegalMonetaryTotal/cbc:AllowanceTotalAmount', cii: `${SUM}/ram:AllowanceTotalAmount` },
  charge_amount: { ubl: 'cac:LegalMonetaryTotal/cbc:ChargeTotalAmount', cii: `${SUM}/ram:ChargeTotalAmount` },
  taxable_amount: { ubl: 'cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount', cii: `${SUM}/ram:TaxBasisTotalAmount` },
  tax_amount: { ubl: 'cac:TaxTotal[cac:TaxSubtotal]/cbc:TaxAmount', cii: `${SUM}/ram:TaxTotalAmount[1]` },
  total_amount: { ubl: 'cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount', cii: `${SUM}/ram:GrandTotalAmount` },
  amount_paid: { ubl: 'cac:LegalMonetaryTotal/cbc:PrepaidAmount', cii: `${SUM}/ram:TotalPrepaidAmount` },
  rounding_amount: { ubl: 'cac:LegalMonetaryTotal/cbc:PayableRoundingAmount', cii: `${SUM}/ram:RoundingAmount` },
  amount_due: { ubl: 'cac:LegalMonetaryTotal/cbc:PayableAmount', cii: `${SUM}/ram:DuePayableAmount` },
};

const PARTY_TERMS: Record<string, { ubl: string; cii: string; of?: (party: IncomingParty) => string | null }> = {
  name: { ubl: 'cac:PartyLegalEntity/cbc:RegistrationName', cii: 'ram:Name' },
  tax_id: {
    ubl: "cac:PartyTaxScheme[cac:TaxScheme/cbc:ID = 'VAT']/cbc:CompanyID",
    cii: "ram:SpecifiedTaxRegistration/ram:ID[@schemeID = 'VA']",
  },
  registration_number: { ubl: 'cac:PartyLegalEntity/cbc:CompanyID', cii: 'ram:SpecifiedLegalOrganization/ram:ID' },
  endpoint: {
    ubl: 'cbc:EndpointID',
    cii: 'ram:URIUniversalCommunication/ram:URIID',
    of: (party) => party.electronic_address?.split(':').slice(1).join(':') ?? null,
  },
  endpoint_scheme: {
    ubl: 'cbc:EndpointID/@schemeID',
    cii: 'ram:URIUniversalCommunication/ram:URIID/@schemeID',
    of: (party) => (party.electronic_address?.includes(':') ? party.electronic_address.split(':')[0]! : null),
  },
  country: {
    ubl: 'cac:PostalAddress/cac:Country/cbc:IdentificationCode',
    cii: 'ram:PostalTradeAddress/ram:CountryID',
    of: (party) => party.address?.country ?? null,
  },
  city: {
    ubl: 'cac:PostalAddress/cbc:CityName',
    cii: 'ram:PostalTradeAddress/ram:CityName',
    of: (party) => party.address?.city ?? null,
  },
  postal_code: {
    ubl: 'cac:PostalAddress/cbc:PostalZone',
    cii: 'ram:PostalTradeAddress/ram:PostcodeCode',
    of: (party) => party.address?.postal_code ?? null,
  },
  line1: {
    ubl: 'cac:PostalAddress/cbc:StreetName',
    cii: 'ram:PostalTradeAddress/ram:LineOne',
    of: (party) => party.address?.line1 ?? null,
  },
};

const TAX_ROW_TERMS = {
  tax_category: { ubl: 'cac:TaxCategory/cbc:ID', cii: 'ram:CategoryCode' },
  tax_rate: { ubl: 'cac:TaxCategory/cbc:Percent', cii: 'ram:RateApplicablePercent' },
  taxable_amount: { ubl: 'cbc:TaxableAmount', cii: 'ram:BasisAmount' },
  tax_amount: { ubl: 'cbc:TaxAmount', cii: 'ram:CalculatedAmount' },
  tax_exemption_reason: { ubl: 'cac:TaxCategory/cbc:TaxExemptionReason', cii: 'ram:ExemptionReason' },
} as const;

const LINE_TERMS = {
  id: { ubl: 'cbc:ID', cii: 'ram:AssociatedDocumentLineDocument/ram:LineID' },
  description: { ubl: 'cac:Item/cbc:Name', cii: 'ram:SpecifiedTradeProduct/ram:Name' },
  quantity: {
    ubl: 'cbc:InvoicedQuantity | cbc:CreditedQuantity',
    cii: 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity',
  },
  unit: {
    ubl: '(cbc:InvoicedQuantity | cbc:CreditedQuantity)/@unitCode',
    cii: 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity/@unitCode',
  },
  unit_price: {
    ubl: 'cac:Price/cbc:PriceAmount',
    cii: 'ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount',
  },
  net_amount: {
    ubl: 'cbc:LineExtensionAmount',
    cii: 'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount',
  },
  tax_category: {
    ubl: 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID',
    cii: 'ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode',
  },
  tax_rate: {
    ubl: 'cac:Item/cac:ClassifiedTaxCategory/cbc:Percent',
    cii: 'ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:RateApplicablePercent',
  },
} as const;

function compare(mismatches: string[], where: string, actual: string | null | undefined, expected: string | null) {
  if (!same(actual ?? null, expected))
    mismatches.push(`${where}: view ${JSON.stringify(actual)}, XML ${JSON.stringify(expected)}`);
}

/** Every term of `view` that differs from the XML, as "term: view …, XML …". */
function mismatchesOf(view: IncomingView, root: XNode, syntax: 'ubl' | 'cii'): string[] {
  const mismatches: string[] = [];
  // CII writes dates as YYYYMMDD (format 102).
  const at = (term: string, path: string) =>
    syntax === 'cii' && term.endsWith('_date') ? isoDate(value(root, path)) : value(root, path);
  for (const [term, paths] of Object.entries(DOCUMENT_TERMS))
    compare(mismatches, term, view[term as keyof IncomingView] as string | null, at(term, paths[syntax]));
  const parties = {
    seller: ['AccountingSupplierParty', 'SellerTradeParty'],
    buyer: ['AccountingCustomerParty', 'BuyerTradeParty'],
  };
  for (const [role, [ublRole, ciiRole]] of Object.entries(parties)) {
    const [party] = nodes(root, syntax === 'ubl' ? `cac:${ublRole}/cac:Party` : `${AGREEMENT}/ram:${ciiRole}`);
    const read = view[role as 'seller' | 'buyer'];
    for (const [term, { of, ...paths }] of Object.entries(PARTY_TERMS))
      compare(
        mismatches,
        `${role}.${term}`,
        of ? of(read) : (read[term as keyof IncomingParty] as string | null),
        value(party!, paths[syntax]),
      );
  }
  const rows = nodes(root, syntax === 'ubl' ? 'cac:TaxTotal/cac:TaxSubtotal' : `${SETTLEMENT}/ram:ApplicableTradeTax`);
  compare(mismatches, 'tax_breakdown.length', String(view.tax_breakdown.length), String(rows.length));
  rows.forEach((row, index) => {
    for (const [term, paths] of Object.entries(TAX_ROW_TERMS))
      compare(
        mismatches,
        `tax_breakdown[${index}].${term}`,
        view.tax_breakdown[index]?.[term as keyof typeof TAX_ROW_TERMS],
        value(row, paths[syntax]),
      );
  });
  const lines = nodes(
    root,
    syntax === 'ubl' ? 'cac:InvoiceLine | cac:CreditNoteLine' : `${S}/ram:IncludedSupplyChainTradeLineItem`,
  );
  compare(mismatches, 'line_items.length', String(view.line_items.length), String(lines.length));
  lines.forEach((line, index) => {
    for (const [term, paths] of Object.entries(LINE_TERMS))
      compare(
        mismatches,
        `line_items[${index}].${term}`,
        view.line_items[index]?.[term as keyof typeof LINE_TERMS] as string | null,
        value(line, paths[syntax]),
      );
  });
  return mismatches;
}

describe('the e-invoice reader on the official examples', () => {
  it('finds them all: CEN, Peppol and XRechnung, UBL and CII', () => {
    expect(files.length).toBeGreaterThanOrEqual(17);
    expect(files.some((file) => file.startsWith('peppol/'))).toBe(true);
    expect(files.some((file) => file.startsWith('xrechnung/'))).toBe(true);
  });

  for (const file of files)
    it(`reads ${file}: every compared term equals the XML's`, async () => {
      const bytes = readFileSync(join(EXAMPLES, file));
      const read = await readEInvoice(bytes, 'application/xml');
      const root = new DOMParser().parseFromString(bytes.toString('utf8'), 'text/xml')
        .documentElement as unknown as XNode;
      const syntax = read.syntax === 'cii' ? 'cii' : 'ubl';
      expect(mismatchesOf(read.view, root, syntax)).toEqual([]);
      expect(read.view.line_items.length).toBeGreaterThan(0);
      expect(read.view.tax_breakdown.length).toBeGreaterThan(0);
      expect(read.view.amount_due).toMatch(/^-?\d+\.\d{2,}$/);
    });

  it('detects the profile each example claims', async () => {
    const profile = async (file: string) =>
      (await readEInvoice(readFileSync(join(EXAMPLES, file)), 'application/xml')).profile;
    expect(await profile('peppol/base-example.xml')).toBe('peppol-bis-billing-3');
    expect(await profile('xrechnung/01.01a-INVOICE_ubl.xml')).toBe('xrechnung-3');
    expect(await profile('xrechnung/01.01a-INVOICE_uncefact.xml')).toBe('xrechnung-3');
    expect(await profile('ubl-tc434-example1.xml')).toBe('en16931');
  });

  it('reads the embedded attachments of the CEN example that has them, bytes included', async () => {
    const read = await readEInvoice(readFileSync(join(EXAMPLES, 'ubl-tc434-example5.xml')), 'application/xml');
    const embedded = read.view.attachments.filter((_, index) => read.attachmentBytes[index]);
    expect(embedded.length).toBeGreaterThan(0);
    for (const [index, entry] of read.view.attachments.entries())
      if (read.attachmentBytes[index]) {
        expect(entry.media_type).toBeTruthy();
        expect(read.attachmentBytes[index]!.byteLength).toBeGreaterThan(0);
      }
  });
});
