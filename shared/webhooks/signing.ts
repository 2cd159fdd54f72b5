// Standard Webhooks signing: HMAC-SHA256 over "<webhook-id>.<webhook-timestamp>.<body>" with the
// base64-decoded secret (the part after "whsec_"), sent as "webhook-signature: v1,<base64>".
// Receivers verify with the `standardwebhooks` package or any implementation of the spec.
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { SECRET_PREFIX } from '#shared/domain/webhook';

/** Secrets decoded into keys once per process (a delivery worker signs with the same few all day). */
const keys = new Map<string, KeyObject>();
const KEPT_KEYS = 256;

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= KEPT_KEYS) keys.clear();
    const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
    key = createSecretKey(Buffer.from(encoded, 'base64'));
    keys.set(secret, key);
  }
  return key;
}

export function signWebhook(secret: string, messageId: string, timestamp: Date, body: string): string {
  const key = keyOf(secret);
  const seconds = Math.floor(timestamp.getTime() / 1000);
  return `v1,${createHmac('sha256', key).update(`${messageId}.${seconds}.`).update(body).digest('base64')}`;
}

/** The headers of one delivery attempt; several secrets (during rotation) give several signatures. */
export function webhookHeaders(
  secrets: string[],
  messageId: string,
  timestamp: Date,
  body: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => signWebhook(secret, messageId, timestamp, body)).join(' '),
  };
}
