// Invoices and credit notes as UBL 2.1 e-invoices (EN 16931, Peppol BIS Billing 3.0 customization),
// built with xmlbuilder2 from the stored documents. docs/e-invoicing.md maps each element to its
// business term (BT-…/BG-…); every document this writes must pass the CEN validation artefacts.
import { create } from 'xmlbuilder2';
import type { CreditNote } from '#shared/domain/credit-note';
import { formatMinor, parseDecimal, trimmedText } from '#shared/domain/decimal';
import {
  taxBreakdownOf,
  type BuyerSnapshot,
  type Invoice,
  type Supply,
  type SellerSnapshot,
  type TaxRow,
} from '#shared/domain/invoice';
import { categoryFor, hasRate, needsExemptionReason, type TaxCategory } from '#shared/domain/tax';
import { DEFAULT_UNIT } from '#shared/domain/unit-codes';

/** A node being built. */
type XMLBuilder = ReturnType<typeof create>;

const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};
const PEPPOL_BIS = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const PEPPOL_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/** The VATEX code stated where a category without tax gives no reason of its own (BT-121). */
const VATEX: Partial<Record<TaxCategory, string>> = {
  AE: 'VATEX-EU-AE',
  K: 'VATEX-EU-IC',
  G: 'VATEX-EU-G',
  O: 'VATEX-EU-O',
};

const money = (minor: number) => formatMinor(BigInt(minor));
/** A rate as UBL writes it: the percentage, trailing zeros dropped (19, 5.5). */
const percent = (rate: string) => trimmedText(parseDecimal(rate)!);

type Parties = { seller?: SellerSnapshot; buyer?: BuyerSnapshot; client_name: string };

/** Outside the scope of VAT, neither party states a VAT number (BR-O-02). */
const vatNumbersAllowed = (categories: TaxCategory[]) => !categories.includes('O');

function party(
  parent: XMLBuilder,
  element: string,
  fields: {
    name: string;
    street?: string;
    additional?: string;
    city?: string;
    postalCode?: string;
    region?: string;
    country?: string;
    vatId?: string;
    registration?: string;
    email?: string;
    phone?: string;
  },
) {
  const node = parent.ele(NS.cac, `cac:${element}`).ele(NS.cac, 'cac:Party');
  node.ele(NS.cac, 'cac:PartyName').ele(NS.cbc, 'cbc:Name').txt(fields.name);
  const address = node.ele(NS.cac, 'cac:PostalAddress');
  if (fields.street) address.ele(NS.cbc, 'cbc:StreetName').txt(fields.street);
  if (fields.additional) address.ele(NS.cbc, 'cbc:AdditionalStreetName').txt(fields.additional);
  if (fields.city) address.ele(NS.cbc, 'cbc:CityName').txt(fields.city);
  if (fields.postalCode) address.ele(NS.cbc, 'cbc:PostalZone').txt(fields.postalCode);
  if (fields.region) address.ele(NS.cbc, 'cbc:CountrySubentity').txt(fields.region);
  address
    .ele(NS.cac, 'cac:Country')
    .ele(NS.cbc, 'cbc:IdentificationCode')
    .txt(fields.country ?? '');
  if (fields.vatId) {
    const scheme = node.ele(NS.cac, 'cac:PartyTaxScheme');
    scheme.ele(NS.cbc, 'cbc:CompanyID').txt(fields.vatId);
    scheme.ele(NS.cac, 'cac:TaxScheme').ele(NS.cbc, 'cbc:ID').txt('VAT');
  }
  const legal = node.ele(NS.cac, 'cac:PartyLegalEntity');
  legal.ele(NS.cbc, 'cbc:RegistrationName').txt(fields.name);
  if (fields.registration) legal.ele(NS.cbc, 'cbc:CompanyID').txt(fields.registration);
  if (fields.email || fields.phone) {
    const contact = node.ele(NS.cac, 'cac:Contact');
    if (fields.phone) contact.ele(NS.cbc, 'cbc:Telephone').txt(fields.phone);
    if (fields.email) contact.ele(NS.cbc, 'cbc:ElectronicMail').txt(fields.email);
  }
}

