// Reads a UBL 2.1 Invoice or CreditNote (EN 16931's UBL syntax binding) into the view.
import {
  CREDIT_NOTE_TYPE_CODES,
  type IncomingAllowanceCharge,
  type IncomingLine,
  type IncomingParty,
  type IncomingTaxRow,
  type IncomingView,
} from '#shared/domain/incoming-invoice-view';
import { decodedAttachment, type ReadDocument } from '#shared/e-invoice-reader/read-document';
import { amount, date, decimal, emptyToNull, schemed } from '#shared/e-invoice-reader/values';
import { all, attribute, one, text } from '#shared/e-invoice-reader/xml-path';
import type { XmlElement } from '#shared/e-invoice-reader/xml-tree';

function party(outer: XmlElement | undefined): IncomingParty {
  const found = one(outer, 'cac:Party');
  const postal = one(found, 'cac:PostalAddress');
  const taxSchemes = all(found, 'cac:PartyTaxScheme');
  const vat = taxSchemes.find((scheme) => text(scheme, 'cac:TaxScheme/cbc:ID') === 'VAT');
  const other = taxSchemes.find((scheme) => scheme !== vat);
  return {
    name: text(found, 'cac:PartyLegalEntity/cbc:RegistrationName'),
    trading_name: text(found, 'cac:PartyName/cbc:Name'),
    tax_id: text(vat, 'cbc:CompanyID'),
    tax_registration_id: text(other, 'cbc:CompanyID'),
    registration_number: text(found, 'cac:PartyLegalEntity/cbc:CompanyID'),
    electronic_address: schemed(attribute(found, 'cbc:EndpointID', 'schemeID'), text(found, 'cbc:EndpointID')),
    address: postal
      ? {
          line1: text(postal, 'cbc:StreetName'),
          line2: text(postal, 'cbc:AdditionalStreetName'),
          line3: text(postal, 'cac:AddressLine/cbc:Line'),
          city: text(postal, 'cbc:CityName'),
          postal_code: text(postal, 'cbc:PostalZone'),
          state: text(postal, 'cbc:CountrySubentity'),
          country: text(postal, 'cac:Country/cbc:IdentificationCode'),
        }
      : null,
    contact: emptyToNull({
      name: text(found, 'cac:Contact/cbc:Name'),
      phone: text(found, 'cac:Contact/cbc:Telephone'),
      email: text(found, 'cac:Contact/cbc:ElectronicMail'),
    }),
  };
}

const allowanceCharge = (element: XmlElement): IncomingAllowanceCharge => ({
  charge: text(element, 'cbc:ChargeIndicator') === 'true',
  amount: amount(text(element, 'cbc:Amount')) ?? '',
  base_amount: amount(text(element, 'cbc:BaseAmount')),
  percentage: decimal(text(element, 'cbc:MultiplierFactorNumeric')),
  reason: text(element, 'cbc:AllowanceChargeReason'),
  reason_code: text(element, 'cbc:AllowanceChargeReasonCode'),
  tax_category: text(element, 'cac:TaxCategory/cbc:ID'),
  tax_rate: decimal(text(element, 'cac:TaxCategory/cbc:Percent')),
});

const period = (element: XmlElement | undefined) =>
  element ? { start: date(text(element, 'cbc:StartDate')), end: date(text(element, 'cbc:EndDate')) } : null;

