// What the inbox's routes take: the upload's media types and size, the list's filters, the decisions.
import * as z from 'zod/mini';
import { INCOMING_STATUSES, MAX_RECEIVED_BYTES, RECEIVED_MEDIA_TYPES } from '#shared/domain/incoming-invoice';
import { calendarDate, cursor, idOf, listLimit, rangeInOrder, text } from '#shared/http/schemas/common';
import type { FileBodyRule } from '#shared/http/middleware/file-body';

/** The file as the body: XML (text/xml taken as its alias) or PDF, at most 10 MB. */
export const receivedFile: FileBodyRule = {
  mediaTypes: RECEIVED_MEDIA_TYPES,
  maxBytes: MAX_RECEIVED_BYTES,
  aliases: { 'text/xml': 'application/xml' },
};

export const listIncomingInvoicesQuery = z
  .strictObject({
    limit: listLimit,
    cursor,
    status: z.optional(z.enum(INCOMING_STATUSES)),
    seller: z.optional(text(200)),
    issue_date_from: z.optional(calendarDate),
    issue_date_to: z.optional(calendarDate),
    q: z.optional(text(200)),
  })
  .check(rangeInOrder('issue_date_from', 'issue_date_to'));

export const attachmentParams = z.object({
  id: idOf('inc'),
  attachment_id: z.string().check(z.regex(/^[1-9]\d{0,3}$/)),
});

/** Rejecting: the reason is required; it goes back to a Peppol sender. */
export const rejectBody = z.strictObject({ reason: text(1000) });
/** Accepting or marking paid: a reason is optional (an empty body is none). */
export const decisionBody = z._default(z.strictObject({ reason: z.optional(text(1000)) }), {});
