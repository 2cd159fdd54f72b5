// The local object store's front door: the SQS emulator answers S3 too but takes any request, signed
// or not. This server sits before it and lets through only what S3 would: a request signed with
// SigV4 by the local credentials, in its Authorization header (the SDK's calls) or in its query (a
// presigned download link) within X-Amz-Expires. Anything else gets S3's own error XML, 403, so a
// tampered, expired or unsigned export link is refused on a laptop as it is in AWS.
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { Hash } from '@smithy/core/serde';
import { SignatureV4 } from '@smithy/signature-v4';
import { LOCAL_CREDENTIALS, type Stoppable } from '#infra/local/emulators';

type Refusal = { status: number; code: string; message: string };
type Query = Record<string, string>;

const SECRETS: Record<string, string> = {
  [LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID]: LOCAL_CREDENTIALS.AWS_SECRET_ACCESS_KEY,
};
/** S3's longest presigned link: a week. */
const MAX_EXPIRES_SECONDS = 604_800;
const QUERY_AUTH = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
  'X-Amz-Security-Token',
];

const refused = (code: string, message: string, status = 403): Refusal => ({ status, code, message });
const mismatch = () =>
  refused('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');

/** `20261103T101500Z` as a Date; undefined when it is not one. */
function amzDate(text: string | undefined): Date | undefined {
  const parts = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(text ?? '');
  if (!parts) return undefined;
  const [, year, month, day, hour, minute, second] = parts.map(Number) as number[];
  return new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!));
}

/** The signer of the credential scope `key/yyyymmdd/region/s3/aws4_request`, if the key is the local one. */
function signerOf(credential: string | undefined): SignatureV4 | Refusal {
  const [accessKeyId = '', , region, service, terminator] = (credential ?? '').split('/');
  const secretAccessKey = SECRETS[accessKeyId];
  if (!secretAccessKey)
    return refused('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (!region || service !== 's3' || terminator !== 'aws4_request')
    return refused('AuthorizationHeaderMalformed', 'The credential scope is malformed.', 400);
  return new SignatureV4({
    service: 's3',
    region,
    credentials: { accessKeyId, secretAccessKey },
    sha256: Hash.bind(null, 'sha256'),
    uriEscapePath: false,
    applyChecksum: false,
  });
}

const equal = (a: string, b: string) => a.length === b.length && a === b;

/** The request as the signer reads it, with only the headers the signature names. */
function toSign(incoming: IncomingMessage, path: string, query: Query, signedHeaders: string[]) {
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = incoming.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const [hostname = '', port] = String(incoming.headers.host ?? '').split(':');
  return { method: incoming.method ?? 'GET', protocol: 'http:', hostname, port: Number(port), path, query, headers };
}

async function checkPresigned(incoming: IncomingMessage, path: string, query: Query, now: Date) {
  const signer = signerOf(query['X-Amz-Credential']);
  if (!(signer instanceof SignatureV4)) return signer;
  const signedAt = amzDate(query['X-Amz-Date']);
  const expires = Number(query['X-Amz-Expires']);
  if (!signedAt || !Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS)
    return refused('AuthorizationQueryParametersError', 'X-Amz-Date or X-Amz-Expires is missing or invalid.', 400);
  if (now.getTime() > signedAt.getTime() + expires * 1000) return refused('AccessDenied', 'Request has expired');
  const rest = Object.fromEntries(Object.entries(query).filter(([name]) => !QUERY_AUTH.includes(name)));
  // The payload hash travels in the query (the signer hoisted it there); it is signed as a header would be.
  const { 'X-Amz-Content-Sha256': payload = 'UNSIGNED-PAYLOAD', ...unhoisted } = rest;
  const request = toSign(incoming, path, unhoisted, (query['X-Amz-SignedHeaders'] ?? '').split(';'));
  const hoisted = 'X-Amz-Content-Sha256' in rest;
  const presigned = await signer.presign(
    { ...request, headers: { ...request.headers, 'X-Amz-Content-Sha256': payload } },
    {
      signingDate: signedAt,
      expiresIn: expires,
      ...(hoisted ? {} : { unhoistableHeaders: new Set(['x-amz-content-sha256']) }),
      ...(hoisted ? {} : { unsignableHeaders: new Set(['x-amz-content-sha256']) }),
    },
  );
  return equal(String(presigned.query?.['X-Amz-Signature']), query['X-Amz-Signature'] ?? '') ? undefined : mismatch();
}

async function checkHeaderSigned(incoming: IncomingMessage, path: string, query: Query) {
  const authorization = String(incoming.headers.authorization);
  const fields = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
    authorization,
  );
  if (!fields) return refused('AuthorizationHeaderMalformed', 'The authorization header is malformed.', 400);
  const [, credential, signedHeaders, signature] = fields as unknown as [string, string, string, string];
  const signer = signerOf(credential);
  if (!(signer instanceof SignatureV4)) return signer;
  const signedAt = amzDate(String(incoming.headers['x-amz-date'] ?? ''));
  if (!signedAt) return refused('AccessDenied', 'X-Amz-Date is missing or invalid.');
  const signed = await signer.sign(toSign(incoming, path, query, signedHeaders.split(';')), { signingDate: signedAt });
  const recomputed = /Signature=([0-9a-f]{64})$/.exec(String(signed.headers.authorization))?.[1] ?? '';
  return equal(recomputed, signature) ? undefined : mismatch();
}

