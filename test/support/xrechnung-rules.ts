// The German CIUS rules (XRechnung 3.0, KoSIT schematron) that the CEN artefacts in ../shared/einvoicing
// do not hold, and the Peppol BIS rules XRechnung merges in, as XPath over a document. Each rule's
// context and test are those of the official schematron, written in XPath 1.0 where it uses XPath 2
// (`x = ('a','b')` spelt out with `or`; regular expressions and the IBAN check done in TypeScript).
// docs/e-invoicing.md "XRechnung" lists them with what makes the service's documents meet each.
import { DOMParser } from '@xmldom/xmldom';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import * as xpath from 'xpath';

const select = xpath.useNamespaces({
  ubl: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cn: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
});

type XNode = Parameters<typeof select>[1];
/** A test: an XPath 1.0 expression, or a check in TypeScript of the context node. */
type Test = string | ((node: XNode) => boolean);
type Binding = { context: string; test: Test };
export type Rule = { id: string; flag: 'fatal' | 'warning'; text: string; ubl?: Binding; cii?: Binding };

const UBL_ROOT = '/ubl:Invoice | /cn:CreditNote';
const CII_ROOT = '/rsm:CrossIndustryInvoice';
const UBL_SELLER = '/ubl:Invoice/cac:AccountingSupplierParty | /cn:CreditNote/cac:AccountingSupplierParty';
const CII_AGREEMENT = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement';
const CII_SETTLEMENT = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement';
const both = (path: string) => `/ubl:Invoice/${path} | /cn:CreditNote/${path}`;
const UBL_SELLER_CONTACT = both('cac:AccountingSupplierParty/cac:Party/cac:Contact');
const CII_SELLER_CONTACT = `${CII_AGREEMENT}/ram:SellerTradeParty/ram:DefinedTradeContact`;
const nonEmpty = (path: string) => `${path}[boolean(normalize-space(.))]`;
const codeIn = (path: string, codes: string[]) =>
  `(${codes.map((code) => `normalize-space(${path}) = '${code}'`).join(' or ')})`;
const UBL_MEANS = (codes: string[]) => both(`cac:PaymentMeans[${codeIn('cbc:PaymentMeansCode', codes)}]`);
const CII_MEANS = (codes: string[]) =>
  `${CII_SETTLEMENT}/ram:SpecifiedTradeSettlementPaymentMeans[${codeIn('ram:TypeCode', codes)}]`;
const CII_DIRECT_DEBIT = `(${CII_SETTLEMENT}/ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID or ${CII_SETTLEMENT}/ram:CreditorReferenceID or ram:PayerPartyDebtorFinancialAccount/ram:IBANID)`;
const text = (node: XNode, path: string) => String(select(`normalize-space(${path})`, node));

