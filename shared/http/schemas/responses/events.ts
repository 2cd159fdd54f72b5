// Events as the event log lists them and webhooks deliver them: one schema per kind, whose
// `data.object` is the resource as the API answers it (docs/events.md), and the delivery log.
import * as z from 'zod/mini';
import { peppolSendingResponse } from '#shared/http/schemas/responses/peppol';
import type { EventType } from '#shared/domain/events';
import { ACTOR_TYPES } from '#shared/domain/actor';
import { ROLES } from '#shared/domain/roles';
import type { deliveryResource } from '#shared/domain/resources/delivery';
import { idOfResource, pageOf, type Same, timestamp } from '#shared/http/schemas/responses/common';
import { apiKeyResponse, organizationResponse } from '#shared/http/schemas/responses/access';
import { clientResponse } from '#shared/http/schemas/responses/clients';
import { creditNoteResponse } from '#shared/http/schemas/responses/credit-notes';
import { invoiceResponse } from '#shared/http/schemas/responses/invoices';
import { paymentResponse, refundResponse } from '#shared/http/schemas/responses/payments';
import { emailReport, suppressionResponse } from '#shared/http/schemas/responses/sending';
import { quoteResponse } from '#shared/http/schemas/responses/quotes';
import { invitationResponse, memberResponse } from '#shared/http/schemas/responses/members';
import { exportResponse } from '#shared/http/schemas/responses/exports';
import { archiveRecordResponse } from '#shared/http/schemas/responses/archive';
import { incomingInvoiceResponse } from '#shared/http/schemas/responses/incoming-invoices';
import { recurringInvoiceResponse } from '#shared/http/schemas/responses/recurring';
import { webhookResponse } from '#shared/http/schemas/responses/webhooks';
import { bankStatementResponse, bankTransactionResponse } from '#shared/http/schemas/responses/bank-statements';

/** Who made the change (null on events older than actors): ids only, no names or addresses. */
export const actorResponse = z
  .strictObject({ type: z.enum(ACTOR_TYPES), id: z.string(), role: z.nullable(z.enum(ROLES)) })
  .register(z.globalRegistry, {
    id: 'Actor',
    description:
      '`user` (a signed-in user: their id and role), `api_key` (its id), `public` (whoever holds a public link: the route), `system` (a job or worker: its name)',
  });

const ping = z.strictObject({ webhook_id: idOfResource('whk'), message: z.string() });

