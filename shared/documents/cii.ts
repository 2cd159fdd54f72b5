// The semantic model (en16931.ts) in the UN/CEFACT Cross Industry Invoice D16B syntax (CEN/TS 16931-3-3),
// built with xmlbuilder2: what XRechnung CII and Factur-X carry. docs/e-invoicing.md maps each element
// to its business term; every document this writes must pass the CEN validation artefacts.
import { xmlBuilder } from '#shared/documents/xml-builder';
import {
  addressOf,
  amount,
  type Address,
  type Category,
  type EDocument,
  type Party,
  type Specification,
} from '#shared/documents/en16931';
import { xmlText } from '#shared/documents/xml-text';

/** A node being built. */
type XMLBuilder = ReturnType<Awaited<ReturnType<typeof xmlBuilder>>>;

const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
};

const ram = (parent: XMLBuilder, name: string, text?: string, attributes?: Record<string, string>) => {
  const node = parent.ele(NS.ram, `ram:${name}`, attributes);
  return text === undefined ? node : node.txt(xmlText(text));
};
/** A calendar date as CII writes it: format 102, YYYYMMDD. */
const date = (parent: XMLBuilder, name: string, isoDate: string, type: 'udt' | 'qdt' = 'udt') =>
  ram(parent, name).ele(NS[type], `${type}:DateTimeString`, { format: '102' }).txt(isoDate.replaceAll('-', ''));
const indicator = (parent: XMLBuilder, value: boolean) =>
  ram(parent, 'ChargeIndicator').ele(NS.udt, 'udt:Indicator').txt(String(value));

function postalAddress(parent: XMLBuilder, name: string, address: Address) {
  const node = ram(parent, name);
  if (address.postalCode) ram(node, 'PostcodeCode', address.postalCode);
  if (address.line1) ram(node, 'LineOne', address.line1);
  if (address.line2) ram(node, 'LineTwo', address.line2);
  if (address.city) ram(node, 'CityName', address.city);
  ram(node, 'CountryID', address.country);
  if (address.region) ram(node, 'CountrySubDivisionName', address.region);
}

function party(parent: XMLBuilder, role: string, fields: Party, specification: Specification) {
  const node = ram(parent, role);
  ram(node, 'Name', fields.name);
  if (fields.registration) ram(ram(node, 'SpecifiedLegalOrganization'), 'ID', fields.registration);
  const { name, phone, email } = fields.contact;
  if (phone || email) {
    const contact = ram(node, 'DefinedTradeContact');
    if (name) ram(contact, 'PersonName', name);
    if (phone) ram(ram(contact, 'TelephoneUniversalCommunication'), 'CompleteNumber', phone);
    if (email) ram(ram(contact, 'EmailURIUniversalCommunication'), 'URIID', email);
  }
  postalAddress(node, 'PostalTradeAddress', fields.address);
  const endpoint = addressOf(fields, specification);
  if (endpoint) ram(ram(node, 'URIUniversalCommunication'), 'URIID', endpoint.value, { schemeID: endpoint.scheme });
  if (fields.vatId) ram(ram(node, 'SpecifiedTaxRegistration'), 'ID', fields.vatId, { schemeID: 'VA' });
}

/** A category on a line or an allowance: code and rate. */
function category(parent: XMLBuilder, name: string, stated: Category) {
  const node = ram(parent, name);
  ram(node, 'TypeCode', 'VAT');
  ram(node, 'CategoryCode', stated.code);
  if (stated.rate !== undefined) ram(node, 'RateApplicablePercent', stated.rate);
}

/** A discount (reason code 95) on the document or a line. */
function allowance(parent: XMLBuilder, minor: number) {
  const node = ram(parent, 'SpecifiedTradeAllowanceCharge');
  indicator(node, false);
  ram(node, 'ActualAmount', amount(minor));
  ram(node, 'ReasonCode', '95');
  ram(node, 'Reason', 'Discount');
  return node;
}

function line(parent: XMLBuilder, each: EDocument['lines'][number]) {
  const node = ram(parent, 'IncludedSupplyChainTradeLineItem');
  ram(ram(node, 'AssociatedDocumentLineDocument'), 'LineID', each.id);
  ram(ram(node, 'SpecifiedTradeProduct'), 'Name', each.name);
  const price = ram(ram(node, 'SpecifiedLineTradeAgreement'), 'NetPriceProductTradePrice');
  ram(price, 'ChargeAmount', each.netPrice);
  if (each.baseQuantity) ram(price, 'BasisQuantity', each.baseQuantity, { unitCode: each.unit });
  ram(ram(node, 'SpecifiedLineTradeDelivery'), 'BilledQuantity', each.quantity, { unitCode: each.unit });
  const settlement = ram(node, 'SpecifiedLineTradeSettlement');
  category(settlement, 'ApplicableTradeTax', each.category);
  if (each.allowanceMinor > 0) allowance(settlement, each.allowanceMinor);
  ram(ram(settlement, 'SpecifiedTradeSettlementLineMonetarySummation'), 'LineTotalAmount', amount(each.netMinor));
}

