// What became of one e-mail: the status each sending (and reminder) carries, and the rule that lets
// reports arriving in any order, any number of times, settle on the same status (docs/collections.md).

export const DELIVERY_STATUSES = [
  'sent',
  'unknown',
  'suppressed',
  'delivery_delayed',
  'delivered',
  'rejected',
  'bounced',
  'complained',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const BOUNCE_TYPES = ['permanent', 'transient', 'undetermined'] as const;
export type BounceType = (typeof BOUNCE_TYPES)[number];

/**
 * How far along a status is: a report only moves an e-mail forward, so a late "delayed" never hides a
 * "delivered", and a complaint (which comes after delivery) outranks it. `unknown` and `suppressed`
 * are never reported by the mail service; they only say what the service itself knows.
 */
const RANK: Record<DeliveryStatus, number> = {
  sent: 0,
  unknown: 0,
  suppressed: 0,
  delivery_delayed: 1,
  delivered: 2,
  rejected: 3,
  bounced: 3,
  complained: 4,
};

/** What the mail service reported for one recipient of one message. */
export type DeliveryReport = {
  messageId: string;
  recipient: string;
  status: DeliveryStatus;
  at: string;
  bounceType?: BounceType;
};

/** The delivery fields of a sending or a reminder as stored. */
export type Delivered = {
  to: string;
  message_id?: string;
  delivery_status?: DeliveryStatus;
  delivery_status_at?: string;
  bounce_type?: BounceType;
};

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether `report` is about this e-mail (its message, its recipient). */
export const reportsOn = (entry: Delivered, report: DeliveryReport) =>
  entry.message_id === report.messageId && sameAddress(entry.to, report.recipient);

/** The entry with the report applied, or undefined when the report changes nothing (a repeat, or news older than it has). */
export function withReport<T extends Delivered>(entry: T, report: DeliveryReport): T | undefined {
  if (!reportsOn(entry, report)) return undefined;
  if (RANK[report.status] <= RANK[entry.delivery_status ?? 'sent']) return undefined;
  return {
    ...entry,
    delivery_status: report.status,
    delivery_status_at: report.at,
    ...(report.bounceType ? { bounce_type: report.bounceType } : {}),
  };
}

/** A hard bounce or a complaint: the organization stops mailing that address until someone lifts it. */
export const suppressionReason = (report: DeliveryReport): 'bounce' | 'complaint' | undefined =>
  report.status === 'complained'
    ? 'complaint'
    : report.status === 'bounced' && report.bounceType === 'permanent'
      ? 'bounce'
      : undefined;

/** The statuses a webhook announces, and the suffix of its event kind (`invoice.email_bounced`, …). */
export const ANNOUNCED_STATUSES = {
  delivered: 'email_delivered',
  bounced: 'email_bounced',
  complained: 'email_complained',
} as const satisfies Partial<Record<DeliveryStatus, string>>;

export const announcedAs = (status: DeliveryStatus) =>
  (ANNOUNCED_STATUSES as Partial<Record<DeliveryStatus, (typeof ANNOUNCED_STATUSES)[keyof typeof ANNOUNCED_STATUSES]>>)[
    status
  ];

/** A suppressed address as kept: lowercased, so one entry covers every spelling. */
export const suppressedAddress = (address: string) => address.trim().toLowerCase();

export type EmailSuppression = {
  address: string;
  reason: 'bounce' | 'complaint';
  created_at: string;
  /** The e-mail whose report caused it. */
  message_id: string;
  document: { kind: 'invoice' | 'credit_note' | 'quote'; id: string };
};
