// The Peppol routes' input: a participant id in the path, parsed into its scheme and identifier.
import * as z from 'zod/mini';
import '#shared/zod-locale';
import { parsePeppolParticipant, type PeppolParticipant } from '#shared/domain/peppol-participant';
import { peppolParticipantId } from '#shared/http/schemas/common';
import { ACCESS_POINTS } from '#shared/peppol/access-point';

export const participantParams = z.object({
  participant_id: z.pipe(
    peppolParticipantId,
    z.transform((text: string) => parsePeppolParticipant(text) as PeppolParticipant),
  ),
});

/** POST /peppol/status/{adapter}/: which access point rings. */
export const statusRouteParams = z.object({
  adapter: z.enum(ACCESS_POINTS, `must be one of ${ACCESS_POINTS.join(', ')}`),
});
