// The Peppol routes' input: a participant id in the path, parsed into its scheme and identifier.
import * as z from 'zod/mini';
import '#shared/zod-locale';
import { parsePeppolParticipant, type PeppolParticipant } from '#shared/domain/peppol-participant';
import { peppolParticipantId } from '#shared/http/schemas/common';
import { MAX_RECEIVED_BYTES } from '#shared/domain/incoming-invoice';
import type { FileBodyRule } from '#shared/http/middleware/file-body';
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

/**
 * POST /peppol/inbound/{adapter}/: phoss-ap forwards the SBD it received as XML. The body is taken (an
 * SBD wraps a document of up to 10 MB) and never read: the document is fetched back from phoss-ap.
 */
export const forwardedDocument: FileBodyRule = {
  mediaTypes: ['application/xml'],
  maxBytes: MAX_RECEIVED_BYTES + 64 * 1024,
  aliases: { 'text/xml': 'application/xml' },
};
