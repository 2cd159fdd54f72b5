// Whether a buyer can be sent a document over Peppol: it has a participant id, and the network says
// that participant receives the document type (through the organization's cached lookup).
import { peppolUnreachable } from '#shared/domain/errors';
import type { PeppolDocumentType } from '#shared/domain/peppol';
import { parsePeppolParticipant, type PeppolParticipant } from '#shared/domain/peppol-participant';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import type { PeppolGateway } from '#shared/peppol/gateway';
import { lookUpParticipant } from '#shared/peppol/look-up-participant';

export type PeppolSendDeps = InvoicingDeps & { peppol: PeppolGateway };

/** The participant the buyer is, checked on the network for the document type; 409 peppol_unreachable otherwise. */
export async function reachableBuyer(
  deps: PeppolSendDeps,
  organizationId: string,
  peppolId: string | undefined,
  documentType: PeppolDocumentType,
): Promise<PeppolParticipant> {
  if (!peppolId) throw peppolUnreachable('The client has no peppol_id: set it to send over Peppol');
  const participant = parsePeppolParticipant(peppolId) as PeppolParticipant;
  const lookup = await lookUpParticipant(deps, organizationId, participant);
  if (!lookup.registered || !lookup.document_types.includes(documentType))
    throw peppolUnreachable(
      lookup.registered
        ? `${peppolId} is on the Peppol network but does not receive ${documentType.replace('_', ' ')}s`
        : `${peppolId} is not registered on the Peppol network`,
      { participant_id: peppolId, registered: lookup.registered, document_types: lookup.document_types },
    );
  return participant;
}

/** Peppol where the buyer receives the document type there (and an access point is configured); e-mail otherwise. */
export async function autoChannel(
  deps: PeppolSendDeps,
  organizationId: string,
  peppolId: string | undefined,
  documentType: PeppolDocumentType,
): Promise<'email' | 'peppol'> {
  if (!peppolId || !deps.peppol.configured) return 'email';
  try {
    await reachableBuyer(deps, organizationId, peppolId, documentType);
    return 'peppol';
  } catch (error) {
    if ((error as { code?: string }).code === 'peppol_unreachable') return 'email';
    throw error;
  }
}