/** What `data` holds for each kind: the object, and beside it the payment or refund that caused it. */
const DATA: Record<EventType, z.ZodMiniObject> = {
  'organization.updated': z.strictObject({ object: organizationResponse }),
  'client.created': z.strictObject({ object: clientResponse }),
  'client.updated': z.strictObject({ object: clientResponse }),
  'client.archived': z.strictObject({ object: clientResponse }),
  'invoice.created': z.strictObject({ object: invoiceResponse }),
  'invoice.updated': z.strictObject({ object: invoiceResponse }),
  'invoice.sent': z.strictObject({ object: invoiceResponse, sending: z.optional(peppolSendingResponse) }),
  'invoice.reminder_sent': z.strictObject({ object: invoiceResponse }),
  'invoice.paid': z.strictObject({ object: invoiceResponse, payment: paymentResponse }),
  'invoice.overdue': z.strictObject({ object: invoiceResponse }),
  'invoice.voided': z.strictObject({ object: invoiceResponse }),
  'invoice.credited': z.strictObject({ object: invoiceResponse }),
  'invoice.email_delivered': z.strictObject({ object: invoiceResponse, email: emailReport }),
  'invoice.email_bounced': z.strictObject({ object: invoiceResponse, email: emailReport }),
  'invoice.email_complained': z.strictObject({ object: invoiceResponse, email: emailReport }),
  'invoice.peppol_queued': z.strictObject({ object: invoiceResponse, sending: peppolSendingResponse }),
  'invoice.peppol_sent': z.strictObject({ object: invoiceResponse, sending: peppolSendingResponse }),
  'invoice.peppol_delivered': z.strictObject({ object: invoiceResponse, sending: peppolSendingResponse }),
  'invoice.peppol_failed': z.strictObject({ object: invoiceResponse, sending: peppolSendingResponse }),
  'payment.received': z.strictObject({ object: invoiceResponse, payment: paymentResponse }),
  'payment.reversed': z.strictObject({ object: invoiceResponse, payment: paymentResponse }),
  'credit_note.created': z.strictObject({ object: creditNoteResponse }),
  'credit_note.updated': z.strictObject({ object: creditNoteResponse }),
  'credit_note.sent': z.strictObject({ object: creditNoteResponse }),
  'credit_note.email_delivered': z.strictObject({ object: creditNoteResponse, email: emailReport }),
  'credit_note.email_bounced': z.strictObject({ object: creditNoteResponse, email: emailReport }),
  'credit_note.email_complained': z.strictObject({ object: creditNoteResponse, email: emailReport }),
  'credit_note.peppol_queued': z.strictObject({ object: creditNoteResponse, sending: peppolSendingResponse }),
  'credit_note.peppol_sent': z.strictObject({ object: creditNoteResponse, sending: peppolSendingResponse }),
  'credit_note.peppol_delivered': z.strictObject({ object: creditNoteResponse, sending: peppolSendingResponse }),
  'credit_note.peppol_failed': z.strictObject({ object: creditNoteResponse, sending: peppolSendingResponse }),
  'refund.created': z.strictObject({ object: invoiceResponse, refund: refundResponse }),
  'refund.succeeded': z.strictObject({ object: invoiceResponse, refund: refundResponse }),
  'refund.failed': z.strictObject({ object: invoiceResponse, refund: refundResponse }),
  'quote.created': z.strictObject({ object: quoteResponse }),
  'quote.updated': z.strictObject({ object: quoteResponse }),
  'quote.sent': z.strictObject({ object: quoteResponse }),
  'quote.accepted': z.strictObject({ object: quoteResponse }),
  'quote.declined': z.strictObject({ object: quoteResponse }),
  'quote.expired': z.strictObject({ object: quoteResponse }),
  'quote.email_delivered': z.strictObject({ object: quoteResponse, email: emailReport }),
  'quote.email_bounced': z.strictObject({ object: quoteResponse, email: emailReport }),
  'quote.email_complained': z.strictObject({ object: quoteResponse, email: emailReport }),
  'incoming_invoice.received': z.strictObject({ object: incomingInvoiceResponse }),
  'incoming_invoice.invalid': z.strictObject({ object: incomingInvoiceResponse }),
  'incoming_invoice.duplicate': z.strictObject({ object: incomingInvoiceResponse, first_id: idOfResource('inc') }),
  'incoming_invoice.accepted': z.strictObject({ object: incomingInvoiceResponse }),
  'incoming_invoice.rejected': z.strictObject({ object: incomingInvoiceResponse }),
  'incoming_invoice.paid': z.strictObject({ object: incomingInvoiceResponse }),
  'archive_record.written': z.strictObject({ object: archiveRecordResponse }),
  'bank_statement.created': z.strictObject({ object: bankStatementResponse }),
  'bank_statement.imported': z.strictObject({ object: bankStatementResponse }),
  'bank_transaction.matched': z.strictObject({ object: bankTransactionResponse }),
  'bank_transaction.unmatched': z.strictObject({ object: bankTransactionResponse }),
  'bank_transaction.needs_review': z.strictObject({ object: bankTransactionResponse }),
  'export.created': z.strictObject({ object: exportResponse }),
  'export.completed': z.strictObject({ object: exportResponse }),
  'export.failed': z.strictObject({ object: exportResponse }),
  'recurring_invoice.created': z.strictObject({ object: recurringInvoiceResponse }),
  'recurring_invoice.updated': z.strictObject({ object: recurringInvoiceResponse }),
  'recurring_invoice.paused': z.strictObject({ object: recurringInvoiceResponse }),
  'recurring_invoice.resumed': z.strictObject({ object: recurringInvoiceResponse }),
  'recurring_invoice.ended': z.strictObject({ object: recurringInvoiceResponse }),
  'member.added': z.strictObject({ object: memberResponse }),
  'member.updated': z.strictObject({ object: memberResponse }),
  'member.removed': z.strictObject({ object: memberResponse }),
  'invitation.created': z.strictObject({ object: invitationResponse }),
  'invitation.revoked': z.strictObject({ object: invitationResponse }),
  'api_key.created': z.strictObject({ object: apiKeyResponse }),
  'api_key.disabled': z.strictObject({ object: apiKeyResponse }),
  'api_key.enabled': z.strictObject({ object: apiKeyResponse }),
  'api_key.revoked': z.strictObject({ object: apiKeyResponse }),
  'email_suppression.deleted': z.strictObject({ object: suppressionResponse }),
  'webhook.created': z.strictObject({ object: webhookResponse }),
  'webhook.updated': z.strictObject({ object: webhookResponse }),
  'webhook.secret_rotated': z.strictObject({ object: webhookResponse }),
  'webhook.deleted': z.strictObject({ object: webhookResponse }),
  'webhook.disabled': z.strictObject({ object: webhookResponse }),
  ping: z.strictObject({ object: ping }),
};

