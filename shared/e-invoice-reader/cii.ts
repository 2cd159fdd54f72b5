// Reads a UN/CEFACT CII D16B CrossIndustryInvoice (EN 16931's CII syntax binding, also the XML of
// Factur-X and ZUGFeRD) into the view.
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

function party(found: XmlElement | undefined): IncomingParty {
  const postal = one(found, 'ram:PostalTradeAddress');
  const registrations = all(found, 'ram:SpecifiedTaxRegistration/ram:ID');
  const registration = (scheme: string) => {
    const id = registrations.find((element) => attribute(element, undefined, 'schemeID') === scheme);
    return id ? text(id) : null;
  };
  const contact = one(found, 'ram:DefinedTradeContact');
  const endpoint = one(found, 'ram:URIUniversalCommunication/ram:URIID');
  return {
    name: text(found, 'ram:Name'),
    trading_name: text(found, 'ram:SpecifiedLegalOrganization/ram:TradingBusinessName'),
    tax_id: registration('VA'),
    tax_registration_id: registration('FC'),
    registration_number: text(found, 'ram:SpecifiedLegalOrganization/ram:ID'),
    electronic_address: schemed(attribute(endpoint, undefined, 'schemeID'), text(endpoint)),
    address: postal
      ? {
          line1: text(postal, 'ram:LineOne'),
          line2: text(postal, 'ram:LineTwo'),
          line3: text(postal, 'ram:LineThree'),
          city: text(postal, 'ram:CityName'),
          postal_code: text(postal, 'ram:PostcodeCode'),
          state: text(postal, 'ram:CountrySubDivisionName'),
          country: text(postal, 'ram:CountryID'),
        }
      : null,
    contact: emptyToNull({
      name: text(contact, 'ram:PersonName'),
      phone: text(contact, 'ram:TelephoneUniversalCommunication/ram:CompleteNumber'),
      email: text(contact, 'ram:EmailURIUniversalCommunication/ram:URIID'),
    }),
  };
}

const allowanceCharge = (element: XmlElement): IncomingAllowanceCharge => ({
  charge: text(element, 'ram:ChargeIndicator/udt:Indicator') === 'true',
  amount: amount(text(element, 'ram:ActualAmount')) ?? '',
  base_amount: amount(text(element, 'ram:BasisAmount')),
  percentage: decimal(text(element, 'ram:CalculationPercent')),
  reason: text(element, 'ram:Reason'),
  reason_code: text(element, 'ram:ReasonCode'),
  tax_category: text(element, 'ram:CategoryTradeTax/ram:CategoryCode'),
  tax_rate: decimal(text(element, 'ram:CategoryTradeTax/ram:RateApplicablePercent')),
});

const dateAt = (element: XmlElement | undefined, path: string) => date(text(element, `${path}/udt:DateTimeString`));

const period = (element: XmlElement | undefined) =>
  element ? { start: dateAt(element, 'ram:StartDateTime'), end: dateAt(element, 'ram:EndDateTime') } : null;

