// The OpenAPI document as get-openapi serves it: gzip'd once, and answered as it is to clients that
// accept gzip. The deployed bundle carries the compressed file beside its code (openApiCommands in
// infra/constructs/service-function.ts), so the document costs the bundle no JavaScript to parse; run
// from the source tree (npm run dev, tests), it is compressed from docs/openapi.json at first use.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';

export const OPENAPI_FILE = 'openapi.json.gz';

/** The document gzip'd: beside `moduleUrl`'s bundle, else compressed from docs/ (two folders above a handler). */
export function compressedOpenApi(moduleUrl: string): Buffer {
  const beside = fileURLToPath(new URL(`./${OPENAPI_FILE}`, moduleUrl));
  if (existsSync(beside)) return readFileSync(beside);
  const source = fileURLToPath(new URL('../../docs/openapi.json', moduleUrl));
  return gzipSync(JSON.stringify(JSON.parse(readFileSync(source, 'utf8'))), { level: 9 });
}

/** Whether an Accept-Encoding header takes gzip (and does not refuse it with q=0). */
export const acceptsGzip = (acceptEncoding: string | undefined) =>
  (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase().split(';'))
    .some(([coding, quality]) => (coding === 'gzip' || coding === '*') && !/^\s*q=0(\.0*)?\s*$/.test(quality ?? ''));

export const plainOpenApi = (compressed: Buffer) => gunzipSync(compressed).toString('utf8');