function parties(root: XMLBuilder, document: Parties, categories: TaxCategory[]) {
  const withVat = vatNumbersAllowed(categories);
  const seller = document.seller;
  party(root, 'AccountingSupplierParty', {
    name: seller?.name ?? '',
    street: seller?.address?.line1,
    additional: seller?.address?.line2,
    city: seller?.address?.city,
    postalCode: seller?.address?.postal_code,
    region: seller?.address?.state,
    country: seller?.address?.country,
    vatId: withVat ? seller?.tax_id : undefined,
    registration: seller?.registration_number,
    email: seller?.email,
    phone: seller?.phone,
  });
  const buyer = document.buyer;
  party(root, 'AccountingCustomerParty', {
    name: buyer?.name ?? document.client_name,
    street: buyer?.address,
    city: buyer?.city,
    postalCode: buyer?.postal_code,
    region: buyer?.state,
    country: buyer?.country,
    vatId: withVat ? buyer?.tax_id : undefined,
    email: buyer?.email,
    phone: buyer?.phone,
  });
}

/** A category as UBL states it: its code, its rate (none outside the scope of VAT), the VAT scheme. */
function category(parent: XMLBuilder, element: string, code: TaxCategory, rate: string, reason?: string) {
  const node = parent.ele(NS.cac, `cac:${element}`);
  node.ele(NS.cbc, 'cbc:ID').txt(code);
  if (code !== 'O') node.ele(NS.cbc, 'cbc:Percent').txt(hasRate(code) ? percent(rate) : '0');
  if (reason !== undefined) {
    if (reason) node.ele(NS.cbc, 'cbc:TaxExemptionReason').txt(reason);
    else node.ele(NS.cbc, 'cbc:TaxExemptionReasonCode').txt(VATEX[code] ?? 'VATEX-EU-O');
  }
  node.ele(NS.cac, 'cac:TaxScheme').ele(NS.cbc, 'cbc:ID').txt('VAT');
}

/** A code with its stated reason (or its VATEX code) where the category needs one. */
const reasonOf = (row: TaxRow) =>
  needsExemptionReason(row.tax_category) ? (row.tax_exemption_reason ?? '') : undefined;

function taxTotal(root: XMLBuilder, currency: string, rows: TaxRow[], taxMinor: number) {
  const total = root.ele(NS.cac, 'cac:TaxTotal');
  total.ele(NS.cbc, 'cbc:TaxAmount', { currencyID: currency }).txt(money(taxMinor));
  for (const row of rows) {
    const subtotal = total.ele(NS.cac, 'cac:TaxSubtotal');
    subtotal.ele(NS.cbc, 'cbc:TaxableAmount', { currencyID: currency }).txt(money(row.taxable_minor));
    subtotal.ele(NS.cbc, 'cbc:TaxAmount', { currencyID: currency }).txt(money(row.tax_minor));
    category(subtotal, 'TaxCategory', row.tax_category, row.tax_rate, reasonOf(row));
  }
}

type Supplied = Supply & { buyer?: BuyerSnapshot };

/** The service period (BG-14). */
function period(root: XMLBuilder, document: Supplied) {
  if (!document.service_period) return;
  const node = root.ele(NS.cac, 'cac:InvoicePeriod');
  node.ele(NS.cbc, 'cbc:StartDate').txt(document.service_period.start);
  node.ele(NS.cbc, 'cbc:EndDate').txt(document.service_period.end);
}

/** When and where it was supplied: an intra-community supply names the country it went to (BR-IC-12). */
function delivery(root: XMLBuilder, document: Supplied, categories: TaxCategory[]) {
  if (!document.supply_date && !categories.includes('K')) return;
  const node = root.ele(NS.cac, 'cac:Delivery');
  if (document.supply_date) node.ele(NS.cbc, 'cbc:ActualDeliveryDate').txt(document.supply_date);
  if (document.buyer?.country)
    node
      .ele(NS.cac, 'cac:DeliveryLocation')
      .ele(NS.cac, 'cac:Address')
      .ele(NS.cac, 'cac:Country')
      .ele(NS.cbc, 'cbc:IdentificationCode')
      .txt(document.buyer.country);
}

function paymentMeans(root: XMLBuilder, seller: SellerSnapshot | undefined, reference: string) {
  const iban = seller?.payment_instructions?.iban;
  if (!iban) return;
  const means = root.ele(NS.cac, 'cac:PaymentMeans');
  means.ele(NS.cbc, 'cbc:PaymentMeansCode').txt('58'); // SEPA credit transfer
  means.ele(NS.cbc, 'cbc:PaymentID').txt(reference);
  const account = means.ele(NS.cac, 'cac:PayeeFinancialAccount');
  account.ele(NS.cbc, 'cbc:ID').txt(iban);
  const holder = seller.payment_instructions?.account_name;
  if (holder) account.ele(NS.cbc, 'cbc:Name').txt(holder);
  const bic = seller.payment_instructions?.bic;
  if (bic) account.ele(NS.cac, 'cac:FinancialInstitutionBranch').ele(NS.cbc, 'cbc:ID').txt(bic);
}

