// Whether a document can be a valid EN 16931 e-invoice, and if not, what is missing by business term
// (docs/e-invoicing.md "Readiness"): asked before any XML is written, so nobody gets a document
// that fails validation.
import { DomainError, ErrorCode } from '#shared/domain/errors';
import type { BuyerSnapshot, SellerSnapshot, TaxRow } from '#shared/domain/invoice';
import { needsBothTaxIds } from '#shared/domain/tax';

export const E_INVOICE_FORMATS = ['ubl'] as const;
export type EInvoiceFormat = (typeof E_INVOICE_FORMATS)[number];

export type Missing = { business_term: string; field: string; message: string };

export function eInvoiceGaps(document: { seller?: SellerSnapshot; buyer?: BuyerSnapshot; rows: TaxRow[] }): Missing[] {
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
  return missing;
}

/** Refuses a document that cannot be a valid e-invoice, naming what it lacks. */
export function assertEInvoiceReady(document: Parameters<typeof eInvoiceGaps>[0]): void {
  const missing = eInvoiceGaps(document);
  if (missing.length > 0)
    throw new DomainError(
      ErrorCode.eInvoiceIncomplete,
      `The document cannot be an EN 16931 e-invoice: ${missing.map((gap) => gap.business_term).join(', ')} missing`,
      { missing },
    );
}
