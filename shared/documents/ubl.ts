// The semantic model (en16931.ts) in the UBL 2.1 syntax: an Invoice (380) or a CreditNote (381),
// built with xmlbuilder2. docs/e-invoicing.md maps each element to its business term; every
// document this writes must pass the CEN validation artefacts.
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
type Kind = 'Invoice' | 'CreditNote';
/** The currency attribute every amount carries. */
type CurrencyID = { currencyID: string };

const NS = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

const cac = (parent: XMLBuilder, name: string) => parent.ele(NS.cac, `cac:${name}`);
const cbc = (parent: XMLBuilder, name: string, text: string, attributes?: Record<string, string>) =>
  parent.ele(NS.cbc, `cbc:${name}`, attributes).txt(xmlText(text));

function postalAddress(parent: XMLBuilder, name: string, address: Address) {
  const node = cac(parent, name);
  if (address.line1) cbc(node, 'StreetName', address.line1);
  if (address.line2) cbc(node, 'AdditionalStreetName', address.line2);
  if (address.city) cbc(node, 'CityName', address.city);
  if (address.postalCode) cbc(node, 'PostalZone', address.postalCode);
  if (address.region) cbc(node, 'CountrySubentity', address.region);
  cbc(cac(node, 'Country'), 'IdentificationCode', address.country);
}

function party(parent: XMLBuilder, role: string, fields: Party, specification: Specification) {
  const node = cac(cac(parent, role), 'Party');
  const endpoint = addressOf(fields, specification);
  if (endpoint) cbc(node, 'EndpointID', endpoint.value, { schemeID: endpoint.scheme });
  cbc(cac(node, 'PartyName'), 'Name', fields.name);
  postalAddress(node, 'PostalAddress', fields.address);
  if (fields.vatId) {
    const scheme = cac(node, 'PartyTaxScheme');
    cbc(scheme, 'CompanyID', fields.vatId);
    cbc(cac(scheme, 'TaxScheme'), 'ID', 'VAT');
  }
  const legal = cac(node, 'PartyLegalEntity');
  cbc(legal, 'RegistrationName', fields.name);
  if (fields.registration) cbc(legal, 'CompanyID', fields.registration);
  const { name, phone, email } = fields.contact;
  if (phone || email) {
    const contact = cac(node, 'Contact');
    if (name) cbc(contact, 'Name', name);
    if (phone) cbc(contact, 'Telephone', phone);
    if (email) cbc(contact, 'ElectronicMail', email);
  }
}

/** A category: its code, its rate (none outside the scope of VAT), its exemption, the VAT scheme. */
function category(parent: XMLBuilder, name: string, stated: Category) {
  const node = cac(parent, name);
  cbc(node, 'ID', stated.code);
  if (stated.rate !== undefined) cbc(node, 'Percent', stated.rate);
  if (stated.exemptionReason) cbc(node, 'TaxExemptionReason', stated.exemptionReason);
  if (stated.exemptionCode) cbc(node, 'TaxExemptionReasonCode', stated.exemptionCode);
  cbc(cac(node, 'TaxScheme'), 'ID', 'VAT');
}

/** The document or a line allowance: a discount (reason code 95). */
function allowance(parent: XMLBuilder, currencyID: CurrencyID, minor: number) {
  const node = cac(parent, 'AllowanceCharge');
  cbc(node, 'ChargeIndicator', 'false');
  cbc(node, 'AllowanceChargeReasonCode', '95');
  cbc(node, 'AllowanceChargeReason', 'Discount');
  cbc(node, 'Amount', amount(minor), currencyID);
  return node;
}

/** The document in UBL 2.1 under the specification it declares (BT-24). */
export async function ublXml(document: EDocument, specification: Specification): Promise<string> {
  const create = await xmlBuilder();
  const kind: Kind = document.typeCode === '381' ? 'CreditNote' : 'Invoice';
  const currencyID = { currencyID: document.currency };
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(NS[kind], kind, {
    'xmlns:cac': NS.cac,
    'xmlns:cbc': NS.cbc,
  });
  // UBL's schema fixes the order of the elements: the calls below follow it.
  heading(root, kind, document, specification);
  references(root, document);
  party(root, 'AccountingSupplierParty', document.seller, specification);
  party(root, 'AccountingCustomerParty', document.buyer, specification);
  delivery(root, document);
  paymentMeans(root, document);
  if (document.paymentTerms) cbc(cac(root, 'PaymentTerms'), 'Note', document.paymentTerms);
  for (const each of document.allowances)
    category(allowance(root, currencyID, each.amountMinor), 'TaxCategory', each.category);
  taxTotal(root, document, currencyID);
  // BT-111: the VAT in the accounting currency, a tax total of its own without subtotals (BR-53).
  if (document.accountingTax)
    cbc(cac(root, 'TaxTotal'), 'TaxAmount', amount(document.accountingTax.taxMinor), {
      currencyID: document.accountingTax.currency,
    });
  monetaryTotal(root, document.totals, currencyID);
  for (const line of document.lines) documentLine(root, kind, line, currencyID);
  return root.end({ prettyPrint: true });
}