/** What S3 would refuse the request for; undefined when its signature holds. */
export async function signatureRefusal(incoming: IncomingMessage, now = new Date()): Promise<Refusal | undefined> {
  const url = new URL(incoming.url ?? '/', 'http://object-store.local');
  const query: Query = Object.fromEntries(url.searchParams);
  const path = (incoming.url ?? '/').split('?')[0]!;
  if (query['X-Amz-Signature'] !== undefined) return checkPresigned(incoming, path, query, now);
  if (incoming.headers.authorization) return checkHeaderSigned(incoming, path, query);
  return refused('AccessDenied', 'Access Denied');
}

const errorXml = (refusal: Refusal, resource: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${refusal.message}</Message>` +
  `<Resource>${resource.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`)}</Resource><RequestId>local</RequestId></Error>`;

/** The bucket a path-style request is for, and whether it writes one object (a plain PUT, no part of an upload). */
function objectWrite(incoming: IncomingMessage) {
  const url = new URL(incoming.url ?? '/', 'http://object-store.local');
  const [, bucket = '', ...key] = url.pathname.split('/');
  const plain = incoming.method === 'PUT' && key.join('/') !== '' && !url.searchParams.has('uploadId');
  return { bucket, plain, multipart: incoming.method === 'POST' && url.searchParams.has('uploads') };
}

/**
 * What a bucket with Object Lock in compliance mode makes of a write here (the emulator has no Object
 * Lock): each object must carry the lock (mode COMPLIANCE, a retain-until date ahead) and its SHA-256,
 * which must be the body's, as S3 checks (BadDigest). Answers the body to send on, or the refusal.
 */
export async function lockedWriteRefusal(incoming: IncomingMessage, now = new Date()): Promise<Refusal | Buffer> {
  const header = (name: string) => String(incoming.headers[name] ?? '');
  if (header('x-amz-object-lock-mode') !== 'COMPLIANCE')
    return refused('InvalidRequest', 'Every object of this bucket is written with Object Lock mode COMPLIANCE', 400);
  const until = Date.parse(header('x-amz-object-lock-retain-until-date'));
  if (!(until > now.getTime()))
    return refused('InvalidArgument', 'The retain until date must be provided and in the future', 400);
  const checksum = header('x-amz-checksum-sha256');
  if (!checksum) return refused('InvalidRequest', 'An Object Lock write carries its x-amz-checksum-sha256', 400);
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  if (createHash('sha256').update(body).digest('base64') !== checksum)
    return refused('BadDigest', 'The SHA256 you specified did not match the calculated checksum.', 400);
  return body;
}

async function handle(upstream: URL, incoming: IncomingMessage, answer: ServerResponse, locked: readonly string[]) {
  let refusal = await signatureRefusal(incoming).catch(() => mismatch());
  let body: Buffer | undefined;
  const write = objectWrite(incoming);
  if (!refusal && locked.includes(write.bucket) && write.multipart)
    refusal = refused('InvalidRequest', 'Objects of this bucket are written whole, with their checksum', 400);
  if (!refusal && locked.includes(write.bucket) && write.plain) {
    const checked = await lockedWriteRefusal(incoming);
    if (Buffer.isBuffer(checked)) body = checked;
    else refusal = checked;
  }
  if (refusal) {
    incoming.resume();
    answer.writeHead(refusal.status, { 'content-type': 'application/xml' });
    answer.end(errorXml(refusal, (incoming.url ?? '/').split('?')[0]!));
    return;
  }
  const onward = forward(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: incoming.method,
      path: incoming.url,
      headers: incoming.headers,
    },
    (reply) => {
      answer.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(answer);
    },
  );
  onward.on('error', () => answer.destroy());
  if (body) onward.end(body);
  else incoming.pipe(onward);
}

/**
 * S3 on `port` (0: any), for the emulator at `upstream`, refusing what is not signed by the local credentials;
 * `lockedBuckets` are written as buckets with Object Lock in compliance mode are (lockedWriteRefusal).
 */
export async function startObjectStore(
  upstream: string,
  port = 0,
  { lockedBuckets = [] }: { lockedBuckets?: readonly string[] } = {},
): Promise<Stoppable & { endpoint: string }> {
  const target = new URL(upstream);
  const server = createServer((incoming, answer) => void handle(target, incoming, answer, lockedBuckets));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