function line(element: XmlElement, quantityName: string): IncomingLine {
  const quantity = one(element, `cbc:${quantityName}`);
  return {
    id: text(element, 'cbc:ID') ?? '',
    description: text(element, 'cac:Item/cbc:Name'),
    item_description: text(element, 'cac:Item/cbc:Description'),
    note: text(element, 'cbc:Note'),
    quantity: decimal(text(quantity)) ?? '',
    unit: attribute(quantity, undefined, 'unitCode'),
    unit_price: decimal(text(element, 'cac:Price/cbc:PriceAmount')),
    price_base_quantity: decimal(text(element, 'cac:Price/cbc:BaseQuantity')),
    net_amount: amount(text(element, 'cbc:LineExtensionAmount')) ?? '',
    tax_category: text(element, 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID'),
    tax_rate: decimal(text(element, 'cac:Item/cac:ClassifiedTaxCategory/cbc:Percent')),
    period: period(one(element, 'cac:InvoicePeriod')),
    allowances_charges: all(element, 'cac:AllowanceCharge').map(allowanceCharge),
  };
}

const taxRow = (subtotal: XmlElement): IncomingTaxRow => ({
  tax_category: text(subtotal, 'cac:TaxCategory/cbc:ID') ?? '',
  tax_rate: decimal(text(subtotal, 'cac:TaxCategory/cbc:Percent')),
  taxable_amount: amount(text(subtotal, 'cbc:TaxableAmount')) ?? '',
  tax_amount: amount(text(subtotal, 'cbc:TaxAmount')) ?? '',
  tax_exemption_reason: text(subtotal, 'cac:TaxCategory/cbc:TaxExemptionReason'),
  tax_exemption_reason_code: text(subtotal, 'cac:TaxCategory/cbc:TaxExemptionReasonCode'),
});

/** The tax totals: the one in the document's currency (BT-110, with the breakdown) and the one in the accounting currency (BT-111). */
function taxTotals(root: XmlElement, currency: string | null, accounting: string | null) {
  const totals = all(root, 'cac:TaxTotal');
  const inCurrency = (code: string | null) =>
    totals.find((total) => attribute(total, 'cbc:TaxAmount', 'currencyID') === code);
  const main = totals.find((total) => one(total, 'cac:TaxSubtotal')) ?? inCurrency(currency) ?? totals[0];
  const converted = accounting && accounting !== currency ? inCurrency(accounting) : undefined;
  return {
    tax_breakdown: all(main, 'cac:TaxSubtotal').map(taxRow),
    tax_amount: amount(text(main, 'cbc:TaxAmount')),
    tax_amount_in_accounting_currency: amount(text(converted, 'cbc:TaxAmount')),
  };
}

/** Attachments (BG-24): additional document references other than an invoiced object's (code 130). */
function attachments(root: XmlElement) {
  const references = all(root, 'cac:AdditionalDocumentReference').filter(
    (reference) => text(reference, 'cbc:DocumentTypeCode') !== '130',
  );
  return references.map((reference) => {
    const embedded = one(reference, 'cac:Attachment/cbc:EmbeddedDocumentBinaryObject');
    return {
      entry: {
        reference: text(reference, 'cbc:ID') ?? '',
        description: text(reference, 'cbc:DocumentDescription'),
        external_url: text(reference, 'cac:Attachment/cac:ExternalReference/cbc:URI'),
        file_name: attribute(embedded, undefined, 'filename'),
        media_type: attribute(embedded, undefined, 'mimeCode'),
      },
      bytes: embedded ? decodedAttachment(embedded.text) : null,
    };
  });
}

export function readUbl(root: XmlElement): ReadDocument {
  const creditNote = root.local === 'CreditNote';
  const typeCode = text(root, creditNote ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode');
  const currency = text(root, 'cbc:DocumentCurrencyCode');
  const accounting = text(root, 'cbc:TaxCurrencyCode');
  const totals = one(root, 'cac:LegalMonetaryTotal');
  const means = one(root, 'cac:PaymentMeans');
  const found = attachments(root);
  const view: IncomingView = {
    document_type: creditNote || CREDIT_NOTE_TYPE_CODES.has(typeCode ?? '') ? 'credit_note' : 'invoice',
    type_code: typeCode,
    number: text(root, 'cbc:ID'),
    issue_date: date(text(root, 'cbc:IssueDate')),
    due_date: date(text(root, 'cbc:DueDate') ?? text(means, 'cbc:PaymentDueDate')),
    tax_point_date: date(text(root, 'cbc:TaxPointDate')),
    currency,
    accounting_currency: accounting,
    notes: all(root, 'cbc:Note').flatMap((note) => text(note) ?? []),
    buyer_reference: text(root, 'cbc:BuyerReference'),
    project_reference: text(root, 'cac:ProjectReference/cbc:ID'),
    contract_reference: text(root, 'cac:ContractDocumentReference/cbc:ID'),
    purchase_order: text(root, 'cac:OrderReference/cbc:ID'),
    sales_order: text(root, 'cac:OrderReference/cbc:SalesOrderID'),
    preceding_invoices: all(root, 'cac:BillingReference/cac:InvoiceDocumentReference').map((reference) => ({
      number: text(reference, 'cbc:ID') ?? '',
      issue_date: date(text(reference, 'cbc:IssueDate')),
    })),
    seller: party(one(root, 'cac:AccountingSupplierParty')),
    buyer: party(one(root, 'cac:AccountingCustomerParty')),
    delivery_date: date(text(root, 'cac:Delivery/cbc:ActualDeliveryDate')),
    service_period: period(one(root, 'cac:InvoicePeriod')),
    line_items: all(root, creditNote ? 'cac:CreditNoteLine' : 'cac:InvoiceLine').map((element) =>
      line(element, creditNote ? 'CreditedQuantity' : 'InvoicedQuantity'),
    ),
    allowances_charges: all(root, 'cac:AllowanceCharge').map(allowanceCharge),
    ...taxTotals(root, currency, accounting),
    subtotal: amount(text(totals, 'cbc:LineExtensionAmount')),
    discount_amount: amount(text(totals, 'cbc:AllowanceTotalAmount')),
    charge_amount: amount(text(totals, 'cbc:ChargeTotalAmount')),
    taxable_amount: amount(text(totals, 'cbc:TaxExclusiveAmount')),
    total_amount: amount(text(totals, 'cbc:TaxInclusiveAmount')),
    amount_paid: amount(text(totals, 'cbc:PrepaidAmount')),
    rounding_amount: amount(text(totals, 'cbc:PayableRoundingAmount')),
    amount_due: amount(text(totals, 'cbc:PayableAmount')),
    payment: emptyToNull({
      means_code: text(means, 'cbc:PaymentMeansCode'),
      remittance_reference: text(means, 'cbc:PaymentID'),
      iban: text(means, 'cac:PayeeFinancialAccount/cbc:ID'),
      account_name: text(means, 'cac:PayeeFinancialAccount/cbc:Name'),
      bic: text(means, 'cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID'),
      terms: text(root, 'cac:PaymentTerms/cbc:Note'),
    }),
    attachments: found.map(({ entry }) => entry),
  };
  return {
    view,
    attachmentBytes: found.map(({ bytes }) => bytes),
    specificationId: text(root, 'cbc:CustomizationID'),
    businessProcess: text(root, 'cbc:ProfileID'),
  };
}