/** Specification, number, dates, type code, notes and currency: what comes before the parties. */
function heading(root: XMLBuilder, kind: Kind, document: EDocument, specification: Specification) {
  cbc(root, 'CustomizationID', specification.id);
  if (specification.process) cbc(root, 'ProfileID', specification.process);
  cbc(root, 'ID', document.number);
  cbc(root, 'IssueDate', document.issueDate);
  if (kind === 'Invoice') {
    if (document.dueDate) cbc(root, 'DueDate', document.dueDate);
    cbc(root, 'InvoiceTypeCode', document.typeCode);
  } else {
    cbc(root, 'CreditNoteTypeCode', document.typeCode);
  }
  const notes = specification.oneNote && document.notes.length > 1 ? [document.notes.join('\n\n')] : document.notes;
  for (const note of notes) cbc(root, 'Note', note);
  if (kind === 'Invoice' && document.supplyDate) cbc(root, 'TaxPointDate', document.supplyDate);
  cbc(root, 'DocumentCurrencyCode', document.currency);
  if (document.accountingTax) cbc(root, 'TaxCurrencyCode', document.accountingTax.currency);
}

/** The buyer's reference, the invoicing period, the purchase order and the invoice a credit note corrects. */
function references(root: XMLBuilder, document: EDocument) {
  if (document.buyerReference) cbc(root, 'BuyerReference', document.buyerReference);
  if (document.period) {
    const period = cac(root, 'InvoicePeriod');
    cbc(period, 'StartDate', document.period.start);
    cbc(period, 'EndDate', document.period.end);
  }
  if (document.purchaseOrder) cbc(cac(root, 'OrderReference'), 'ID', document.purchaseOrder);
  if (document.precedingInvoice) {
    const reference = cac(cac(root, 'BillingReference'), 'InvoiceDocumentReference');
    cbc(reference, 'ID', document.precedingInvoice.number);
    cbc(reference, 'IssueDate', document.precedingInvoice.issueDate);
  }
}

function delivery(root: XMLBuilder, document: EDocument) {
  if (!document.supplyDate && !document.deliverTo) return;
  const node = cac(root, 'Delivery');
  if (document.supplyDate) cbc(node, 'ActualDeliveryDate', document.supplyDate);
  if (document.deliverTo) postalAddress(cac(node, 'DeliveryLocation'), 'Address', document.deliverTo);
}

function paymentMeans(root: XMLBuilder, { payment }: EDocument) {
  if (!payment) return;
  const means = cac(root, 'PaymentMeans');
  cbc(means, 'PaymentMeansCode', '58'); // SEPA credit transfer
  cbc(means, 'PaymentID', payment.reference);
  const account = cac(means, 'PayeeFinancialAccount');
  cbc(account, 'ID', payment.iban);
  if (payment.accountName) cbc(account, 'Name', payment.accountName);
  if (payment.bic) cbc(cac(account, 'FinancialInstitutionBranch'), 'ID', payment.bic);
}

/** The tax total and one subtotal per category and rate. */
function taxTotal(root: XMLBuilder, document: EDocument, currencyID: CurrencyID) {
  const node = cac(root, 'TaxTotal');
  cbc(node, 'TaxAmount', amount(document.totals.taxMinor), currencyID);
  for (const row of document.taxes) {
    const subtotal = cac(node, 'TaxSubtotal');
    cbc(subtotal, 'TaxableAmount', amount(row.taxableMinor), currencyID);
    cbc(subtotal, 'TaxAmount', amount(row.taxMinor), currencyID);
    category(subtotal, 'TaxCategory', row.category);
  }
}

/** The document totals; allowances and prepaid amounts only when there are any. */
function monetaryTotal(root: XMLBuilder, totals: EDocument['totals'], currencyID: CurrencyID) {
  const monetary = cac(root, 'LegalMonetaryTotal');
  cbc(monetary, 'LineExtensionAmount', amount(totals.lineMinor), currencyID);
  cbc(monetary, 'TaxExclusiveAmount', amount(totals.taxExclusiveMinor), currencyID);
  cbc(monetary, 'TaxInclusiveAmount', amount(totals.taxInclusiveMinor), currencyID);
  if (totals.allowanceMinor > 0) cbc(monetary, 'AllowanceTotalAmount', amount(totals.allowanceMinor), currencyID);
  if (totals.prepaidMinor > 0) cbc(monetary, 'PrepaidAmount', amount(totals.prepaidMinor), currencyID);
  cbc(monetary, 'PayableAmount', amount(totals.payableMinor), currencyID);
}

/** An InvoiceLine or a CreditNoteLine, its quantity named to match. */
function documentLine(root: XMLBuilder, kind: Kind, line: EDocument['lines'][number], currencyID: CurrencyID) {
  const node = cac(root, `${kind}Line`);
  cbc(node, 'ID', line.id);
  cbc(node, kind === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity', line.quantity, { unitCode: line.unit });
  cbc(node, 'LineExtensionAmount', amount(line.netMinor), currencyID);
  if (line.allowanceMinor > 0) allowance(node, currencyID, line.allowanceMinor);
  const item = cac(node, 'Item');
  cbc(item, 'Name', line.name);
  category(item, 'ClassifiedTaxCategory', line.category);
  const price = cac(node, 'Price');
  cbc(price, 'PriceAmount', line.netPrice, currencyID);
  if (line.baseQuantity) cbc(price, 'BaseQuantity', line.baseQuantity, { unitCode: line.unit });
}
