// The bodies the queue workers take, validated before any work (a body that does not parse fails its
// record, which the queue's redrive moves to the dead-letter queue after its receives).
import * as z from 'zod/mini';
import type { DeliveryMessage } from '#shared/webhooks/fanout';
import { API_KEY_USE, type ApiKeyUse } from '#shared/domain/api-key-usage';
import type { OutboxEvent } from '#shared/domain/events';
import { PEPPOL_DOCUMENT_TYPES } from '#shared/domain/peppol';
import type { OrganizationRun } from '#shared/recurring/runner';
import { ACCESS_POINTS } from '#shared/peppol/access-point';
import { type ArrivalMessage, PEPPOL_ARRIVAL_PREFIX } from '#shared/peppol/keep-arrival';

const outboxEvent: z.ZodMiniType<OutboxEvent> = z.looseObject({
  id: z.string(),
  type: z.string(),
  organization_id: z.string(),
  created_at: z.string(),
  data: z.looseObject({ object: z.unknown() }),
  correlation_id: z.optional(z.string()),
}) as unknown as z.ZodMiniType<OutboxEvent>;

/** What an EventBridge rule puts on a queue: the event envelope, our outbox event in `detail`. */
export const busMessage = z.looseObject({ detail: outboxEvent });

/** One queued webhook delivery (shared/webhooks/fanout.ts). */
export const deliveryMessage: z.ZodMiniType<DeliveryMessage> = z.object({
  organization_id: z.string(),
  webhook_id: z.string(),
  event: outboxEvent,
});

/** One organization's share of a recurring run (shared/recurring/queue.ts). */
export const organizationRun: z.ZodMiniType<OrganizationRun> = z.object({
  organization_id: z.string(),
  recurring_ids: z.array(z.string()),
  now: z.string(),
  today: z.optional(z.string()),
});

/** One API-key usage line from a route function's output (shared/observability/api-key-use.ts). */
export const apiKeyUseLine: z.ZodMiniType<ApiKeyUse> = z.object({
  kind: z.literal(API_KEY_USE),
  organization_id: z.string(),
  api_key_id: z.string(),
  at: z.iso.datetime(),
});

/** What the Peppol queue carries: a sending queued (its event, from the bus), or a later look at one (shared/peppol/transmit-sending.ts). */
export const peppolMessage = z.union([
  busMessage,
  z.object({
    kind: z.literal('check'),
    organization_id: z.string(),
    document: z.object({ kind: z.enum(PEPPOL_DOCUMENT_TYPES), id: z.string() }),
    sending_id: z.string(),
    attempt: z.int().check(z.minimum(0)),
    correlation_id: z.optional(z.string()),
  }),
]);

/**
 * SES's notification of a received e-mail whose receipt rule wrote its MIME to S3 (the rule's SNS topic,
 * raw delivery onto the queue). Other notifications (SES's setup test) are taken and left alone.
 */
const sesReceived = z.looseObject({
  notificationType: z.literal('Received'),
  mail: z.looseObject({ messageId: z.string().check(z.minLength(1)) }),
  receipt: z.looseObject({
    recipients: z.array(z.string()),
    virusVerdict: z.optional(z.looseObject({ status: z.string() })),
    action: z.looseObject({ type: z.literal('S3'), bucketName: z.string(), objectKey: z.string() }),
  }),
});
export type SesReceived = z.infer<typeof sesReceived>;

export const sesReceivedNotification = z.union([
  sesReceived,
  z.looseObject({ notificationType: z.string().check(z.refine((type) => type !== 'Received')) }),
]);

/** What the Peppol gateway puts on the incoming-peppol queue for each received document it kept (shared/peppol/keep-arrival.ts). */
export const peppolArrivalMessage: z.ZodMiniType<ArrivalMessage> = z.object({
  access_point: z.enum(ACCESS_POINTS),
  message_id: z.string().check(z.minLength(1), z.maxLength(200)),
  key: z.string().check(z.startsWith(PEPPOL_ARRIVAL_PREFIX), z.maxLength(300)),
  sender: z.nullable(z.string().check(z.maxLength(200))),
  receiver: z.nullable(z.string().check(z.maxLength(200))),
});
