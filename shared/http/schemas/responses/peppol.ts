import * as z from 'zod/mini';
import { PEPPOL_DOCUMENT_TYPES } from '#shared/domain/peppol';

export const peppolLookupResponse = z
  .strictObject({
    participant_id: z.string(),
    registered: z.boolean(),
    document_types: z.array(z.enum(PEPPOL_DOCUMENT_TYPES)),
    checked_at: z.iso.datetime(),
  })
  .register(z.globalRegistry, {
    id: 'PeppolLookup',
    description:
      'What the Peppol network says of a participant: registered or not, and which of the documents it receives; ' +
      'kept for a day per organization, when `checked_at` says the access point was asked',
  });
