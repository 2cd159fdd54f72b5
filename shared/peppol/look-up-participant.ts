// Whether a participant is on the Peppol network and which of our documents it receives: the
// organization's answer of the last day if it has one, else the access point's, kept for a day.
import { getPeppolLookup, putPeppolLookup } from '#shared/data/peppol-lookups';
import type { Db } from '#shared/data/table';
import { LOOKUP_TTL_SECONDS, participantIdOf, type PeppolLookup } from '#shared/domain/peppol';
import type { PeppolParticipant } from '#shared/domain/peppol-participant';
import type { PeppolGateway } from '#shared/peppol/gateway';

export type LookupDeps = { db: Db; peppol: PeppolGateway };

export async function lookUpParticipant(
  deps: LookupDeps,
  organizationId: string,
  participant: PeppolParticipant,
  now = new Date(),
): Promise<PeppolLookup> {
  const participantId = participantIdOf(participant);
  const kept = await getPeppolLookup(deps.db, organizationId, participantId);
  if (kept && now.getTime() - Date.parse(kept.checked_at) < LOOKUP_TTL_SECONDS * 1000) return kept;
  const discovery = await deps.peppol.discover(participant);
  const lookup = { participant_id: participantId, ...discovery, checked_at: now.toISOString() };
  await putPeppolLookup(deps.db, organizationId, lookup);
  return lookup;
}
