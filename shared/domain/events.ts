// The event kinds the service emits (docs/events.md is the catalog), and an event as stored.
import type { Actor } from '#shared/domain/actor';

export const EVENT_TYPES = [
  'organization.updated',
  'client.created',
  'client.updated',
  'client.archived',
  'invoice.created',
  'invoice.updated',
  'invoice.sent',
  'invoice.reminder_sent',
  'invoice.paid',
  'invoice.overdue',
  'invoice.voided',
  'invoice.credited',
  'invoice.email_delivered',
  'invoice.email_bounced',
  'invoice.email_complained',
  'invoice.peppol_queued',
  'invoice.peppol_sent',
  'invoice.peppol_delivered',
  'invoice.peppol_failed',
  'payment.received',
  'payment.reversed',
  'credit_note.created',
  'credit_note.updated',
  'credit_note.sent',
  'credit_note.email_delivered',
  'credit_note.email_bounced',
  'credit_note.email_complained',
  'credit_note.peppol_queued',
  'credit_note.peppol_sent',
  'credit_note.peppol_delivered',
  'credit_note.peppol_failed',
  'refund.created',
  'refund.succeeded',
  'refund.failed',
  'quote.created',
  'quote.updated',
  'quote.sent',
  'quote.accepted',
  'quote.declined',
  'quote.expired',
  'quote.email_delivered',
  'quote.email_bounced',
  'quote.email_complained',
  'incoming_invoice.received',
  'incoming_invoice.invalid',
  'incoming_invoice.duplicate',
  'incoming_invoice.accepted',
  'incoming_invoice.rejected',
  'incoming_invoice.paid',
  'archive_record.written',
  'bank_statement.created',
  'bank_statement.imported',
  'bank_transaction.matched',
  'bank_transaction.unmatched',
  'bank_transaction.needs_review',
  'export.created',
  'export.completed',
  'export.failed',
  'recurring_invoice.created',
  'recurring_invoice.updated',
  'recurring_invoice.paused',
  'recurring_invoice.resumed',
  'recurring_invoice.ended',
  'member.added',
  'member.updated',
  'member.removed',
  'invitation.created',
  'invitation.revoked',
  'api_key.created',
  'api_key.disabled',
  'api_key.enabled',
  'api_key.revoked',
  'email_suppression.deleted',
  'webhook.created',
  'webhook.updated',
  'webhook.secret_rotated',
  'webhook.deleted',
  'webhook.disabled',
  'ping',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** A subscription's `events` entry matches a kind exactly, or everything with "*". */
export const subscribedTo = (events: readonly string[], type: string) => events.includes('*') || events.includes(type);

export type OutboxEvent = {
  id: string;
  type: string;
  organization_id: string;
  created_at: string;
  data: { object: unknown; [more: string]: unknown };
  /** Who made the change; absent on events written before actors were recorded. */
  actor?: Actor;
  /** The request that caused the event (internal: logs and the delivery log, never in the event's public shape). */
  correlation_id?: string;
};

/** An event as an operation hands it to a repository: written to the outbox with the change it describes. */
export type NewEvent = { type: EventType; object: unknown; more?: Record<string, unknown> };
