// An invoice or a credit note in the EN 16931 semantic model: the business terms (BT-…/BG-…) every
// syntax writes, taken once from the stored document. ubl.ts and cii.ts only bind these terms to
// their elements, so the two syntaxes cannot disagree on an amount (docs/e-invoicing.md).
import type { CreditNote } from '#shared/domain/credit-note';
import { vatInAccountingCurrency, type FixedRate } from '#shared/domain/exchange-rate';
import { formatMinor, parseDecimal, trimmedText } from '#shared/domain/decimal';
import { parseElectronicAddress, type ElectronicAddress } from '#shared/domain/electronic-address';
import {
  taxBreakdownOf,
  type BuyerSnapshot,
  type Invoice,
  type SellerSnapshot,
  type TaxRow,
} from '#shared/domain/invoice';
import { categoryFor, hasRate, needsExemptionReason, type TaxCategory } from '#shared/domain/tax';
import { deductionsOf } from '#shared/domain/quote-conversion';
import { deductionRows, documentFormat } from '#shared/documents/document-format';
import { DEFAULT_UNIT } from '#shared/domain/unit-codes';

export type Address = {
  line1?: string;
  line2?: string;
  city?: string;
  postalCode?: string;
  region?: string;
  country: string;
};

export type Party = {
  /** BT-27 / BT-44 */
  name: string;
  /** BT-34 / BT-49: the party's Peppol or other EAS address, when it has one. */
  electronicAddress?: ElectronicAddress;
  /** BG-5 / BG-8 */
  address: Address;
  /** BT-31 / BT-48 */
  vatId?: string;
  /** BT-30 */
  registration?: string;
  /** BG-6 / BG-9: contact point (BT-41), telephone (BT-42), e-mail (BT-43). */
  contact: { name?: string; phone?: string; email?: string };
};

/** A VAT category as stated in a breakdown row, an allowance or a line (BT-118…121, BT-151, BT-152). */
export type Category = {
  code: TaxCategory;
  /** The percentage, trailing zeros dropped (19, 5.5); absent outside the scope of VAT. */
  rate?: string;
  exemptionReason?: string;
  /** A VATEX code, where the category needs a reason and none was given. */
  exemptionCode?: string;
};

export type DocumentLine = {
  /** BT-126 */
  id: string;
  /** BT-129, BT-130 */
  quantity: string;
  unit: string;
  /** BT-131: net of tax, after the line's allowance. */
  netMinor: number;
  /** BT-136: the line's discount, an allowance on the line (net prices only). */
  allowanceMinor: number;
  /** BT-153 */
  name: string;
  category: Category;
  /** BT-146: net price of one unit, or of `baseQuantity` units when given. */
  netPrice: string;
  /** BT-149: the quantity the price is for, where a price per unit cannot carry the line's net amount. */
  baseQuantity?: string;
};

export type EDocument = {
  /** BT-3: 380 commercial invoice, 381 credit note, 386 prepayment (deposit) invoice. */
  typeCode: '380' | '381' | '386';
  number: string;
  issueDate: string;
  /** BT-9 */
  dueDate?: string;
  /** BT-22 */
  notes: string[];
  /** BT-20 */
  paymentTerms?: string;
  currency: string;
  /** BT-6 and BT-111: the VAT accounting currency and the VAT total in it, when it is not `currency`. */
  accountingTax?: { currency: string; taxMinor: number };
  /** BT-10, BT-13 */
  buyerReference?: string;
  purchaseOrder?: string;
  /** BT-72, BG-14 */
  supplyDate?: string;
  period?: { start: string; end: string };
  /** BG-3: the invoice a credit note corrects. */
  precedingInvoice?: { number: string; issueDate: string };
  seller: Party;
  buyer: Party;
  /** BG-15: where an intra-community supply went (BR-IC-12); the buyer's address. */
  deliverTo?: Address;
  /** BG-16: SEPA credit transfer (58) to the seller's account. */
  payment?: { reference: string; iban: string; accountName?: string; bic?: string };
  /** BG-20: the document discount, one allowance per rate it was spread over. */
  allowances: { amountMinor: number; category: Category }[];
  /** BG-23 */
  taxes: { taxableMinor: number; taxMinor: number; category: Category }[];
  /** BG-22 */
  totals: {
    lineMinor: number;
    allowanceMinor: number;
    taxExclusiveMinor: number;
    taxMinor: number;
    taxInclusiveMinor: number;
    prepaidMinor: number;
    payableMinor: number;
  };
  lines: DocumentLine[];
};