const lineCategory = (line: { tax_category?: TaxCategory; tax_rate: string }) =>
  line.tax_category ?? categoryFor(parseDecimal(line.tax_rate)!);

/** A document's root with what every UBL document of the service opens with: customization, profile, number, date. */
function documentRoot(kind: 'Invoice' | 'CreditNote', number: string, issueDate: string) {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(
    kind === 'Invoice' ? NS.invoice : NS.creditNote,
    kind,
    { 'xmlns:cac': NS.cac, 'xmlns:cbc': NS.cbc },
  );
  root.ele(NS.cbc, 'cbc:CustomizationID').txt(PEPPOL_BIS);
  root.ele(NS.cbc, 'cbc:ProfileID').txt(PEPPOL_PROFILE);
  root.ele(NS.cbc, 'cbc:ID').txt(number);
  root.ele(NS.cbc, 'cbc:IssueDate').txt(issueDate);
  return root;
}

/** The invoice as a UBL 2.1 Invoice (type 380). */
export function ublInvoice(invoice: Invoice): string {
  const rows = taxBreakdownOf(invoice);
  const categories = rows.map((row) => row.tax_category);
  const currency = invoice.currency;
  const root = documentRoot('Invoice', invoice.invoice_number, invoice.issue_date);
  root.ele(NS.cbc, 'cbc:DueDate').txt(invoice.due_date);
  root.ele(NS.cbc, 'cbc:InvoiceTypeCode').txt('380');
  for (const note of [invoice.notes, invoice.terms]) if (note) root.ele(NS.cbc, 'cbc:Note').txt(note);
  if (invoice.supply_date) root.ele(NS.cbc, 'cbc:TaxPointDate').txt(invoice.supply_date);
  root.ele(NS.cbc, 'cbc:DocumentCurrencyCode').txt(currency);
  period(root, invoice);
  parties(root, invoice, categories);
  delivery(root, invoice, categories);
  paymentMeans(root, invoice.seller, invoice.invoice_number);
  // The document discount, one allowance per rate it was spread over (BG-20).
  for (const row of rows.filter((each) => each.discount_minor > 0)) {
    const allowance = root.ele(NS.cac, 'cac:AllowanceCharge');
    allowance.ele(NS.cbc, 'cbc:ChargeIndicator').txt('false');
    allowance.ele(NS.cbc, 'cbc:AllowanceChargeReasonCode').txt('95');
    allowance.ele(NS.cbc, 'cbc:AllowanceChargeReason').txt('Discount');
    allowance.ele(NS.cbc, 'cbc:Amount', { currencyID: currency }).txt(money(row.discount_minor));
    category(allowance, 'TaxCategory', row.tax_category, row.tax_rate);
  }
  taxTotal(root, currency, rows, invoice.tax_amount_minor);
  const discount = invoice.discount_minor ?? 0;
  const paid = invoice.amount_paid_minor ?? 0;
  const totals = root.ele(NS.cac, 'cac:LegalMonetaryTotal');
  totals.ele(NS.cbc, 'cbc:LineExtensionAmount', { currencyID: currency }).txt(money(invoice.subtotal_minor));
  totals.ele(NS.cbc, 'cbc:TaxExclusiveAmount', { currencyID: currency }).txt(money(invoice.subtotal_minor - discount));
  totals.ele(NS.cbc, 'cbc:TaxInclusiveAmount', { currencyID: currency }).txt(money(invoice.total_amount_minor));
  if (discount > 0) totals.ele(NS.cbc, 'cbc:AllowanceTotalAmount', { currencyID: currency }).txt(money(discount));
  if (paid > 0) totals.ele(NS.cbc, 'cbc:PrepaidAmount', { currencyID: currency }).txt(money(paid));
  totals.ele(NS.cbc, 'cbc:PayableAmount', { currencyID: currency }).txt(money(invoice.total_amount_minor - paid));

  invoice.line_items.forEach((line, index) => {
    const node = root.ele(NS.cac, 'cac:InvoiceLine');
    node.ele(NS.cbc, 'cbc:ID').txt(String(index + 1));
    node.ele(NS.cbc, 'cbc:InvoicedQuantity', { unitCode: line.unit ?? DEFAULT_UNIT }).txt(line.quantity);
    node.ele(NS.cbc, 'cbc:LineExtensionAmount', { currencyID: currency }).txt(money(line.net_minor));
    const lineDiscount = line.discount_minor ?? 0;
    // A line discount in net prices is the line's allowance; with prices that include tax it is already
    // inside the line's net amount, and the price below is that net per unit.
    if (lineDiscount > 0 && !invoice.prices_include_tax) {
      const allowance = node.ele(NS.cac, 'cac:AllowanceCharge');
      allowance.ele(NS.cbc, 'cbc:ChargeIndicator').txt('false');
      allowance.ele(NS.cbc, 'cbc:AllowanceChargeReasonCode').txt('95');
      allowance.ele(NS.cbc, 'cbc:Amount', { currencyID: currency }).txt(money(lineDiscount));
    }
    const item = node.ele(NS.cac, 'cac:Item');
    item.ele(NS.cbc, 'cbc:Name').txt(line.description);
    category(item, 'ClassifiedTaxCategory', lineCategory(line), line.tax_rate);
    const price = node.ele(NS.cac, 'cac:Price');
    price
      .ele(NS.cbc, 'cbc:PriceAmount', { currencyID: currency })
      .txt(invoice.prices_include_tax ? netUnitPrice(line.net_minor, line.quantity) : line.unit_price);
  });
  return root.end({ prettyPrint: true });
}

