// Peppol as the service speaks of it: the two documents it sends (BIS Billing 3.0 invoices and credit
// notes), their identifiers on the network, and what a lookup of a participant answers. Which access
// point asks the network is shared/peppol's business; this is the vocabulary both sides share.
import {
  isParticipantProblem,
  parsePeppolParticipant,
  type PeppolParticipant,
} from '#shared/domain/peppol-participant';

export const PEPPOL_DOCUMENT_TYPES = ['invoice', 'credit_note'] as const;
export type PeppolDocumentType = (typeof PEPPOL_DOCUMENT_TYPES)[number];

const BILLING_3 = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1';

/** The document type identifiers a receiver registers in its SMP (Peppol Policy for use of identifiers 4.x). */
export const DOCUMENT_TYPE_IDS: Record<PeppolDocumentType, string> = {
  invoice: `busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##${BILLING_3}`,
  credit_note: `busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##${BILLING_3}`,
};

/** The process both are sent in (BT-23 of the documents). */
export const BILLING_PROCESS_ID = 'cenbii-procid-ubl::urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/** Peppol BIS Invoice Response 3's document type and process, as an access point names them. */
export const INVOICE_RESPONSE_DOCUMENT_TYPE_ID =
  'busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2::ApplicationResponse##urn:fdc:peppol.eu:poacc:trns:invoice_response:3::2.1';
export const INVOICE_RESPONSE_PROCESS_ID = 'cenbii-procid-ubl::urn:fdc:peppol.eu:poacc:bis:invoice_response:3';

/** The participant as the network's registries (SML and SMP) name it. */
export const participantUri = (participant: PeppolParticipant) =>
  `iso6523-actorid-upis::${participant.scheme}:${participant.identifier}`;

export const participantIdOf = (participant: PeppolParticipant) => `${participant.scheme}:${participant.identifier}`;

/** What the network says of a participant: registered or not, and for which of our documents. */
export type PeppolDiscovery = { registered: boolean; document_types: PeppolDocumentType[] };

/** A lookup's answer, as kept for a day and shown: `checked_at` is when the access point was asked. */
export type PeppolLookup = PeppolDiscovery & { participant_id: string; checked_at: string };

/** How long a lookup is kept before the network is asked again. */
export const LOOKUP_TTL_SECONDS = 24 * 60 * 60;

/**
 * The participant id a client's VAT number stands for where Peppol has a scheme that is the same number:
 * a Belgian VAT number is the enterprise number (BE0123456749 → 0208:0123456749). Only offered, never
 * used to send: the client's own `peppol_id` is what an invoice is addressed to.
 */
export function candidateParticipantId(taxId: string | undefined): string | undefined {
  const belgian = taxId && /^BE([01]?[0-9]{9})$/i.exec(taxId.replace(/[.\s-]/g, ''));
  if (!belgian) return undefined;
  const candidate = `0208:${belgian[1]!.padStart(10, '0')}`;
  return isParticipantProblem(parsePeppolParticipant(candidate)) ? undefined : candidate;
}

/** What a client's answer says of its Peppol reach: from the organization's last lookup of its id, if any. */
export type PeppolReach = { reachable: boolean | null; checked_at: string | null; candidate: string | null };

export function reachOf(
  client: { peppol_id?: string; tax_id?: string },
  lookup: PeppolLookup | undefined,
): PeppolReach {
  return {
    reachable: client.peppol_id && lookup ? lookup.registered && lookup.document_types.includes('invoice') : null,
    checked_at: (client.peppol_id && lookup?.checked_at) || null,
    candidate: client.peppol_id ? null : (candidateParticipantId(client.tax_id) ?? null),
  };
}
