// One request to an access point's HTTP API, bounded in time and size. What cannot be told apart
// from a passing fault (no answer in time, a refused connection, a 5xx, a 429) is AccessPointUnavailable
// and tried again later; any other status is the caller's to read.
import { AccessPointUnavailable } from '#shared/peppol/access-point';

/** Longer than an access point's own synchronous AS4 send (phoss-ap answers after it). */
export const ACCESS_POINT_TIMEOUT_MS = 20_000;
/** An access point's answer is small JSON or an SMP's XML; anything larger is not read (but a received document). */
const MAX_ANSWER_BYTES = 1_048_576;
/** A received document of at most 10 MB, base64 in JSON where the access point answers so. */
export const MAX_DOCUMENT_ANSWER_BYTES = 16 * 1_048_576;

export type Answer = { status: number; text: string; bytes: Buffer };

export async function accessPointRequest(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs = ACCESS_POINT_TIMEOUT_MS,
  maxBytes = MAX_ANSWER_BYTES,
): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const why =
      error instanceof Error && error.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : String(error);
    throw new AccessPointUnavailable(`${init.method} ${new URL(url).pathname}: ${why}`);
  }
  const bytes = await boundedBody(response, maxBytes);
  if (response.status >= 500 || response.status === 429)
    throw new AccessPointUnavailable(`${init.method} ${new URL(url).pathname} answered ${response.status}`);
  return { status: response.status, text: bytes.toString('utf8'), bytes };
}

async function boundedBody(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new AccessPointUnavailable(`the answer of ${declared} bytes is larger than ${maxBytes}`);
  }
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AccessPointUnavailable(`the answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** JSON of an answer, or undefined where it is not JSON. */
export function jsonOf(answer: Pick<Answer, 'text'>): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    return undefined;
  }
}
