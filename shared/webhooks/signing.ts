// Standard Webhooks signing: HMAC-SHA256 over "<webhook-id>.<webhook-timestamp>.<body>" with the
// base64-decoded secret (the part after "whsec_"), sent as "webhook-signature: v1,<base64>".
// Receivers verify with the `standardwebhooks` package or any implementation of the spec.
//
// The keyed state (the key's inner and outer pads, hashed) is made once per secret and restored for
// each message. node:crypto keeps no keyed state between messages: it builds one for every HMAC, and
// that set-up cost a delivery more than the rest of its code together (docs/performance.md).
// fast-sha256 is the HMAC the Standard Webhooks reference library signs with.
import { HMAC } from 'fast-sha256';
import { SECRET_PREFIX } from '#shared/domain/webhook';

/** Keyed states per secret (a delivery worker signs with the same few all day). */
const keyed = new Map<string, HMAC>();
const KEPT_KEYS = 256;

function keyedState(secret: string): HMAC {
  let state = keyed.get(secret);
  if (!state) {
    if (keyed.size >= KEPT_KEYS) keyed.clear();
    const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
    state = new HMAC(Buffer.from(encoded, 'base64'));
    keyed.set(secret, state);
  }
  return state;
}

export function signWebhook(secret: string, messageId: string, timestamp: Date, body: string): string {
  const seconds = Math.floor(timestamp.getTime() / 1000);
  // Synchronous from reset to digest: no other signature can interleave on the shared state.
  const mac = keyedState(secret)
    .reset()
    .update(Buffer.from(`${messageId}.${seconds}.${body}`))
    .digest();
  return `v1,${Buffer.from(mac.buffer, mac.byteOffset, mac.byteLength).toString('base64')}`;
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
