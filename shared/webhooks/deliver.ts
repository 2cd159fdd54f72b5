// One delivery attempt of a webhook: sign, connect to the address the destination rules allow (the
// checked address is the dialled address, so DNS rebinding cannot slip past), POST, and judge the
// answer. Redirects are failures and never followed; the receiver is cut off at the timeout.
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { lookup as dnsLookup } from 'node:dns/promises';
import {
  type Destination,
  DestinationRefusedError,
  type DestinationPolicy,
  destinationOf,
  type Lookup,
  lookedUpAddress,
} from '#shared/webhooks/destination';
import { webhookHeaders } from '#shared/webhooks/signing';
import type { Attempt, AttemptOutcome } from '#shared/domain/delivery';

export type DeliveryRequest = {
  url: string;
  /** Current secret first; during a rotation the previous one signs too. */
  secrets: string[];
  messageId: string;
  body: string;
  policy: DestinationPolicy;
  timeoutMs?: number;
  lookup?: Lookup;
  now?: () => Date;
};

const EXCERPT_BYTES = 1024;
export const DELIVERY_USER_AGENT = 'invoicing-webhooks/1';
const systemLookup: Lookup = (hostname, options) => dnsLookup(hostname, options);

function retryAfterSeconds(response: IncomingMessage, now: Date): number | undefined {
  if (response.statusCode !== 429 && response.statusCode !== 503) return undefined;
  const value = response.headers['retry-after'];
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value) ? Number(value) : Math.ceil((Date.parse(value) - now.getTime()) / 1000);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 86_400) : undefined;
}

/** Settles the attempt once; later calls (a close after an end, an error after a close) change nothing. */
type Finish = (attempt: Omit<Attempt, 'at' | 'duration_ms'>) => void;

export async function attemptDelivery({
  url,
  secrets,
  messageId,
  body,
  policy,
  timeoutMs = 10_000,
  lookup = systemLookup,
  now = () => new Date(),
}: DeliveryRequest): Promise<Attempt> {
  const started = now();
  const startedMs = started.getTime();
  const elapsed = () => now().getTime() - startedMs;
  let destination: Destination;
  let target: { address: string };
  try {
    // The URL that is checked is the URL that is dialled; a name is looked up and checked now.
    destination = destinationOf(url, policy);
    target = destination.literal ?? (await lookedUpAddress(destination.host, lookup));
  } catch (error) {
    return undialled(error, started.toISOString(), elapsed());
  }
  const headers = webhookHeaders(secrets, messageId, started, body);
  headers.host = destination.url.host;
  headers['user-agent'] = DELIVERY_USER_AGENT;

  return new Promise<Attempt>((resolve) => {
    const finish: Finish = (attempt) => resolve({ at: started.toISOString(), duration_ms: elapsed(), ...attempt });
    const req = openRequest(destination.url, target.address, headers, (response) =>
      readAnswer(response, started, finish),
    );
    // One hard deadline (an idle timeout of the same length could never fire first): a receiver that
    // trickles bytes is cut off too.
    const deadline = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (error) => finish({ outcome: 'failed', error: error.message }));
    req.on('close', () => clearTimeout(deadline));
    req.end(body);
  });
}

/** The attempt that never connected: the destination rules refused it, or its name did not resolve. */
function undialled(error: unknown, at: string, duration_ms: number): Attempt {
  if (error instanceof DestinationRefusedError)
    return { at, outcome: 'refused', duration_ms, error: `destination ${error.message}` };
  return { at, outcome: 'failed', duration_ms, error: `lookup failed: ${(error as Error).message}` };
}

/** A POST to the checked address, TLS still verified against the URL's host name. */
function openRequest(
  destination: URL,
  address: string,
  headers: Record<string, string>,
  onResponse: (response: IncomingMessage) => void,
): ClientRequest {
  const secure = destination.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  return send(
    {
      host: address,
      port: destination.port || (secure ? 443 : 80),
      path: `${destination.pathname}${destination.search}`,
      method: 'POST',
      headers,
      ...(secure ? { servername: destination.hostname } : {}),
    },
    onResponse,
  );
}

/**
 * Judges the answer by its status, keeping its first kilobyte; the rest is not read. 'close' follows
 * both the end of the answer and its loss, so it alone settles the attempt.
 */
function readAnswer(response: IncomingMessage, started: Date, finish: Finish) {
  const chunks: Buffer[] = [];
  let size = 0;
  response.on('data', (chunk: Buffer) => {
    if (size < EXCERPT_BYTES) chunks.push(chunk);
    size += chunk.length;
    if (size >= EXCERPT_BYTES) response.destroy();
  });
  response.on('close', () => {
    const status = response.statusCode ?? 0;
    const excerpt = chunks.length === 0 ? '' : Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
    const outcome: AttemptOutcome = status >= 200 && status < 300 ? 'delivered' : status === 410 ? 'gone' : 'failed';
    finish({
      outcome,
      status_code: status,
      response_excerpt: excerpt,
      retry_after_seconds: retryAfterSeconds(response, started),
      ...(status >= 300 && status < 400 ? { error: 'redirects are not followed' } : {}),
    });
  });
}
