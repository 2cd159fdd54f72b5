// Whether a document can be a valid EN 16931 e-invoice in a format, and if not, what is missing by
// business term (docs/e-invoicing.md "Readiness"): asked before any XML is written, so nobody gets a
// document that fails validation.
import { DomainError, ErrorCode } from '#shared/domain/errors';
import type { BuyerSnapshot, SellerSnapshot, TaxRow } from '#shared/domain/invoice';
import { needsBothTaxIds } from '#shared/domain/tax';
import type { EInvoiceFormat } from '#shared/domain/e-invoice-format';
import { isParticipantProblem, parsePeppolParticipant } from '#shared/domain/peppol-participant';

/** The German CIUS asks more of a document than EN 16931 (BR-DE-…). */
const isXRechnung = (format: EInvoiceFormat) => format.startsWith('xrechnung');

/** A business term the document lacks, the field that would give it, and the rule that asks for it. */
export type Missing = { business_term: string; field: string; message: string; rule?: string };

export type Readiness = {
  seller?: SellerSnapshot;
  buyer?: BuyerSnapshot;
  rows: TaxRow[];
  buyer_reference?: string;
  /** BT-13 */
  purchase_order?: string;
  /** Payment terms (BT-20), as the invoice holds them. */
  terms?: string;
};

/** BR-DE-18's Skonto line, as KoSIT's schematron writes it (after XPath's normalize-space). */
const SKONTO_LINE = /^#SKONTO#TAGE=[0-9]+#PROZENT=[0-9]+\.[0-9]{2}(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$/;
const normalizeSpace = (text: string) => text.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');

/**
 * Whether payment terms break BR-DE-18: every line starting with "#" must be a Skonto line, and a line
 * break must follow the last "#…#" (the rule's own tokenizing: "." matches no line break in XPath).
 */
export function breaksSkontoRule(terms: string): boolean {
  const marked = terms.split(/\r?\n/).filter((line) => normalizeSpace(line).startsWith('#'));
  if (marked.length === 0) return false;
  const afterLast = terms.split(/#[^\n\r]+#/).at(-1) ?? '';
  return !marked.every((line) => SKONTO_LINE.test(normalizeSpace(line))) || !/^[ \t\r\n]*\n/.test(afterLast);
}

export function eInvoiceGaps(format: EInvoiceFormat, document: Readiness): Missing[] {
  const missing: Missing[] = [];
  const need = (business_term: string, field: string, message: string) =>
    missing.push({ business_term, field, message });
  const { seller, buyer } = document;
  const categories = document.rows.map((row) => row.tax_category);
  const outsideScope = categories.length > 0 && categories.every((category) => category === 'O');
  if (!seller?.address) need('BG-5', 'organization.address', "the seller's postal address");
  if (!outsideScope && !seller?.tax_id)
    need('BT-31', 'organization.tax_id', "the seller's VAT identifier (BR-CO-26, BR-S-02)");
  if (!buyer?.country) need('BT-55', 'client.country', "the buyer's country (BR-11)");
  if (categories.some(needsBothTaxIds) && !buyer?.tax_id)
    need('BT-48', 'client.tax_id', "the buyer's VAT identifier (BR-AE-02, BR-IC-02)");
  if (format === 'peppol') return [...missing, ...peppolGaps(document)];
  if (!isXRechnung(format)) return missing;
  if (!document.buyer_reference)
    need('BT-10', 'invoice.buyer_reference', 'the buyer reference, such as a Leitweg-ID (BR-DE-15)');
  if (!seller?.phone) need('BT-42', 'organization.phone', "the seller contact's telephone number (BR-DE-6)");
  if (!seller?.email)
    need('BT-43', 'organization.email', "the seller contact's e-mail, also its electronic address (BR-DE-7)");
  if (!seller?.payment_instructions?.iban)
    need('BT-84', 'organization.payment_instructions.iban', 'payment instructions with an IBAN (BR-DE-1, BR-DE-23)');
  if (!buyer?.city) need('BT-52', 'client.city', "the buyer's city (BR-DE-8)");
  if (!buyer?.postal_code) need('BT-53', 'client.postal_code', "the buyer's post code (BR-DE-9)");
  if (document.terms && breaksSkontoRule(document.terms))
    need(
      'BT-20',
      'invoice.terms',
      'payment terms whose lines starting with "#" are Skonto lines such as "#SKONTO#TAGE=7#PROZENT=2.00#", each followed by a line break (BR-DE-18)',
    );
  return missing;
}

/**
 * What Peppol BIS Billing 3.0 asks beyond EN 16931 that only the document's data can give: both
 * parties' electronic addresses as Peppol participant ids (R020, R010, CL008 and the schemes' checks)
 * and a buyer or order reference (R003). The rest (one note, line arithmetic) the UBL writer keeps.
 */
function peppolGaps(document: Readiness): Missing[] {
  const missing: Missing[] = [];
  const parties = [
    ['BT-34', 'organization.peppol_id', "the seller's Peppol participant id", 'PEPPOL-EN16931-R020', document.seller],
    ['BT-49', 'client.peppol_id', "the buyer's Peppol participant id", 'PEPPOL-EN16931-R010', document.buyer],
  ] as const;
  for (const [business_term, field, what, rule, party] of parties) {
    if (!party?.peppol_id) {
      missing.push({ business_term, field, message: `${what} (${rule})`, rule });
      continue;
    }
    const parsed = parsePeppolParticipant(party.peppol_id);
    if (isParticipantProblem(parsed))
      missing.push({ business_term, field, message: `${what}: ${parsed.message} (${parsed.rule})`, rule: parsed.rule });
  }
  if (!document.buyer_reference && !document.purchase_order)
    missing.push({
      business_term: 'BT-10',
      field: 'invoice.buyer_reference',
      message: 'a buyer reference, or a purchase order (BT-13) (PEPPOL-EN16931-R003)',
      rule: 'PEPPOL-EN16931-R003',
    });
  return missing;
}

/** Refuses a document that cannot be a valid e-invoice in the format, naming what it lacks. */
export function assertEInvoiceReady(format: EInvoiceFormat, document: Readiness): void {
  const missing = eInvoiceGaps(format, document);
  if (missing.length > 0)
    throw new DomainError(
      ErrorCode.eInvoiceIncomplete,
      `The document cannot be an e-invoice in the ${format} format: ${missing.map((gap) => gap.business_term).join(', ')} missing`,
      { missing },
    );
}
