import * as z from 'zod/mini';
import { PEPPOL_DOCUMENT_TYPES } from '#shared/domain/peppol';
import { PEPPOL_SENDING_STATUSES } from '#shared/domain/peppol-sending';

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

export const peppolSendingResponse = z
  .strictObject({
    id: z.string(),
    channel: z.literal('peppol'),
    to: z.string(),
    status: z.enum(PEPPOL_SENDING_STATUSES),
    status_at: z.iso.datetime(),
    transmission_id: z.nullable(z.string()),
    sha256: z.nullable(z.string()),
    reason: z.nullable(z.string()),
  })
  .register(z.globalRegistry, {
    id: 'PeppolSending',
    description:
      'One sending of the document over Peppol: `queued` → `sent` (the access point took it: `transmission_id`, and ' +
      '`sha256` of the UBL bytes sent) → `delivered` or `failed` (with `reason`); a status never moves back',
  });

export const peppolReportsResponse = z.strictObject({ reports: z.int(), applied: z.int() }).register(z.globalRegistry, {
  id: 'PeppolReports',
  description: 'How many reports the access point had waiting, and how many moved one of our sendings on',
});

export const peppolArrivalResponse = z
  .strictObject({ message_id: z.string(), kept: z.literal(true) })
  .register(z.globalRegistry, {
    id: 'PeppolArrival',
    description:
      "The access point's received document, fetched back from it and kept: the inbox of the organization that " +
      'receives as its participant takes it in moments later',
  });