/** The VATEX code stated where a category without tax gives no reason of its own (BT-121). */
const VATEX: Partial<Record<TaxCategory, string>> = {
  AE: 'VATEX-EU-AE',
  K: 'VATEX-EU-IC',
  G: 'VATEX-EU-G',
  O: 'VATEX-EU-O',
};

export const amount = (minor: number) => formatMinor(minor);

function categoryOf(code: TaxCategory, rate: string, reason?: string | null): Category {
  const stated: Category = { code };
  // Outside the scope of VAT a line or an allowance states no rate (BR-O-05…07); the breakdown
  // states 0, which XRechnung requires of every row (BR-DE-14).
  if (code !== 'O' || reason !== null) stated.rate = hasRate(code) ? trimmedText(parseDecimal(rate)!) : '0';
  if (reason === null) return stated;
  if (needsExemptionReason(code)) {
    if (reason) stated.exemptionReason = reason;
    else stated.exemptionCode = VATEX[code] ?? 'VATEX-EU-O';
  }
  return stated;
}

const rowCategory = (row: TaxRow) => categoryOf(row.tax_category, row.tax_rate, row.tax_exemption_reason ?? '');
/** A category as an allowance or a line states it: code and rate, no reason. */
const plainCategory = (code: TaxCategory, rate: string) => categoryOf(code, rate, null);

/** Outside the scope of VAT, neither party states a VAT number (BR-O-02). */
const vatNumbersAllowed = (rows: TaxRow[]) => !rows.some((row) => row.tax_category === 'O');

function sellerParty(seller: SellerSnapshot | undefined, withVat: boolean): Party {
  const address = seller?.address;
  return {
    name: seller?.name ?? '',
    ...(seller?.peppol_id ? { electronicAddress: parseElectronicAddress(seller.peppol_id) } : {}),
    address: {
      line1: address?.line1,
      line2: address?.line2,
      city: address?.city,
      postalCode: address?.postal_code,
      region: address?.state,
      country: address?.country ?? '',
    },
    vatId: withVat ? seller?.tax_id : undefined,
    registration: seller?.registration_number,
    contact: { name: seller?.name, phone: seller?.phone, email: seller?.email },
  };
}

function buyerParty(buyer: BuyerSnapshot | undefined, clientName: string, withVat: boolean): Party {
  return {
    name: buyer?.name ?? clientName,
    ...(buyer?.peppol_id ? { electronicAddress: parseElectronicAddress(buyer.peppol_id) } : {}),
    address: {
      line1: buyer?.address,
      city: buyer?.city,
      postalCode: buyer?.postal_code,
      region: buyer?.state,
      country: buyer?.country ?? '',
    },
    vatId: withVat ? buyer?.tax_id : undefined,
    contact: { email: buyer?.email, phone: buyer?.phone },
  };
}

/** The net price of one unit, to four decimals: a line's net amount over its quantity, half up. */
export function netUnitPrice(netMinor: number, quantity: string): string {
  const parsed = parseDecimal(quantity)!;
  const numerator = BigInt(netMinor) * 10n ** BigInt(parsed.scale) * 100n;
  const units = (2n * numerator + parsed.units) / (2n * parsed.units);
  return formatMinor(units, 4);
}

/** The slack PEPPOL-EN16931-R120 allows between a line's net amount and quantity × net price. */
const LINE_SLACK_MINOR = 2n;

/**
 * A price derived from the line's net amount: per unit to four decimals where quantity × that price
 * stays within R120's 0.02 of the net amount; otherwise (796.21 units at 0.0221) the net amount as the
 * price of the whole quantity (BT-149), which multiplies back exactly.
 */
export function derivedPrice(netMinor: number, quantity: string): { netPrice: string; baseQuantity?: string } {
  const netPrice = netUnitPrice(netMinor, quantity);
  const q = parseDecimal(quantity)!;
  const p = parseDecimal(netPrice)!;
  // quantity × price in minor units, at the scale of both factors (price has 4 decimals: 2 beyond minor).
  const product = q.units * p.units;
  const scale = 10n ** BigInt(q.scale + p.scale - 2);
  const miss = product - BigInt(netMinor) * scale;
  if ((miss < 0n ? -miss : miss) <= LINE_SLACK_MINOR * scale) return { netPrice };
  const magnitude = (text: string) => text.replace(/^-/, '');
  return { netPrice: magnitude(formatMinor(netMinor)), baseQuantity: magnitude(quantity) };
}

