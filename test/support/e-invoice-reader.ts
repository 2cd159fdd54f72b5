// Reads an EN 16931 e-invoice (UBL 2.1 or CII D16B) into the service's own shapes: a create-invoice
// request body and the document's stated totals, and names the business terms the model has no
// place for (charges, prices finer than a cent, a base quantity other than one).
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';

const select = xpath.useNamespaces({
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
});
type XNode = Parameters<typeof select>[1];
const text = (node: XNode, path: string) => String(select(`normalize-space(${path})`, node)) || undefined;
const nodes = (node: XNode, path: string) => select(path, node) as XNode[];
/** A CII date (format 102) as YYYY-MM-DD. */
const isoDate = (value?: string) => value && `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
/** A decimal as the API takes it: a price to the cent, a rate or a quantity trimmed. */
const cents = (value: string) => (Number.isInteger(Number(value) * 100) ? Number(value).toFixed(2) : value);
const trimmed = (value: string) => value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

export type ReadLine = {
  description: string;
  quantity: string;
  unit: string;
  unit_price: string;
  tax_category: string;
  tax_rate?: string;
  tax_exemption_reason?: string;
  discount?: { amount: string };
};

/** A line as read, with the net amount it states (BT-131). */
type StatedLine = ReadLine & { net: string; charged?: boolean };

export type ReadDocument = {
  syntax: 'ubl' | 'cii';
  typeCode: string;
  number: string;
  currency: string;
  seller: { name: string; country?: string; tax_id?: string };
  buyer: { name: string; country?: string };
  /** The request for the lines the model can hold. */
  body: Record<string, unknown> & { line_items: ReadLine[] };
  /** The net amount each of those lines states, in order. */
  nets: string[];
  /** BT-106, BT-109, BT-110, BT-112 as written. */
  totals: { lines: string; taxExclusive: string; tax: string; total: string };
  /** Business terms of the document the model has no place for. */
  uncovered: string[];
};

export function readEInvoice(xml: string): ReadDocument {
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement as unknown as XNode;
  return (root as unknown as { localName: string }).localName === 'CrossIndustryInvoice'
    ? readCii(root)
    : readUbl(root);
}

/** The lines the model can hold: prices to the cent, no negative line (a return is a credit note). */
function covered(uncovered: Set<string>, lines: StatedLine[]): StatedLine[] {
  return lines.filter((line) => {
    if (!/^\d+(\.\d{1,2})?$/.test(line.unit_price)) uncovered.add('BT-146 price finer than a cent');
    else if (Number(line.net) < 0) uncovered.add('BT-131 negative line amount');
    else if (line.charged) uncovered.add('BG-28 line charge');
    else return true;
    return false;
  });
}

function readUbl(root: XNode): ReadDocument {
  const uncovered = new Set<string>();
  const exemption = (code: string) =>
    text(root, `cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory[cbc:ID = '${code}']/cbc:TaxExemptionReason`);
  const lines = nodes(root, 'cac:InvoiceLine | cac:CreditNoteLine').map((line): StatedLine => {
    const quantity = nodes(line, 'cbc:InvoicedQuantity | cbc:CreditedQuantity')[0]!;
    const category = text(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID')!;
    const base = text(line, 'cac:Price/cbc:BaseQuantity');
    if (base && Number(base) !== 1) uncovered.add('BT-149 base quantity other than 1');
    const allowance = text(line, "cac:AllowanceCharge[cbc:ChargeIndicator = 'false']/cbc:Amount");
    const rate = text(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:Percent');
    return {
      description: text(line, 'cac:Item/cbc:Name')!,
      net: text(line, 'cbc:LineExtensionAmount')!,
      charged: nodes(line, "cac:AllowanceCharge[cbc:ChargeIndicator = 'true']").length > 0,
      quantity: trimmed(text(quantity, '.')!),
      unit: text(quantity, '@unitCode')!,
      unit_price: cents(text(line, 'cac:Price/cbc:PriceAmount')!),
      tax_category: category,
      ...(rate !== undefined ? { tax_rate: trimmed(rate) } : {}),
      ...(exemption(category) ? { tax_exemption_reason: exemption(category) } : {}),
      ...(allowance && Number(allowance) > 0 ? { discount: { amount: cents(allowance) } } : {}),
    };
  });
  if (nodes(root, "cac:AllowanceCharge[cbc:ChargeIndicator = 'true']").length) uncovered.add('BG-21 document charge');
  const allowance = text(root, 'cac:LegalMonetaryTotal/cbc:AllowanceTotalAmount');
  const party = (role: string) => `cac:${role}/cac:Party`;
  return {
    syntax: 'ubl',
    typeCode: text(root, 'cbc:InvoiceTypeCode | cbc:CreditNoteTypeCode')!,
    number: text(root, 'cbc:ID')!,
    currency: text(root, 'cbc:DocumentCurrencyCode')!,
    seller: {
      name: text(root, `${party('AccountingSupplierParty')}/cac:PartyLegalEntity/cbc:RegistrationName`)!,
      country: text(root, `${party('AccountingSupplierParty')}/cac:PostalAddress/cac:Country/cbc:IdentificationCode`),
      tax_id: text(root, `${party('AccountingSupplierParty')}/cac:PartyTaxScheme/cbc:CompanyID`),
    },
    buyer: {
      name: text(root, `${party('AccountingCustomerParty')}/cac:PartyLegalEntity/cbc:RegistrationName`)!,
      country: text(root, `${party('AccountingCustomerParty')}/cac:PostalAddress/cac:Country/cbc:IdentificationCode`),
    },
    body: body({
      lines: covered(uncovered, lines),
      issue: text(root, 'cbc:IssueDate'),
      due: text(root, 'cbc:DueDate'),
      supply: text(root, 'cac:Delivery/cbc:ActualDeliveryDate'),
      period: [text(root, 'cac:InvoicePeriod/cbc:StartDate'), text(root, 'cac:InvoicePeriod/cbc:EndDate')],
      buyerReference: text(root, 'cbc:BuyerReference'),
      order: text(root, 'cac:OrderReference/cbc:ID'),
      allowance,
    }),
    nets: covered(new Set(), lines).map((line) => line.net),
    totals: {
      lines: text(root, 'cac:LegalMonetaryTotal/cbc:LineExtensionAmount')!,
      taxExclusive: text(root, 'cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount')!,
      tax: text(root, 'cac:TaxTotal[cac:TaxSubtotal]/cbc:TaxAmount')!,
      total: text(root, 'cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount')!,
    },
    uncovered: [...uncovered],
  };
}

function readCii(root: XNode): ReadDocument {
  const uncovered = new Set<string>();
  const transaction = 'rsm:SupplyChainTradeTransaction';
  const settlement = `${transaction}/ram:ApplicableHeaderTradeSettlement`;
  const agreement = `${transaction}/ram:ApplicableHeaderTradeAgreement`;
  const exemption = (code: string) =>
    text(root, `${settlement}/ram:ApplicableTradeTax[ram:CategoryCode = '${code}']/ram:ExemptionReason`);
  const lines = nodes(root, `${transaction}/ram:IncludedSupplyChainTradeLineItem`).map((line): StatedLine => {
    const tax = 'ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax';
    const category = text(line, `${tax}/ram:CategoryCode`)!;
    const rate = text(line, `${tax}/ram:RateApplicablePercent`);
    const base = text(line, 'ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity');
    if (base && Number(base) !== 1) uncovered.add('BT-149 base quantity other than 1');
    const charges = 'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeAllowanceCharge';
    const allowance = text(line, `${charges}[ram:ChargeIndicator/udt:Indicator = 'false']/ram:ActualAmount`);
    return {
      description: text(line, 'ram:SpecifiedTradeProduct/ram:Name')!,
      net: text(
        line,
        'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount',
      )!,
      charged: nodes(line, `${charges}[ram:ChargeIndicator/udt:Indicator = 'true']`).length > 0,
      quantity: trimmed(text(line, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity')!),
      unit: text(line, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity/@unitCode')!,
      unit_price: cents(text(line, 'ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount')!),
      tax_category: category,
      ...(rate !== undefined ? { tax_rate: trimmed(rate) } : {}),
      ...(exemption(category) ? { tax_exemption_reason: exemption(category) } : {}),
      ...(allowance && Number(allowance) > 0 ? { discount: { amount: cents(allowance) } } : {}),
    };
  });
  if (nodes(root, `${settlement}/ram:SpecifiedTradeAllowanceCharge[ram:ChargeIndicator/udt:Indicator = 'true']`).length)
    uncovered.add('BG-21 document charge');
  const summation = `${settlement}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;
  const date = (path: string) => isoDate(text(root, `${path}/udt:DateTimeString`));
  return {
    syntax: 'cii',
    typeCode: text(root, 'rsm:ExchangedDocument/ram:TypeCode')!,
    number: text(root, 'rsm:ExchangedDocument/ram:ID')!,
    currency: text(root, `${settlement}/ram:InvoiceCurrencyCode`)!,
    seller: {
      name: text(root, `${agreement}/ram:SellerTradeParty/ram:Name`)!,
      country: text(root, `${agreement}/ram:SellerTradeParty/ram:PostalTradeAddress/ram:CountryID`),
      tax_id: text(root, `${agreement}/ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID[@schemeID = 'VA']`),
    },
    buyer: {
      name: text(root, `${agreement}/ram:BuyerTradeParty/ram:Name`)!,
      country: text(root, `${agreement}/ram:BuyerTradeParty/ram:PostalTradeAddress/ram:CountryID`),
    },
    body: body({
      lines: covered(uncovered, lines),
      issue: date('rsm:ExchangedDocument/ram:IssueDateTime'),
      due: date(`${settlement}/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime`),
      supply: date(
        `${transaction}/ram:ApplicableHeaderTradeDelivery/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime`,
      ),
      period: [
        date(`${settlement}/ram:BillingSpecifiedPeriod/ram:StartDateTime`),
        date(`${settlement}/ram:BillingSpecifiedPeriod/ram:EndDateTime`),
      ],
      buyerReference: text(root, `${agreement}/ram:BuyerReference`),
      order: text(root, `${agreement}/ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID`),
      allowance: text(root, `${summation}/ram:AllowanceTotalAmount`),
    }),
    nets: covered(new Set(), lines).map((line) => line.net),
    totals: {
      lines: text(root, `${summation}/ram:LineTotalAmount`)!,
      taxExclusive: text(root, `${summation}/ram:TaxBasisTotalAmount`)!,
      tax: text(root, `${summation}/ram:TaxTotalAmount`)!,
      total: text(root, `${summation}/ram:GrandTotalAmount`)!,
    },
    uncovered: [...uncovered],
  };
}

function body(read: {
  lines: StatedLine[];
  issue?: string;
  due?: string;
  supply?: string;
  period: (string | undefined)[];
  buyerReference?: string;
  order?: string;
  allowance?: string;
}) {
  const [start, end] = read.period;
  return {
    line_items: read.lines.map(({ net: _net, charged: _charged, ...line }) => line),
    ...(read.issue ? { issue_date: read.issue } : {}),
    ...(read.due && read.issue && read.due >= read.issue ? { due_date: read.due } : {}),
    ...(read.supply ? { supply_date: read.supply } : start && end ? { service_period: { start, end } } : {}),
    ...(read.buyerReference ? { buyer_reference: read.buyerReference } : {}),
    ...(read.order ? { purchase_order: read.order } : {}),
    ...(read.allowance && Number(read.allowance) > 0 ? { discount: { amount: cents(read.allowance) } } : {}),
  };
}