function settlement(transaction: XMLBuilder, document: EDocument) {
  const node = ram(transaction, 'ApplicableHeaderTradeSettlement');
  if (document.payment) ram(node, 'PaymentReference', document.payment.reference);
  if (document.accountingTax) ram(node, 'TaxCurrencyCode', document.accountingTax.currency);
  ram(node, 'InvoiceCurrencyCode', document.currency);
  if (document.payment) {
    const means = ram(node, 'SpecifiedTradeSettlementPaymentMeans');
    ram(means, 'TypeCode', '58'); // SEPA credit transfer
    const account = ram(means, 'PayeePartyCreditorFinancialAccount');
    ram(account, 'IBANID', document.payment.iban);
    if (document.payment.accountName) ram(account, 'AccountName', document.payment.accountName);
    if (document.payment.bic)
      ram(ram(means, 'PayeeSpecifiedCreditorFinancialInstitution'), 'BICID', document.payment.bic);
  }
  for (const row of document.taxes) {
    const tax = ram(node, 'ApplicableTradeTax');
    ram(tax, 'CalculatedAmount', amount(row.taxMinor));
    ram(tax, 'TypeCode', 'VAT');
    if (row.category.exemptionReason) ram(tax, 'ExemptionReason', row.category.exemptionReason);
    ram(tax, 'BasisAmount', amount(row.taxableMinor));
    ram(tax, 'CategoryCode', row.category.code);
    if (row.category.exemptionCode) ram(tax, 'ExemptionReasonCode', row.category.exemptionCode);
    if (row.category.rate !== undefined) ram(tax, 'RateApplicablePercent', row.category.rate);
  }
  if (document.period) {
    const period = ram(node, 'BillingSpecifiedPeriod');
    date(period, 'StartDateTime', document.period.start);
    date(period, 'EndDateTime', document.period.end);
  }
  for (const each of document.allowances)
    category(allowance(node, each.amountMinor), 'CategoryTradeTax', each.category);
  if (document.paymentTerms || document.dueDate) {
    const terms = ram(node, 'SpecifiedTradePaymentTerms');
    if (document.paymentTerms) ram(terms, 'Description', document.paymentTerms);
    if (document.dueDate) date(terms, 'DueDateDateTime', document.dueDate);
  }
  const { totals } = document;
  const summation = ram(node, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  ram(summation, 'LineTotalAmount', amount(totals.lineMinor));
  if (totals.allowanceMinor > 0) ram(summation, 'AllowanceTotalAmount', amount(totals.allowanceMinor));
  ram(summation, 'TaxBasisTotalAmount', amount(totals.taxExclusiveMinor));
  ram(summation, 'TaxTotalAmount', amount(totals.taxMinor), { currencyID: document.currency });
  if (document.accountingTax)
    ram(summation, 'TaxTotalAmount', amount(document.accountingTax.taxMinor), {
      currencyID: document.accountingTax.currency,
    });
  ram(summation, 'GrandTotalAmount', amount(totals.taxInclusiveMinor));
  if (totals.prepaidMinor > 0) ram(summation, 'TotalPrepaidAmount', amount(totals.prepaidMinor));
  ram(summation, 'DuePayableAmount', amount(totals.payableMinor));
  if (document.precedingInvoice) {
    const reference = ram(node, 'InvoiceReferencedDocument');
    ram(reference, 'IssuerAssignedID', document.precedingInvoice.number);
    date(reference, 'FormattedIssueDateTime', document.precedingInvoice.issueDate, 'qdt');
  }
}

/** The document as a CII CrossIndustryInvoice under the specification it declares (BT-24). */
export async function ciiXml(document: EDocument, specification: Specification): Promise<string> {
  const create = await xmlBuilder();
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(NS.rsm, 'rsm:CrossIndustryInvoice', {
    'xmlns:rsm': NS.rsm,
    'xmlns:ram': NS.ram,
    'xmlns:udt': NS.udt,
    'xmlns:qdt': NS.qdt,
  });
  const context = root.ele(NS.rsm, 'rsm:ExchangedDocumentContext');
  if (specification.process)
    ram(ram(context, 'BusinessProcessSpecifiedDocumentContextParameter'), 'ID', specification.process);
  ram(ram(context, 'GuidelineSpecifiedDocumentContextParameter'), 'ID', specification.id);
  const header = root.ele(NS.rsm, 'rsm:ExchangedDocument');
  ram(header, 'ID', document.number);
  ram(header, 'TypeCode', document.typeCode);
  date(header, 'IssueDateTime', document.issueDate);
  for (const note of document.notes) ram(ram(header, 'IncludedNote'), 'Content', note);

  const transaction = root.ele(NS.rsm, 'rsm:SupplyChainTradeTransaction');
  for (const each of document.lines) line(transaction, each);
  const agreement = ram(transaction, 'ApplicableHeaderTradeAgreement');
  if (document.buyerReference) ram(agreement, 'BuyerReference', document.buyerReference);
  party(agreement, 'SellerTradeParty', document.seller, specification);
  party(agreement, 'BuyerTradeParty', document.buyer, specification);
  if (document.purchaseOrder)
    ram(ram(agreement, 'BuyerOrderReferencedDocument'), 'IssuerAssignedID', document.purchaseOrder);
  const delivery = ram(transaction, 'ApplicableHeaderTradeDelivery');
  if (document.deliverTo) postalAddress(ram(delivery, 'ShipToTradeParty'), 'PostalTradeAddress', document.deliverTo);
  if (document.supplyDate)
    date(ram(delivery, 'ActualDeliverySupplyChainEvent'), 'OccurrenceDateTime', document.supplyDate);
  settlement(transaction, document);
  return root.end({ prettyPrint: true });
}
