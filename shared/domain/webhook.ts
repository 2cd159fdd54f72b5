// A webhook subscription: where an organization's events are delivered and the secrets that sign them.
import { randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** A new signing secret in the Standard Webhooks format. */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

export type Webhook = {
  id: string;
  organization_id: string;
  url: string;
  events: string[];
  status: 'enabled' | 'disabled';
  disabled_reason?: string;
  /** Newest first; older ones carry the moment they stop signing. */
  secrets: { secret: string; retires_at?: string }[];
  failing_since?: string;
  created_at: string;
  updated_at: string;
};
