// How e-mail delivery looks in responses and events: every sending and reminder states its delivery
// status and when it was last reported, and suppressed addresses are listed as kept.
import type { Delivered, EmailSuppression } from '#shared/domain/email-delivery';

/** An entry never reported on is `sent` as of when it was sent. */
export const deliveryOf = (entry: Delivered & { sent_at: string }) => ({
  delivery_status: entry.delivery_status ?? 'sent',
  delivery_status_at: entry.delivery_status_at ?? entry.sent_at,
  bounce_type: entry.bounce_type ?? null,
});

export const sendingResource = <T extends Delivered & { sent_at: string; message_id: string }>(sending: T) => ({
  to: sending.to,
  sent_at: sending.sent_at,
  message_id: sending.message_id,
  ...deliveryOf(sending),
});

export const suppressionResource = (suppression: EmailSuppression) => ({
  address: suppression.address,
  reason: suppression.reason,
  created_at: suppression.created_at,
  message_id: suppression.message_id,
  document: { kind: suppression.document.kind, id: suppression.document.id },
});
