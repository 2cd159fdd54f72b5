// An e-mail to organizations' receiving addresses (shared/domain/inbound-address.ts): its MIME read by
// mailparser, every XML or PDF attachment taken as a candidate into each addressed organization's
// inbox through the one receiving operation, the message itself kept beside them. A candidate that
// is no e-invoice is refused as an upload would be and the others go on; the message's parts are
// each taken in once (`<message id>#<n>`), so a redelivered e-mail adds nothing.
import { createHash } from 'node:crypto';
import { type Attachment, simpleParser } from 'mailparser';
import { incomingEmailKey } from '#shared/aws/incoming-store';
import { getOrganization } from '#shared/data/organizations';
import { DomainError } from '#shared/domain/errors';
import { organizationOfAddress } from '#shared/domain/inbound-address';
import type { ReceivedMediaType } from '#shared/domain/incoming-invoice';
import { type InboxDeps, receiveIncomingInvoice } from '#shared/inbox/receive-incoming-invoice';

/** The most of a message read (SES takes up to 40 MB; an invoice with its attachments is far less). */
export const MAX_EMAIL_BYTES = 25 * 1024 * 1024;
/** Candidates taken from one message: more is a mass mailing, not an invoice. */
const MAX_CANDIDATES = 20;

export type ReceivedEmail = {
  raw: Uint8Array;
  /** The envelope's recipients (SES's `receipt.recipients`): Bcc included, headers not trusted. */
  recipients: string[];
  /** The transport's id of the message (SES's `mail.messageId`). */
  messageId: string;
};

export type EmailOutcome = {
  organization_id: string;
  attachment: string;
  outcome: 'created' | 'existing' | 'refused';
  incoming_invoice_id?: string;
  reason?: string;
};

/** The media type an attachment is read as, by its declared type or, for a generic one, its name. */
function mediaTypeOf(attachment: Attachment): ReceivedMediaType | undefined {
  const type = attachment.contentType.toLowerCase();
  const name = (attachment.filename ?? '').toLowerCase();
  if (type === 'application/pdf' || (type === 'application/octet-stream' && name.endsWith('.pdf')))
    return 'application/pdf';
  if (
    type === 'application/xml' ||
    type === 'text/xml' ||
    (type === 'application/octet-stream' && name.endsWith('.xml'))
  )
    return 'application/xml';
  return undefined;
}

export async function receiveEmail(
  deps: InboxDeps & { domain: string },
  email: ReceivedEmail,
): Promise<EmailOutcome[]> {
  const addressed = [
    ...new Set(email.recipients.flatMap((recipient) => organizationOfAddress(recipient, deps.domain) ?? [])),
  ];
  // An address is well formed for any id: only an organization that exists has an inbox to write to.
  const organizations = [];
  for (const id of addressed) if (await getOrganization(deps.db, id)) organizations.push(id);
  if (organizations.length === 0 || email.raw.byteLength > MAX_EMAIL_BYTES) return [];
  const mail = await simpleParser(Buffer.from(email.raw), {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
  });
  const candidates = mail.attachments.filter((attachment) => mediaTypeOf(attachment)).slice(0, MAX_CANDIDATES);
  const source = {
    channel: 'email' as const,
    message_id: mail.messageId ?? email.messageId,
    from: mail.from?.value[0]?.address ?? null,
    subject: mail.subject ?? null,
  };
  const outcomes: EmailOutcome[] = [];
  for (const organization_id of organizations) {
    const sha256 = createHash('sha256').update(email.raw).digest('hex');
    await deps.store.put(incomingEmailKey(organization_id, sha256), email.raw, 'message/rfc822');
    for (const [index, attachment] of candidates.entries()) {
      const file = {
        bytes: attachment.content,
        media_type: mediaTypeOf(attachment)!,
        file_name: attachment.filename ?? null,
      };
      const name = attachment.filename ?? `attachment ${index + 1}`;
      try {
        const { created, invoice } = await receiveIncomingInvoice(
          deps,
          organization_id,
          file,
          source,
          `${email.messageId}#${index}`,
        );
        outcomes.push({
          organization_id,
          attachment: name,
          outcome: created ? 'created' : 'existing',
          incoming_invoice_id: invoice.id,
        });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        outcomes.push({
          organization_id,
          attachment: name,
          outcome: 'refused',
          reason: String(error.details.reason ?? error.code),
        });
      }
    }
  }
  return outcomes;
}
