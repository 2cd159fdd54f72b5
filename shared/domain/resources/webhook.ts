import type { Webhook } from '#shared/domain/webhook';
// How a subscription looks in responses: never its secrets, except the new one once, at creation
// and rotation.

export const webhookResource = (webhook: Webhook) => ({
  id: webhook.id,
  url: webhook.url,
  events: webhook.events,
  status: webhook.status,
  disabled_reason: webhook.disabled_reason ?? null,
  created_at: webhook.created_at,
  updated_at: webhook.updated_at,
});

export const webhookWithSecret = (webhook: Webhook) => ({
  ...webhookResource(webhook),
  secret: webhook.secrets[0]!.secret,
});