/** The seller's account as a SEPA credit transfer (BG-16, BG-17), where it has one. */
function paymentOf(seller: SellerSnapshot | undefined, reference: string): Pick<EDocument, 'payment'> {
  const instructions = seller?.payment_instructions;
  if (!instructions?.iban) return {};
  return {
    payment: {
      reference,
      iban: instructions.iban,
      ...(instructions.account_name ? { accountName: instructions.account_name } : {}),
      ...(instructions.bic ? { bic: instructions.bic } : {}),
    },
  };
}

type Common = Pick<EDocument, 'seller' | 'buyer' | 'taxes' | 'deliverTo' | 'accountingTax'>;

function commonTerms(
  document: { seller?: SellerSnapshot; buyer?: BuyerSnapshot; client_name: string } & FixedRate,
  rows: TaxRow[],
): Common {
  const withVat = vatNumbersAllowed(rows);
  const buyer = buyerParty(document.buyer, document.client_name, withVat);
  const converted = vatInAccountingCurrency(
    document,
    rows.map((row) => row.tax_minor),
  );
  return {
    ...(converted ? { accountingTax: { currency: converted.currency, taxMinor: Number(converted.total) } } : {}),
    seller: sellerParty(document.seller, withVat),
    buyer,
    taxes: rows.map((row) => ({
      taxableMinor: row.taxable_minor,
      taxMinor: row.tax_minor,
      category: rowCategory(row),
    })),
    ...(rows.some((row) => row.tax_category === 'K') && buyer.address.country ? { deliverTo: buyer.address } : {}),
  };
}

/**
 * A final invoice's deductions as a note (BT-22), in its language: per deposit invoice and rate the net
 * and the VAT taken off (§ 14 (5) UStG). The lines that deduct them carry the net; EN 16931 has no
 * place for a line's VAT.
 */
function deductionNote(invoice: Invoice): string[] {
  const format = documentFormat(invoice.locale ?? 'en', invoice.currency);
  const deductions = deductionRows(deductionsOf(invoice.line_items), format);
  if (!deductions) return [];
  const { net, taxAmount } = format.words;
  const rows = deductions.rows.map((row) => `${row.deposit}, ${row.rate}: ${net} ${row.net}, ${taxAmount} ${row.tax}`);
  const { total } = deductions;
  return [`${deductions.title}: ${rows.join('; ')}. ${total.label}: ${net} ${total.net}, ${taxAmount} ${total.tax}.`];
}

/** An issued invoice in the semantic model (type 380; a deposit invoice of a quote, 386). */
export function invoiceTerms(invoice: Invoice): EDocument {
  const rows = taxBreakdownOf(invoice);
  const discount = invoice.discount_minor ?? 0;
  const paid = invoice.amount_paid_minor ?? 0;
  return {
    typeCode: invoice.quote?.kind === 'deposit' ? '386' : '380',
    number: invoice.invoice_number,
    issueDate: invoice.issue_date,
    dueDate: invoice.due_date,
    notes: [...(invoice.notes ? [invoice.notes] : []), ...deductionNote(invoice)],
    ...(invoice.terms ? { paymentTerms: invoice.terms } : {}),
    currency: invoice.currency,
    ...(invoice.buyer_reference ? { buyerReference: invoice.buyer_reference } : {}),
    ...(invoice.purchase_order ? { purchaseOrder: invoice.purchase_order } : {}),
    ...(invoice.supply_date ? { supplyDate: invoice.supply_date } : {}),
    ...(invoice.service_period ? { period: invoice.service_period } : {}),
    ...(invoice.preceding_invoice
      ? {
          precedingInvoice: {
            number: invoice.preceding_invoice.number,
            issueDate: invoice.preceding_invoice.issue_date,
          },
        }
      : {}),
    ...commonTerms(invoice, rows),
    ...paymentOf(invoice.seller, invoice.payment_reference ?? invoice.invoice_number),
    allowances: rows
      .filter((row) => row.discount_minor > 0)
      .map((row) => ({ amountMinor: row.discount_minor, category: plainCategory(row.tax_category, row.tax_rate) })),
    totals: {
      lineMinor: invoice.subtotal_minor,
      allowanceMinor: discount,
      taxExclusiveMinor: invoice.subtotal_minor - discount,
      taxMinor: invoice.tax_amount_minor,
      taxInclusiveMinor: invoice.total_amount_minor,
      prepaidMinor: paid,
      payableMinor: invoice.total_amount_minor - paid,
    },
    lines: invoice.line_items.map((line, index) => {
      // A line discount in net prices is the line's allowance; with prices that include tax it is
      // already inside the line's net amount, and the price is that net per unit.
      const inclusive = invoice.prices_include_tax ?? false;
      return {
        id: String(index + 1),
        quantity: line.quantity,
        unit: line.unit ?? DEFAULT_UNIT,
        netMinor: line.net_minor,
        allowanceMinor: inclusive ? 0 : (line.discount_minor ?? 0),
        name: line.description,
        category: plainCategory(line.tax_category ?? categoryFor(parseDecimal(line.tax_rate)!), line.tax_rate),
        ...(inclusive ? derivedPrice(line.net_minor, line.quantity) : { netPrice: line.unit_price }),
      };
    }),
  };
}

