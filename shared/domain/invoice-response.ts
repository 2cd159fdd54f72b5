// The answer to a supplier that sent its invoice over Peppol: a Peppol BIS Invoice Response 3.0
// (docs/incoming-invoices.md "Answering the supplier"). Each status a received document takes has one
// response code of the specification's (UNCL 4343 subset): AB acknowledged on arrival, AP accepted,
// RE rejected with the reason given, PD paid; a document that fails fatal rules is RE with each rule's
// id. A response goes from the buyer (the organization, C4's participant) to the seller (C1's).
import type { IncomingInvoice, IncomingStatus, InvoiceResponseCode } from '#shared/domain/incoming-invoice';

export type { InvoiceResponseCode, SentResponse } from '#shared/domain/incoming-invoice';

export const RESPONSE_CODES: Record<IncomingStatus, InvoiceResponseCode> = {
  received: 'AB',
  accepted: 'AP',
  rejected: 'RE',
  paid: 'PD',
  invalid: 'RE',
};

/** The events whose status the supplier hears of (a duplicate's arrival answers nothing). */
export const ANSWERED_EVENTS: Partial<Record<string, IncomingStatus>> = {
  'incoming_invoice.received': 'received',
  'incoming_invoice.invalid': 'invalid',
  'incoming_invoice.accepted': 'accepted',
  'incoming_invoice.rejected': 'rejected',
  'incoming_invoice.paid': 'paid',
};
export const INVOICE_RESPONSE_EVENTS = Object.keys(ANSWERED_EVENTS);

/** The most rules an `invalid` response names, one status each: a supplier's document fails few in practice. */
export const MAX_RESPONSE_RULES = 20;

/** A clarification (cac:Status): OpenPeppol's status reason code (OPStatusReason) and its text. */
export type ResponseReason = { code: 'REF' | 'LEG' | 'OTH'; text: string };

export type ResponseParty = { participant: string; name: string };

export type InvoiceResponse = {
  /** The response's own id (BT: ApplicationResponse/ID): the received document's id and the code. */
  id: string;
  issueDate: string;
  code: InvoiceResponseCode;
  sender: ResponseParty;
  receiver: ResponseParty;
  /** RE only: why (the decision's reason, or the fatal rules). */
  reasons: ResponseReason[];
  /** PD: the day payment was made or initiated. */
  effectiveDate?: string;
  /** The invoice answered: its number (BT-1) and type code (BT-3). */
  document: { id: string; typeCode: string };
};

/** What a response needs that the document may lack: both parties' electronic addresses and its number. */
export type Unanswerable = { missing: 'seller_electronic_address' | 'buyer_electronic_address' | 'number' };

/**
 * The response the document's status sends, from the organization as it is named in the document
 * (or by its own name), dated `today`; unanswerable when the document lacks what a response names.
 */
export function invoiceResponseOf(
  invoice: Pick<IncomingInvoice, 'id' | 'status' | 'status_reason' | 'summary'>,
  organization: { name: string; legal_name?: string; peppol_id?: string },
  today: string,
): InvoiceResponse | Unanswerable {
  const { summary } = invoice;
  const seller = summary.seller.electronic_address;
  const buyer = organization.peppol_id ?? summary.buyer.electronic_address;
  if (!seller) return { missing: 'seller_electronic_address' };
  if (!buyer) return { missing: 'buyer_electronic_address' };
  if (!summary.number) return { missing: 'number' };
  const code = RESPONSE_CODES[invoice.status];
  const reasons: ResponseReason[] =
    invoice.status === 'invalid'
      ? summary.fatal_rules.slice(0, MAX_RESPONSE_RULES).map((rule) => ({
          code: 'OTH',
          text: `The document fails the rule ${rule}`,
        }))
      : invoice.status === 'rejected'
        ? [{ code: 'OTH', text: invoice.status_reason ?? 'Rejected' }]
        : [];
  return {
    id: `${invoice.id}-${code}`,
    issueDate: today,
    code,
    sender: { participant: buyer, name: organization.legal_name ?? organization.name },
    receiver: { participant: seller, name: summary.seller.name ?? seller },
    reasons,
    ...(invoice.status === 'paid' ? { effectiveDate: today } : {}),
    document: {
      id: summary.number,
      typeCode: summary.type_code ?? (summary.document_type === 'credit_note' ? '381' : '380'),
    },
  };
}
