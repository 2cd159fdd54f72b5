// One request to an access point's HTTP API, bounded in time and size. What cannot be told apart
// from a passing fault (no answer in time, a refused connection, a 5xx, a 429) is AccessPointUnavailable
// and tried again later; any other status is the caller's to read.
import { AccessPointUnavailable } from '#shared/peppol/access-point';

/** Longer than an access point's own synchronous AS4 send (phoss-ap answers after it). */
export const ACCESS_POINT_TIMEOUT_MS = 20_000;
/** An access point's answer is small JSON or an SMP's XML; anything larger is not read. */
const MAX_ANSWER_BYTES = 1_048_576;

export type Answer = { status: number; text: string };

export async function accessPointRequest(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs = ACCESS_POINT_TIMEOUT_MS,
): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const why =
      error instanceof Error && error.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : String(error);
    throw new AccessPointUnavailable(`${init.method} ${new URL(url).pathname}: ${why}`);
  }
  const text = await boundedText(response);
  if (response.status >= 500 || response.status === 429)
    throw new AccessPointUnavailable(`${init.method} ${new URL(url).pathname} answered ${response.status}`);
  return { status: response.status, text };
}

async function boundedText(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_ANSWER_BYTES) {
    await response.body?.cancel();
    throw new AccessPointUnavailable(`the answer of ${declared} bytes is larger than ${MAX_ANSWER_BYTES}`);
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new AccessPointUnavailable(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** JSON of an answer, or undefined where it is not JSON. */
export function jsonOf(answer: Answer): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    return undefined;
  }
}