/** A credit note in the semantic model (type 381), referring to the invoice it corrects. */
export function creditNoteTerms(creditNote: CreditNote): EDocument {
  const rows = creditNote.tax_breakdown;
  return {
    typeCode: '381',
    number: creditNote.credit_note_number,
    issueDate: creditNote.issue_date,
    notes: creditNote.memo ? [creditNote.memo] : [],
    currency: creditNote.currency,
    ...(creditNote.buyer_reference ? { buyerReference: creditNote.buyer_reference } : {}),
    ...(creditNote.purchase_order ? { purchaseOrder: creditNote.purchase_order } : {}),
    ...(creditNote.supply_date ? { supplyDate: creditNote.supply_date } : {}),
    ...(creditNote.service_period ? { period: creditNote.service_period } : {}),
    precedingInvoice: { number: creditNote.invoice_number, issueDate: creditNote.invoice_issue_date },
    ...commonTerms(creditNote, rows),
    // The seller's account, as on the invoice: XRechnung asks payment instructions of every document (BR-DE-1).
    ...paymentOf(creditNote.seller, creditNote.credit_note_number),
    allowances: [],
    totals: {
      lineMinor: creditNote.subtotal_minor,
      allowanceMinor: 0,
      taxExclusiveMinor: creditNote.subtotal_minor,
      taxMinor: creditNote.tax_amount_minor,
      taxInclusiveMinor: creditNote.total_amount_minor,
      prepaidMinor: 0,
      payableMinor: creditNote.total_amount_minor,
    },
    lines: creditNote.line_items.map((line, index) => {
      const quantity = line.quantity ?? '1';
      return {
        id: String(index + 1),
        quantity,
        unit: line.unit ?? DEFAULT_UNIT,
        netMinor: line.net_minor,
        allowanceMinor: 0,
        name: line.description,
        category: plainCategory(line.tax_category, line.tax_rate),
        ...derivedPrice(line.net_minor, quantity),
      };
    }),
  };
}

/** What a document declares it follows (BT-24, BT-23) and what that specification adds to EN 16931. */
export type Specification = {
  id: string;
  process?: string;
  /** Whether a party with no EAS address is reached at its e-mail (scheme EM): XRechnung needs BT-34 and BT-49. */
  emailAddresses: boolean;
  /** Whether the notes (BT-22) go in one note: Peppol allows one (PEPPOL-EN16931-R002). */
  oneNote?: boolean;
};

const PEPPOL_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
export const SPECIFICATIONS = {
  en16931: { id: 'urn:cen.eu:en16931:2017', emailAddresses: false },
  xrechnung: {
    id: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    process: PEPPOL_PROCESS,
    emailAddresses: true,
  },
  // Peppol BIS Billing 3.0: both parties reached at their Peppol participant ids, never by e-mail (CL008).
  peppol: {
    id: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
    process: PEPPOL_PROCESS,
    emailAddresses: false,
    oneNote: true,
  },
} satisfies Record<string, Specification>;

/** The party's electronic address under the specification, if it has one. */
export const addressOf = (party: Party, specification: Specification): ElectronicAddress | undefined =>
  party.electronicAddress ??
  (specification.emailAddresses && party.contact.email ? { scheme: 'EM', value: party.contact.email } : undefined);
