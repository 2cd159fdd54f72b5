// The payment reference an invoice is issued with (docs/reconciliation.md): made before the files are
// drawn, since the PDF, the e-invoice and the QR code print it, and held by the invoice in the
// transaction that issues it. A sending that loses a race to another's issue leaves its number
// unused: references need not be gapless, only never the same twice.
import { paymentReferencePart, takePaymentReferenceNumber } from '#shared/data/payment-references';
import type { Db, WritePart } from '#shared/data/table';
import type { Invoice } from '#shared/domain/invoice';
import type { Organization } from '#shared/domain/organization';
import { DEFAULT_PAYMENT_REFERENCE_SCHEME, paymentReferenceFor } from '#shared/domain/payment-reference';

export async function issuingReference(
  db: Db,
  organization: Organization,
): Promise<Pick<Invoice, 'payment_reference'>> {
  const scheme = organization.payment_reference_scheme ?? DEFAULT_PAYMENT_REFERENCE_SCHEME;
  if (scheme === 'none') return {};
  const reference = paymentReferenceFor(scheme, await takePaymentReferenceNumber(db, organization.id));
  return reference ? { payment_reference: reference } : {};
}

/** The part that makes the invoice the holder of its reference, when this write issues it with one. */
export const referenceHolding = (
  db: Db,
  organizationId: string,
  invoiceId: string,
  issued: Pick<Invoice, 'payment_reference'> | undefined,
): WritePart | undefined =>
  issued?.payment_reference ? paymentReferencePart(db, organizationId, issued.payment_reference, invoiceId) : undefined;