function line(element: XmlElement): IncomingLine {
  const agreement = one(element, 'ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice');
  const quantity = one(element, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity');
  const settlement = one(element, 'ram:SpecifiedLineTradeSettlement');
  return {
    id: text(element, 'ram:AssociatedDocumentLineDocument/ram:LineID') ?? '',
    description: text(element, 'ram:SpecifiedTradeProduct/ram:Name'),
    item_description: text(element, 'ram:SpecifiedTradeProduct/ram:Description'),
    note: text(element, 'ram:AssociatedDocumentLineDocument/ram:IncludedNote/ram:Content'),
    quantity: decimal(text(quantity)) ?? '',
    unit: attribute(quantity, undefined, 'unitCode'),
    unit_price: decimal(text(agreement, 'ram:ChargeAmount')),
    price_base_quantity: decimal(text(agreement, 'ram:BasisQuantity')),
    net_amount: amount(text(settlement, 'ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount')) ?? '',
    tax_category: text(settlement, 'ram:ApplicableTradeTax/ram:CategoryCode'),
    tax_rate: decimal(text(settlement, 'ram:ApplicableTradeTax/ram:RateApplicablePercent')),
    period: period(one(settlement, 'ram:BillingSpecifiedPeriod')),
    allowances_charges: all(settlement, 'ram:SpecifiedTradeAllowanceCharge').map(allowanceCharge),
  };
}

const taxRow = (tax: XmlElement): IncomingTaxRow => ({
  tax_category: text(tax, 'ram:CategoryCode') ?? '',
  tax_rate: decimal(text(tax, 'ram:RateApplicablePercent')),
  taxable_amount: amount(text(tax, 'ram:BasisAmount')) ?? '',
  tax_amount: amount(text(tax, 'ram:CalculatedAmount')) ?? '',
  tax_exemption_reason: text(tax, 'ram:ExemptionReason'),
  tax_exemption_reason_code: text(tax, 'ram:ExemptionReasonCode'),
});

/** BT-110 is the tax total in the invoice's currency, BT-111 the one in the accounting currency. */
function taxTotals(summation: XmlElement | undefined, currency: string | null, accounting: string | null) {
  const totals = all(summation, 'ram:TaxTotalAmount');
  const inCurrency = (code: string | null) =>
    totals.find((total) => attribute(total, undefined, 'currencyID') === code) ??
    totals.find((total) => attribute(total, undefined, 'currencyID') === null);
  const converted =
    accounting && accounting !== currency
      ? totals.find((total) => attribute(total, undefined, 'currencyID') === accounting)
      : undefined;
  return {
    tax_amount: amount(text(inCurrency(currency) ?? totals[0])),
    tax_amount_in_accounting_currency: amount(text(converted)),
  };
}

/** Attachments (BG-24): additional referenced documents of type 916. */
function attachments(agreement: XmlElement | undefined) {
  const references = all(agreement, 'ram:AdditionalReferencedDocument').filter(
    (reference) => text(reference, 'ram:TypeCode') === '916',
  );
  return references.map((reference) => {
    const embedded = one(reference, 'ram:AttachmentBinaryObject');
    return {
      entry: {
        reference: text(reference, 'ram:IssuerAssignedID') ?? '',
        description: text(reference, 'ram:Name'),
        external_url: text(reference, 'ram:URIID'),
        file_name: attribute(embedded, undefined, 'filename'),
        media_type: attribute(embedded, undefined, 'mimeCode'),
      },
      bytes: embedded ? decodedAttachment(embedded.text) : null,
    };
  });
}

export function readCii(root: XmlElement): ReadDocument {
  const context = one(root, 'rsm:ExchangedDocumentContext');
  const document = one(root, 'rsm:ExchangedDocument');
  const transaction = one(root, 'rsm:SupplyChainTradeTransaction');
  const agreement = one(transaction, 'ram:ApplicableHeaderTradeAgreement');
  const settlement = one(transaction, 'ram:ApplicableHeaderTradeSettlement');
  const summation = one(settlement, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  const means = one(settlement, 'ram:SpecifiedTradeSettlementPaymentMeans');
  const typeCode = text(document, 'ram:TypeCode');
  const currency = text(settlement, 'ram:InvoiceCurrencyCode');
  const accounting = text(settlement, 'ram:TaxCurrencyCode');
  const found = attachments(agreement);
  const view: IncomingView = {
    document_type: CREDIT_NOTE_TYPE_CODES.has(typeCode ?? '') ? 'credit_note' : 'invoice',
    type_code: typeCode,
    number: text(document, 'ram:ID'),
    issue_date: dateAt(document, 'ram:IssueDateTime'),
    due_date: dateAt(settlement, 'ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime'),
    tax_point_date: date(text(settlement, 'ram:ApplicableTradeTax/ram:TaxPointDate/udt:DateString')),
    currency,
    accounting_currency: accounting,
    notes: all(document, 'ram:IncludedNote').flatMap((note) => text(note, 'ram:Content') ?? []),
    buyer_reference: text(agreement, 'ram:BuyerReference'),
    project_reference: text(agreement, 'ram:SpecifiedProcuringProject/ram:ID'),
    contract_reference: text(agreement, 'ram:ContractReferencedDocument/ram:IssuerAssignedID'),
    purchase_order: text(agreement, 'ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID'),
    sales_order: text(agreement, 'ram:SellerOrderReferencedDocument/ram:IssuerAssignedID'),
    preceding_invoices: all(settlement, 'ram:InvoiceReferencedDocument').map((reference) => ({
      number: text(reference, 'ram:IssuerAssignedID') ?? '',
      issue_date: date(text(reference, 'ram:FormattedIssueDateTime/qdt:DateTimeString')),
    })),
    seller: party(one(agreement, 'ram:SellerTradeParty')),
    buyer: party(one(agreement, 'ram:BuyerTradeParty')),
    delivery_date: dateAt(
      one(transaction, 'ram:ApplicableHeaderTradeDelivery'),
      'ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime',
    ),
    service_period: period(one(settlement, 'ram:BillingSpecifiedPeriod')),
    line_items: all(transaction, 'ram:IncludedSupplyChainTradeLineItem').map(line),
    allowances_charges: all(settlement, 'ram:SpecifiedTradeAllowanceCharge').map(allowanceCharge),
    tax_breakdown: all(settlement, 'ram:ApplicableTradeTax').map(taxRow),
    ...taxTotals(summation, currency, accounting),
    subtotal: amount(text(summation, 'ram:LineTotalAmount')),
    discount_amount: amount(text(summation, 'ram:AllowanceTotalAmount')),
    charge_amount: amount(text(summation, 'ram:ChargeTotalAmount')),
    taxable_amount: amount(text(summation, 'ram:TaxBasisTotalAmount')),
    total_amount: amount(text(summation, 'ram:GrandTotalAmount')),
    amount_paid: amount(text(summation, 'ram:TotalPrepaidAmount')),
    rounding_amount: amount(text(summation, 'ram:RoundingAmount')),
    amount_due: amount(text(summation, 'ram:DuePayableAmount')),
    payment: emptyToNull({
      means_code: text(means, 'ram:TypeCode'),
      remittance_reference: text(settlement, 'ram:PaymentReference'),
      iban: text(means, 'ram:PayeePartyCreditorFinancialAccount/ram:IBANID'),
      account_name: text(means, 'ram:PayeePartyCreditorFinancialAccount/ram:AccountName'),
      bic: text(means, 'ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID'),
      terms: text(settlement, 'ram:SpecifiedTradePaymentTerms/ram:Description'),
    }),
    attachments: found.map(({ entry }) => entry),
  };
  return {
    view,
    attachmentBytes: found.map(({ bytes }) => bytes),
    specificationId: text(context, 'ram:GuidelineSpecifiedDocumentContextParameter/ram:ID'),
    businessProcess: text(context, 'ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID'),
  };
}
