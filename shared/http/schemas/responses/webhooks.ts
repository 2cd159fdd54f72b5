// Webhook subscriptions as the API answers them (shared/domain/resources/webhook.ts).
import * as z from 'zod/mini';
import type { webhookResource, webhookWithSecret } from '#shared/domain/resources/webhook';
import { pageOf, idOfResource, nullableText, type Same, timestamp } from '#shared/http/schemas/responses/common';

const fields = {
  id: idOfResource('whk'),
  url: z.url(),
  events: z.array(z.string()),
  status: z.enum(['enabled', 'disabled']),
  disabled_reason: nullableText,
  created_at: timestamp,
  updated_at: timestamp,
};

export const webhookResponse = z.strictObject(fields).register(z.globalRegistry, { id: 'Webhook' });

/** On creation and rotation only: the signing secret, shown once. */
export const webhookWithSecretResponse = z
  .strictObject({
    ...fields,
    secret: z
      .string()
      .check(z.startsWith('whsec_'))
      .register(z.globalRegistry, { examples: ['whsec_MfKQ9r8GKYqXJp7aXJ2k3w8pS1vN4bT6'] }),
  })
  .register(z.globalRegistry, { id: 'WebhookWithSecret' });

export const webhookList = pageOf(webhookResponse).register(z.globalRegistry, { id: 'WebhookList' });

const _agree: [
  Same<z.output<typeof webhookResponse>, ReturnType<typeof webhookResource>>,
  Same<z.output<typeof webhookWithSecretResponse>, ReturnType<typeof webhookWithSecret>>,
] = [true, true];
