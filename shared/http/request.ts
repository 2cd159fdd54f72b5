import type { Context } from 'aws-lambda';
import type { Principal } from '#shared/auth/principal';
import type { Logger } from '#shared/observability/logger';

/** What the middleware chain adds to the Lambda context, in the order it adds it. */
export type RequestContext = Context & {
  requestId: string;
  log: Logger;
  /** Scheme and host the caller used, for absolute links such as `next`. */
  baseUrl: string;
  principal?: Principal;
  /** The parsed JSON body; undefined when the request had no body. */
  json?: unknown;
  /** A route that takes a file as its body: the bytes and their media type. */
  file?: { bytes: Buffer; mediaType: string };
};

/**
 * A handler's answer before it is turned into an API Gateway result: a JSON `body`, or a `raw`
 * document (HTML, PDF) with its content type; binary documents travel base64-encoded.
 */
export type Reply = {
  status: number;
  body?: unknown;
  raw?: { content: string | Uint8Array; contentType: string };
  headers?: Record<string, string>;
};

export const header = (headers: Record<string, string | undefined> | undefined, name: string) => {
  if (!headers) return undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
};
