// SES's e-mail sending events, as its configuration set publishes them to EventBridge (the record
// in `detail`, with `eventType`), read into delivery reports. Every e-mail the service sends carries
// message tags naming its organization and document, and SES repeats them in `mail.tags`.
import * as z from 'zod/mini';
import type { BounceType, DeliveryReport, DeliveryStatus } from '#shared/domain/email-delivery';

/** The document an e-mail is about. */
export type MailAbout = {
  organizationId: string;
  document: { kind: 'invoice' | 'credit_note' | 'quote' | 'invitation'; id: string };
};

/** Tag names: SES allows letters, digits, `_` and `-` in names and values. */
const TAG = { organization: 'organization_id', kind: 'document_kind', document: 'document_id' } as const;

export const messageTags = (about: MailAbout) => [
  { Name: TAG.organization, Value: about.organizationId },
  { Name: TAG.kind, Value: about.document.kind },
  { Name: TAG.document, Value: about.document.id },
];

/** The EventBridge detail types of the events the configuration set publishes, by `eventType`. */
export const SES_DETAIL_TYPES = {
  Send: 'Email Sent',
  Delivery: 'Email Delivered',
  Bounce: 'Email Bounced',
  Complaint: 'Email Complaint Received',
  Reject: 'Email Rejected',
  DeliveryDelay: 'Email Delivery Delayed',
} as const;
export type SesEventType = keyof typeof SES_DETAIL_TYPES;

export const SES_EVENT_SOURCE = 'aws.ses';

const address = z.looseObject({ emailAddress: z.string() });
// SES may add fields: every object is loose, and only what the reports need is required.
const sesRecord = z.looseObject({
  eventType: z.string(),
  mail: z.looseObject({
    timestamp: z.string(),
    messageId: z.string(),
    destination: z.array(z.string()),
    tags: z._default(z.record(z.string(), z.array(z.string())), {}),
  }),
  delivery: z.optional(z.looseObject({ timestamp: z.string(), recipients: z.array(z.string()) })),
  bounce: z.optional(
    z.looseObject({
      bounceType: z.string(),
      bounceSubType: z.optional(z.string()),
      bouncedRecipients: z.array(address),
      timestamp: z.string(),
    }),
  ),
  complaint: z.optional(z.looseObject({ complainedRecipients: z.array(address), timestamp: z.string() })),
  reject: z.optional(z.looseObject({ reason: z.optional(z.string()) })),
  deliveryDelay: z.optional(z.looseObject({ timestamp: z.string(), delayedRecipients: z.array(address) })),
});
export type SesRecord = z.infer<typeof sesRecord>;

/** What the EventBridge rule puts on the e-mail status queue. */
export const sesBusMessage = z.looseObject({ 'detail-type': z.string(), source: z.string(), detail: sesRecord });
export type SesBusMessage = z.infer<typeof sesBusMessage>;

const BOUNCE_TYPES: Record<string, BounceType> = {
  Permanent: 'permanent',
  Transient: 'transient',
  Undetermined: 'undetermined',
};

/** The e-mail's document (from its tags), or undefined for mail the service did not send. */
export function aboutOf(record: SesRecord): MailAbout | undefined {
  const tag = (name: string) => record.mail.tags[name]?.[0];
  const [organizationId, kind, id] = [tag(TAG.organization), tag(TAG.kind), tag(TAG.document)];
  if (!organizationId || !id || (kind !== 'invoice' && kind !== 'credit_note' && kind !== 'quote')) return undefined;
  return { organizationId, document: { kind, id } };
}

/** One report per recipient the event is about; none for event types that say nothing of delivery. */
export function reportsOf(record: SesRecord): DeliveryReport[] {
  const { messageId } = record.mail;
  const each = (recipients: string[], status: DeliveryStatus, at: string, bounceType?: BounceType) =>
    recipients.map((recipient) => ({ messageId, recipient, status, at, ...(bounceType ? { bounceType } : {}) }));
  const emails = (list: { emailAddress: string }[]) => list.map((entry) => entry.emailAddress);
  switch (record.eventType) {
    case 'Delivery':
      return record.delivery ? each(record.delivery.recipients, 'delivered', record.delivery.timestamp) : [];
    case 'Bounce': {
      const bounce = record.bounce;
      if (!bounce) return [];
      const type = BOUNCE_TYPES[bounce.bounceType] ?? 'undetermined';
      return each(emails(bounce.bouncedRecipients), 'bounced', bounce.timestamp, type);
    }
    case 'Complaint':
      return record.complaint
        ? each(emails(record.complaint.complainedRecipients), 'complained', record.complaint.timestamp)
        : [];
    case 'Reject':
      return each(record.mail.destination, 'rejected', record.mail.timestamp);
    case 'DeliveryDelay':
      return record.deliveryDelay
        ? each(emails(record.deliveryDelay.delayedRecipients), 'delivery_delayed', record.deliveryDelay.timestamp)
        : [];
    default:
      // Send says only what the sending already records; opens and clicks are not tracked.
      return [];
  }
}
