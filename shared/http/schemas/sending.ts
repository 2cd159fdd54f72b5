// The body of the send routes, apart from the document schemas (and the unit and currency tables they check against).
import * as z from 'zod/mini';
import '#shared/zod-locale';
import { DELIVERY_CHANNELS } from '#shared/domain/peppol-sending';

/**
 * Without `email`, the document goes to the client's stored address. `force`: send even to an address
 * on the organization's suppression list (it stays there).
 */
export const sendBody = z._default(
  z.strictObject({
    email: z.optional(z.email('must be an e-mail address').check(z.maxLength(254))),
    force: z.optional(z.boolean()),
  }),
  {},
);

/**
 * The channel of an invoice's or credit note's send (absent: the organization's `delivery_channel`);
 * `resend`: a Peppol sending again although one stands.
 */
export const channelFields = {
  channel: z.optional(z.enum(DELIVERY_CHANNELS, `must be one of ${DELIVERY_CHANNELS.join(', ')}`)),
  resend: z.optional(z.boolean('must be true or false')),
};

/** Sending a credit note: by e-mail or over Peppol. */
export const sendCreditNoteBody = z._default(
  z.strictObject({ ...sendBody.def.innerType.def.shape, ...channelFields }),
  {},
);

/** DELETE …/email-suppressions/{address}/: the address as listed (any letter case). */
export const addressParams = z.object({
  address: z.email('must be an e-mail address').check(z.maxLength(254)),
});