/** The net price of one unit, to four decimals: a line's net amount over its quantity. */
function netUnitPrice(netMinor: number, quantity: string): string {
  const parsed = parseDecimal(quantity)!;
  // net / 100 / (units / 10^scale), to 4 decimals, half up, in integers
  const numerator = BigInt(netMinor) * 10n ** BigInt(parsed.scale) * 100n;
  const units = (2n * numerator + parsed.units) / (2n * parsed.units);
  return formatMinor(units, 4);
}

/** The credit note as a UBL 2.1 CreditNote (type 381) referring to the invoice it corrects. */
export function ublCreditNote(creditNote: CreditNote): string {
  const rows = creditNote.tax_breakdown;
  const categories = rows.map((row) => row.tax_category);
  const currency = creditNote.currency;
  const root = documentRoot('CreditNote', creditNote.credit_note_number, creditNote.issue_date);
  root.ele(NS.cbc, 'cbc:CreditNoteTypeCode').txt('381');
  if (creditNote.memo) root.ele(NS.cbc, 'cbc:Note').txt(creditNote.memo);
  root.ele(NS.cbc, 'cbc:DocumentCurrencyCode').txt(currency);
  period(root, creditNote);
  const reference = root.ele(NS.cac, 'cac:BillingReference').ele(NS.cac, 'cac:InvoiceDocumentReference');
  reference.ele(NS.cbc, 'cbc:ID').txt(creditNote.invoice_number);
  reference.ele(NS.cbc, 'cbc:IssueDate').txt(creditNote.invoice_issue_date);
  parties(root, creditNote, categories);
  delivery(root, creditNote, categories);
  taxTotal(root, currency, rows, creditNote.tax_amount_minor);
  const totals = root.ele(NS.cac, 'cac:LegalMonetaryTotal');
  totals.ele(NS.cbc, 'cbc:LineExtensionAmount', { currencyID: currency }).txt(money(creditNote.subtotal_minor));
  totals.ele(NS.cbc, 'cbc:TaxExclusiveAmount', { currencyID: currency }).txt(money(creditNote.subtotal_minor));
  totals.ele(NS.cbc, 'cbc:TaxInclusiveAmount', { currencyID: currency }).txt(money(creditNote.total_amount_minor));
  totals.ele(NS.cbc, 'cbc:PayableAmount', { currencyID: currency }).txt(money(creditNote.total_amount_minor));
  creditNote.line_items.forEach((line, index) => {
    const node = root.ele(NS.cac, 'cac:CreditNoteLine');
    node.ele(NS.cbc, 'cbc:ID').txt(String(index + 1));
    const quantity = line.quantity ?? '1';
    node.ele(NS.cbc, 'cbc:CreditedQuantity', { unitCode: line.unit ?? DEFAULT_UNIT }).txt(quantity);
    node.ele(NS.cbc, 'cbc:LineExtensionAmount', { currencyID: currency }).txt(money(line.net_minor));
    const item = node.ele(NS.cac, 'cac:Item');
    item.ele(NS.cbc, 'cbc:Name').txt(line.description);
    category(item, 'ClassifiedTaxCategory', line.tax_category, line.tax_rate);
    node
      .ele(NS.cac, 'cac:Price')
      .ele(NS.cbc, 'cbc:PriceAmount', { currencyID: currency })
      .txt(netUnitPrice(line.net_minor, quantity));
  });
  return root.end({ prettyPrint: true });
}
