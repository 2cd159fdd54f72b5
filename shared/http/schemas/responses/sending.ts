// The answer of the send routes, apart from the document schemas the send routes do not answer with.
import * as z from 'zod/mini';
import { peppolSendingResponse } from '#shared/http/schemas/responses/peppol';
import { BOUNCE_TYPES, DELIVERY_STATUSES } from '#shared/domain/email-delivery';
import type { sendingResource, suppressionResource } from '#shared/domain/resources/email';
import { pageOf, type Same, timestamp } from '#shared/http/schemas/responses/common';

/** The answer of send, for invoices and credit notes alike. */
export const sentResponse = z
  .strictObject({ message: z.string(), sent_to: z.string(), sent_at: timestamp })
  .register(z.globalRegistry, { id: 'SendResult' });

/** An invoice's or credit note's send: by e-mail (`sending` null), or the Peppol sending queued or standing. */
export const documentSentResponse = z
  .strictObject({
    ...sentResponse.def.shape,
    channel: z.enum(['email', 'peppol']),
    sending: z.nullable(peppolSendingResponse),
  })
  .register(z.globalRegistry, { id: 'DocumentSendResult' });

/** What became of an e-mail, as the mail service last reported it (docs/collections.md). */
export const delivery = {
  delivery_status: z.enum(DELIVERY_STATUSES).register(z.globalRegistry, {
    id: 'DeliveryStatus',
    description:
      'sent: handed to the mail service; delivery_delayed, delivered, rejected, bounced, complained: as it reported; ' +
      'unknown: a reminder whose sending was interrupted; suppressed: a reminder not sent to a suppressed address',
  }),
  delivery_status_at: timestamp,
  bounce_type: z.nullable(z.enum(BOUNCE_TYPES)),
};

const emailSent = { to: z.string(), sent_at: timestamp, message_id: z.string(), ...delivery };

export const quoteSending = z
  .strictObject(emailSent)
  .register(z.globalRegistry, { id: 'QuoteSending', description: 'One e-mail of the quote' });

export const creditNoteSending = z
  .strictObject({ channel: z.literal('email'), ...emailSent })
  .register(z.globalRegistry, { id: 'CreditNoteSending', description: 'One e-mail of the credit note' });

/** Beside `data.object` in the e-mail events: the e-mail whose delivery was reported. */
export const emailReport = z
  .strictObject(emailSent)
  .register(z.globalRegistry, { id: 'EmailReport', description: 'One e-mail and what the mail service reported' });

const _agreeSending: [Same<z.output<typeof quoteSending>, ReturnType<typeof sendingResource>>] = [true];

export const suppressionResponse = z
  .strictObject({
    address: z.string(),
    reason: z.enum(['bounce', 'complaint']),
    created_at: timestamp,
    message_id: z.string(),
    document: z.strictObject({ kind: z.enum(['invoice', 'credit_note', 'quote']), id: z.string() }),
  })
  .register(z.globalRegistry, {
    id: 'EmailSuppression',
    description: 'An address the organization no longer mails: it bounced hard or complained',
  });

const _agreeSuppression: [Same<z.output<typeof suppressionResponse>, ReturnType<typeof suppressionResource>>] = [true];

export const suppressionPage = pageOf(suppressionResponse).register(z.globalRegistry, { id: 'EmailSuppressionPage' });