const SKONTO = /^#(SKONTO)#TAGE=([0-9]+#PROZENT=[0-9]+\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$/;
/** BR-DE-18: every line of the first payment terms that starts with # is a Skonto line, and the last one ends with a line break. */
const skonto = (path: string) => (node: XNode) => {
  const terms = String(select(`string(${path})`, node));
  const lines = terms.split(/\r?\n/).filter((line) => line.trim().startsWith('#'));
  if (lines.length === 0) return true;
  const parts = terms.split(/#.+#/);
  return lines.every((line) => SKONTO.test(line.trim().replace(/\s+/g, ' '))) && /^\s*\n/.test(parts.at(-1) ?? '');
};
const iban = (path: string, means: string) => (node: XNode) =>
  text(node, means) !== '58' || isValidIBAN(electronicFormatIBAN(text(node, path)) ?? '');
const TELEPHONE = /([0-9].*){3,}/;
const EMAIL = /^[^@\s]+@([^@.\s]+\.)+[^@.\s]+$/;
const XRECHNUNG_ID = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
const TYPE_CODES = ['326', '380', '384', '389', '381', '875', '876', '877'];
const VAT_CODES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M'];

export const XRECHNUNG_RULES: Rule[] = [
  {
    id: 'BR-DE-1',
    flag: 'fatal',
    text: 'An invoice shall contain PAYMENT INSTRUCTIONS (BG-16).',
    ubl: { context: UBL_ROOT, test: 'cac:PaymentMeans' },
    cii: {
      context: CII_ROOT,
      test: 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementPaymentMeans',
    },
  },
  {
    id: 'BR-DE-2',
    flag: 'fatal',
    text: 'SELLER CONTACT (BG-6) shall be provided.',
    ubl: { context: UBL_SELLER, test: 'cac:Party/cac:Contact' },
    cii: { context: `${CII_AGREEMENT}/ram:SellerTradeParty`, test: 'ram:DefinedTradeContact' },
  },
  ...(
    [
      ['BR-DE-3', 'Seller city (BT-37)', 'AccountingSupplierParty', 'SellerTradeParty', 'CityName', 'CityName'],
      [
        'BR-DE-4',
        'Seller post code (BT-38)',
        'AccountingSupplierParty',
        'SellerTradeParty',
        'PostalZone',
        'PostcodeCode',
      ],
      ['BR-DE-8', 'Buyer city (BT-52)', 'AccountingCustomerParty', 'BuyerTradeParty', 'CityName', 'CityName'],
      [
        'BR-DE-9',
        'Buyer post code (BT-53)',
        'AccountingCustomerParty',
        'BuyerTradeParty',
        'PostalZone',
        'PostcodeCode',
      ],
    ] as const
  ).map(
    ([id, term, ublParty, ciiParty, ublField, ciiField]): Rule => ({
      id,
      flag: 'fatal',
      text: `${term} shall be provided.`,
      ubl: { context: both(`cac:${ublParty}/cac:Party/cac:PostalAddress`), test: nonEmpty(`cbc:${ublField}`) },
      cii: { context: `${CII_AGREEMENT}/ram:${ciiParty}/ram:PostalTradeAddress`, test: nonEmpty(`ram:${ciiField}`) },
    }),
  ),
  {
    id: 'BR-DE-5',
    flag: 'fatal',
    text: 'Seller contact point (BT-41) shall be provided.',
    ubl: { context: UBL_SELLER_CONTACT, test: nonEmpty('cbc:Name') },
    cii: { context: CII_SELLER_CONTACT, test: `${nonEmpty('ram:PersonName')} or ${nonEmpty('ram:DepartmentName')}` },
  },
  {
    id: 'BR-DE-6',
    flag: 'fatal',
    text: 'Seller contact telephone number (BT-42) shall be provided.',
    ubl: { context: UBL_SELLER_CONTACT, test: nonEmpty('cbc:Telephone') },
    cii: { context: CII_SELLER_CONTACT, test: nonEmpty('ram:TelephoneUniversalCommunication/ram:CompleteNumber') },
  },
  {
    id: 'BR-DE-7',
    flag: 'fatal',
    text: 'Seller contact email address (BT-43) shall be provided.',
    ubl: { context: UBL_SELLER_CONTACT, test: nonEmpty('cbc:ElectronicMail') },
    cii: { context: CII_SELLER_CONTACT, test: nonEmpty('ram:EmailURIUniversalCommunication/ram:URIID') },
  },
  ...(
    [
      ['BR-DE-10', 'Deliver to city (BT-77)', 'CityName', 'CityName'],
      ['BR-DE-11', 'Deliver to post code (BT-78)', 'PostalZone', 'PostcodeCode'],
    ] as const
  ).map(
    ([id, term, ublField, ciiField]): Rule => ({
      id,
      flag: 'fatal',
      text: `${term} shall be provided if DELIVER TO ADDRESS (BG-15) is.`,
      ubl: { context: both('cac:Delivery/cac:DeliveryLocation/cac:Address'), test: nonEmpty(`cbc:${ublField}`) },
      cii: {
        context: `${CII_ROOT}/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:PostalTradeAddress`,
        test: nonEmpty(`ram:${ciiField}`),
      },
    }),
  ),
  {
    id: 'BR-DE-14',
    flag: 'fatal',
    text: 'VAT category rate (BT-119) shall be provided.',
    ubl: { context: both('cac:TaxTotal/cac:TaxSubtotal'), test: nonEmpty('cac:TaxCategory/cbc:Percent') },
    cii: { context: `${CII_SETTLEMENT}/ram:ApplicableTradeTax`, test: nonEmpty('ram:RateApplicablePercent') },
  },
  {
    id: 'BR-DE-15',
    flag: 'fatal',
    text: 'Buyer reference (BT-10) shall be provided.',
    ubl: { context: UBL_ROOT, test: nonEmpty('cbc:BuyerReference') },
    cii: {
      context: CII_ROOT,
      test: nonEmpty('rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:BuyerReference'),
    },
  },
  {
    id: 'BR-DE-16',
    flag: 'fatal',
    text: 'With VAT category S, Z, E, AE, K, G, L or M, the seller VAT identifier (BT-31), tax registration (BT-32) or tax representative (BG-11) shall be provided.',
    ubl: {
      context: UBL_ROOT,
      test: `not(${['cac:AllowanceCharge/cac:TaxCategory/cbc:ID', '(cac:InvoiceLine | cac:CreditNoteLine)/cac:Item/cac:ClassifiedTaxCategory/cbc:ID'].map((path) => codeIn(path, VAT_CODES)).join(' or ')}) or cac:TaxRepresentativeParty or ${nonEmpty('cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID')}`,
    },
    cii: {
      context: CII_ROOT,
      test: `not(rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax[ram:TypeCode = 'VAT' and ${codeIn('ram:CategoryCode', VAT_CODES)}]) or rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID[(normalize-space(@schemeID) = 'VA' or normalize-space(@schemeID) = 'FC') and boolean(normalize-space(.))] or rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTaxRepresentativeTradeParty`,
    },
  },
  {
    id: 'BR-DE-17',
    flag: 'warning',
    text: 'Invoice type code (BT-3) should be one of 326, 380, 384, 389, 381, 875, 876, 877.',
    ubl: {
      context: UBL_ROOT,
      test: `${codeIn('cbc:InvoiceTypeCode', TYPE_CODES)} or ${codeIn('cbc:CreditNoteTypeCode', TYPE_CODES)}`,
    },
    cii: { context: CII_ROOT, test: codeIn('rsm:ExchangedDocument/ram:TypeCode', TYPE_CODES) },
  },
  {
    id: 'BR-DE-18',
    flag: 'fatal',
    text: 'Cash discount (Skonto) lines of the payment terms (BT-20) follow #SKONTO#TAGE=n#PROZENT=n.nn# and end with a line break.',
    ubl: { context: UBL_ROOT, test: skonto('cac:PaymentTerms/cbc:Note[1]') },
    cii: {
      context: CII_ROOT,
      test: skonto(
        'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:Description[1]',
      ),
    },
  },
  {
    id: 'BR-DE-19',
    flag: 'warning',
    text: 'Payment account identifier (BT-84) should be a valid IBAN with SEPA credit transfer (58).',
    ubl: { context: UBL_MEANS(['30', '58']), test: iban('cac:PayeeFinancialAccount/cbc:ID', 'cbc:PaymentMeansCode') },
    cii: {
      context: CII_MEANS(['30', '58']),
      test: iban('ram:PayeePartyCreditorFinancialAccount/ram:IBANID', 'ram:TypeCode'),
    },
  },
  {
    id: 'BR-DE-21',
    flag: 'warning',
    text: 'Specification identifier (BT-24) should be the XRechnung standard identifier.',
    ubl: { context: UBL_ROOT, test: `cbc:CustomizationID = '${XRECHNUNG_ID}'` },
    cii: {
      context: `${CII_ROOT}/rsm:ExchangedDocumentContext`,
      test: `ram:GuidelineSpecifiedDocumentContextParameter/ram:ID = '${XRECHNUNG_ID}'`,
    },
  },
  {
    id: 'BR-DE-22',
    flag: 'fatal',
    text: 'Attached documents (BT-125) shall have unique file names.',
    ubl: {
      context: UBL_ROOT,
      test: 'count(cac:AdditionalDocumentReference) = count(cac:AdditionalDocumentReference[not(./cac:Attachment/cbc:EmbeddedDocumentBinaryObject/@filename = preceding-sibling::cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject/@filename)])',
    },
    cii: {
      context: CII_ROOT,
      test: 'count(//ram:AdditionalReferencedDocument) = count(//ram:AdditionalReferencedDocument[not(./ram:AttachmentBinaryObject/@filename = preceding-sibling::ram:AdditionalReferencedDocument/ram:AttachmentBinaryObject/@filename)])',
    },
  },
  {
    id: 'BR-DE-23-a',
    flag: 'fatal',
    text: 'With credit transfer (30, 58), CREDIT TRANSFER (BG-17) shall be provided.',
    ubl: { context: UBL_MEANS(['30', '58']), test: 'cac:PayeeFinancialAccount' },
    cii: { context: CII_MEANS(['30', '58']), test: 'ram:PayeePartyCreditorFinancialAccount' },
  },
  {
    id: 'BR-DE-23-b',
    flag: 'fatal',
    text: 'With credit transfer (30, 58), neither PAYMENT CARD (BG-18) nor DIRECT DEBIT (BG-19) shall be provided.',
    ubl: { context: UBL_MEANS(['30', '58']), test: 'not(cac:CardAccount) and not(cac:PaymentMandate)' },
    cii: {
      context: CII_MEANS(['30', '58']),
      test: `not(ram:ApplicableTradeSettlementFinancialCard) and not${CII_DIRECT_DEBIT}`,
    },
  },
  {
    id: 'BR-DE-24-a',
    flag: 'fatal',
    text: 'With a payment card (48, 54, 55), PAYMENT CARD INFORMATION (BG-18) shall be provided.',
    ubl: { context: UBL_MEANS(['48', '54', '55']), test: 'cac:CardAccount' },
    cii: { context: CII_MEANS(['48', '54', '55']), test: 'ram:ApplicableTradeSettlementFinancialCard' },
  },
  {
    id: 'BR-DE-24-b',
    flag: 'fatal',
    text: 'With a payment card (48, 54, 55), neither BG-17 nor BG-19 shall be provided.',
    ubl: { context: UBL_MEANS(['48', '54', '55']), test: 'not(cac:PayeeFinancialAccount) and not(cac:PaymentMandate)' },
    cii: {
      context: CII_MEANS(['48', '54', '55']),
      test: `not(ram:PayeePartyCreditorFinancialAccount) and not${CII_DIRECT_DEBIT}`,
    },
  },
  {
    id: 'BR-DE-25-a',
    flag: 'fatal',
    text: 'With direct debit (59), DIRECT DEBIT (BG-19) shall be provided.',
    ubl: { context: UBL_MEANS(['59']), test: 'cac:PaymentMandate' },
    cii: { context: CII_MEANS(['59']), test: CII_DIRECT_DEBIT },
  },
  {
    id: 'BR-DE-25-b',
    flag: 'fatal',
    text: 'With direct debit (59), neither BG-17 nor BG-18 shall be provided.',
    ubl: { context: UBL_MEANS(['59']), test: 'not(cac:PayeeFinancialAccount) and not(cac:CardAccount)' },
    cii: {
      context: CII_MEANS(['59']),
      test: 'not(ram:PayeePartyCreditorFinancialAccount) and not(ram:PayeeSpecifiedCreditorFinancialInstitution) and not(ram:PayerSpecifiedDebtorFinancialInstitution) and not(ram:ApplicableTradeSettlementFinancialCard)',
    },
  },
  {
    id: 'BR-DE-26',
    flag: 'warning',
    text: 'A corrected invoice (384) should refer to the preceding invoice (BG-3).',
    ubl: {
      context: UBL_ROOT,
      test: "not(normalize-space(cbc:InvoiceTypeCode) = '384' or normalize-space(cbc:CreditNoteTypeCode) = '384') or cac:BillingReference/cac:InvoiceDocumentReference",
    },
    cii: {
      context: CII_ROOT,
      test: "not(normalize-space(rsm:ExchangedDocument/ram:TypeCode) = '384') or rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:InvoiceReferencedDocument",
    },
  },
  {
    id: 'BR-DE-27',
    flag: 'warning',
    text: 'Seller contact telephone number (BT-42) should hold at least three digits.',
    ubl: { context: UBL_SELLER_CONTACT, test: (node) => TELEPHONE.test(text(node, 'cbc:Telephone')) },
    cii: {
      context: CII_SELLER_CONTACT,
      test: (node) => TELEPHONE.test(text(node, 'ram:TelephoneUniversalCommunication/ram:CompleteNumber')),
    },
  },
  {
    id: 'BR-DE-28',
    flag: 'warning',
    text: 'Seller contact email address (BT-43) should hold exactly one @ between two non-empty parts, the domain dotted.',
    ubl: { context: UBL_SELLER_CONTACT, test: (node) => EMAIL.test(text(node, 'cbc:ElectronicMail')) },
    cii: {
      context: CII_SELLER_CONTACT,
      test: (node) => EMAIL.test(text(node, 'ram:EmailURIUniversalCommunication/ram:URIID')),
    },
  },
  {
    id: 'BR-DE-30',
    flag: 'fatal',
    text: 'With DIRECT DEBIT (BG-19), the bank assigned creditor identifier (BT-90) shall be provided.',
    ubl: {
      context: UBL_ROOT,
      test: "not(cac:PaymentMeans/cac:PaymentMandate) or cac:AccountingSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID[@schemeID='SEPA'] or cac:PayeeParty/cac:PartyIdentification/cbc:ID[@schemeID='SEPA']",
    },
    cii: {
      context: CII_SETTLEMENT,
      test: 'not(ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID or ram:SpecifiedTradeSettlementPaymentMeans/ram:PayerPartyDebtorFinancialAccount/ram:IBANID) or ram:CreditorReferenceID',
    },
  },
  {
    id: 'BR-DE-31',
    flag: 'fatal',
    text: 'With DIRECT DEBIT (BG-19), the debited account identifier (BT-91) shall be provided.',
    ubl: {
      context: UBL_ROOT,
      test: 'not(cac:PaymentMeans/cac:PaymentMandate) or cac:PaymentMeans/cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID',
    },
    cii: {
      context: CII_SETTLEMENT,
      test: 'not(ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID or ram:CreditorReferenceID) or ram:SpecifiedTradeSettlementPaymentMeans/ram:PayerPartyDebtorFinancialAccount/ram:IBANID',
    },
  },
  // Peppol BIS rules XRechnung 3.0 merges into its own.
  {
    id: 'PEPPOL-EN16931-R001',
    flag: 'fatal',
    text: 'Business process (BT-23) MUST be provided.',
    ubl: { context: UBL_ROOT, test: 'cbc:ProfileID' },
    cii: {
      context: `${CII_ROOT}/rsm:ExchangedDocumentContext`,
      test: 'ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID',
    },
  },
  {
    id: 'PEPPOL-EN16931-R008',
    flag: 'fatal',
    text: 'Document MUST not contain empty elements.',
    ubl: { context: '//*[not(*) and not(normalize-space())]', test: 'false()' },
    cii: {
      context: "//*[not(name() = 'ram:ApplicableHeaderTradeDelivery') and not(*) and not(normalize-space())]",
      test: 'false()',
    },
  },
  {
    id: 'PEPPOL-EN16931-R010',
    flag: 'fatal',
    text: 'Buyer electronic address (BT-49) MUST be provided.',
    ubl: { context: both('cac:AccountingCustomerParty/cac:Party'), test: 'cbc:EndpointID' },
    cii: { context: `${CII_AGREEMENT}/ram:BuyerTradeParty`, test: 'ram:URIUniversalCommunication/ram:URIID' },
  },
  {
    id: 'PEPPOL-EN16931-R020',
    flag: 'fatal',
    text: 'Seller electronic address (BT-34) MUST be provided.',
    ubl: { context: both('cac:AccountingSupplierParty/cac:Party'), test: 'cbc:EndpointID' },
    cii: { context: `${CII_AGREEMENT}/ram:SellerTradeParty`, test: 'ram:URIUniversalCommunication/ram:URIID' },
  },
];

/** The rules a UBL or CII document breaks, fatal and warning, as `flag id`. */
export function xrechnungViolations(xml: string): string[] {
  const document = new DOMParser().parseFromString(xml, 'text/xml') as unknown as XNode;
  const syntax = select('boolean(/rsm:CrossIndustryInvoice)', document) ? 'cii' : 'ubl';
  const broken: string[] = [];
  for (const rule of XRECHNUNG_RULES) {
    const binding = rule[syntax];
    if (!binding) continue;
    const contexts = select(binding.context, document) as XNode[];
    const holds = (node: XNode) =>
      typeof binding.test === 'function' ? binding.test(node) : Boolean(select(`boolean(${binding.test})`, node));
    if (contexts.some((node) => !holds(node))) broken.push(`${rule.flag} ${rule.id}`);
  }
  return broken;
}