/** The schema's name in the document: `invoice.paid` → `InvoicePaidEvent`. */
export const eventSchemaName = (type: string) =>
  `${type
    .split(/[._]/)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')}Event`;

/** An event of one kind: its envelope, and the `data` of that kind. */
const eventOf = (type: string, data: z.ZodMiniObject): z.ZodMiniObject =>
  z
    .strictObject({
      id: idOfResource('evt'),
      type: z.literal(type),
      organization_id: idOfResource('org'),
      created_at: timestamp,
      data,
      actor: z.nullable(actorResponse),
    })
    .register(z.globalRegistry, { id: eventSchemaName(type) });

/** One schema per kind, by kind. */
export const eventResponses = Object.fromEntries(
  Object.entries(DATA).map(([type, data]) => [type, eventOf(type, data)]),
) as Record<EventType, z.ZodMiniObject>;

export const eventResponse = z
  .discriminatedUnion('type', Object.values(eventResponses) as [z.ZodMiniObject, ...z.ZodMiniObject[]])
  .register(z.globalRegistry, { id: 'Event', description: 'An event of any kind, told apart by `type`' });

export const eventPage = pageOf(eventResponse).register(z.globalRegistry, { id: 'EventPage' });

export const deliveryResponse = z
  .strictObject({
    id: idOfResource('evt'),
    webhook_id: idOfResource('whk'),
    event_id: idOfResource('evt'),
    event_type: z.string(),
    status: z.enum(['delivered', 'retrying', 'failed', 'skipped']),
    attempt_count: z.number(),
    attempts: z.array(
      z.strictObject({
        at: timestamp,
        outcome: z.enum(['delivered', 'failed', 'gone', 'refused']),
        status_code: z.nullable(z.number()),
        duration_ms: z.number(),
        response_excerpt: z.nullable(z.string()),
        error: z.nullable(z.string()),
        retry_after_seconds: z.nullable(z.number()),
      }),
    ),
    next_retry_at: z.nullable(timestamp),
    updated_at: timestamp,
    correlation_id: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'Delivery' });

export const deliveryPage = pageOf(deliveryResponse).register(z.globalRegistry, { id: 'DeliveryPage' });

export const retryQueuedResponse = z
  .strictObject({ id: idOfResource('evt'), status: z.literal('queued') })
  .register(z.globalRegistry, { id: 'RetryQueued' });

export const pingQueuedResponse = z
  .strictObject({ event_id: idOfResource('evt'), type: z.literal('ping') })
  .register(z.globalRegistry, { id: 'PingQueued' });

const _agree: [Same<z.output<typeof deliveryResponse>, ReturnType<typeof deliveryResource>>] = [true];
