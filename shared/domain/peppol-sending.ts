// A document's sending over Peppol (docs/peppol.md "Sending"): queued when it is asked for, sent once
// the access point has taken it, then delivered or failed as the network reports. Its status only
// moves forward, and delivered and failed are final: a late or repeated report changes nothing.
import { PEPPOL_DOCUMENT_TYPES, type PeppolDocumentType } from '#shared/domain/peppol';

/** How a document goes out: by e-mail, over Peppol, or over Peppol where the buyer receives it there, else by e-mail. */
export const DELIVERY_CHANNELS = ['email', 'peppol', 'auto'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const PEPPOL_SENDING_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;
export type PeppolSendingStatus = (typeof PEPPOL_SENDING_STATUSES)[number];

export type PeppolSending = {
  /** `snd_…`: the transmission's idempotency key at the access point. */
  id: string;
  channel: 'peppol';
  /** The buyer's participant id, `scheme:identifier`. */
  to: string;
  status: PeppolSendingStatus;
  status_at: string;
  queued_at: string;
  /** The access point's id of the transmission, once it has taken it. */
  transmission_id: string | null;
  /** SHA-256 of the UBL bytes transmitted (the same as `?format=peppol`), once transmitted. */
  sha256: string | null;
  /** Why it failed. */
  reason: string | null;
};

const RANK: Record<PeppolSendingStatus, number> = { queued: 0, sent: 1, delivered: 2, failed: 2 };

export const isFinal = (status: PeppolSendingStatus) => RANK[status] === 2;

/** What a report makes of the sending: the sending moved on, or undefined where it would not move forward. */
export function advanced(
  sending: PeppolSending,
  report: { status: PeppolSendingStatus; reason?: string; transmission_id?: string; sha256?: string },
  now: Date,
): PeppolSending | undefined {
  if (isFinal(sending.status) || RANK[report.status] < RANK[sending.status]) return undefined;
  const moves = RANK[report.status] > RANK[sending.status];
  const fills = (report.transmission_id && !sending.transmission_id) || (report.sha256 && !sending.sha256);
  if (!moves && !fills) return undefined;
  return {
    ...sending,
    status: report.status,
    status_at: moves ? now.toISOString() : sending.status_at,
    transmission_id: sending.transmission_id ?? report.transmission_id ?? null,
    sha256: sending.sha256 ?? report.sha256 ?? null,
    reason: report.status === 'failed' ? (report.reason ?? 'the transmission failed') : null,
  };
}

/** The event each status announces, per document kind. */
export const PEPPOL_EVENTS = {
  invoice: {
    queued: 'invoice.peppol_queued',
    sent: 'invoice.peppol_sent',
    delivered: 'invoice.peppol_delivered',
    failed: 'invoice.peppol_failed',
  },
  credit_note: {
    queued: 'credit_note.peppol_queued',
    sent: 'credit_note.peppol_sent',
    delivered: 'credit_note.peppol_delivered',
    failed: 'credit_note.peppol_failed',
  },
} as const satisfies Record<PeppolDocumentType, Record<PeppolSendingStatus, string>>;

/** The document a Peppol sending is of. */
export type PeppolDocument = { kind: PeppolDocumentType; id: string };

/** The kind of document whose sending the event announces queued, if it is one of those. */
export const queuedKindOf = (eventType: string): PeppolDocumentType | undefined =>
  PEPPOL_DOCUMENT_TYPES.find((kind) => PEPPOL_EVENTS[kind].queued === eventType);

/** A sending to `to` as it is asked for: queued, with nothing transmitted yet. */
export const queuedSending = (id: string, to: string, now: Date): PeppolSending => ({
  id,
  channel: 'peppol',
  to,
  status: 'queued',
  status_at: now.toISOString(),
  queued_at: now.toISOString(),
  transmission_id: null,
  sha256: null,
  reason: null,
});

/** The last sending that has not failed: what a repeated request answers. */
export const standingSending = (sendings: readonly PeppolSending[] | undefined) =>
  [...(sendings ?? [])].reverse().find((sending) => sending.status !== 'failed');

/** What a sending looks like in answers and events. */
export const peppolSendingResource = (sending: PeppolSending) => ({
  id: sending.id,
  channel: sending.channel,
  to: sending.to,
  status: sending.status,
  status_at: sending.status_at,
  transmission_id: sending.transmission_id,
  sha256: sending.sha256,
  reason: sending.reason,
});
