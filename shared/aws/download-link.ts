// Links that download an export file for a while: S3's presigned GET (a SigV4 signature in the query),
// made with the signer and credential chain every function bundles already. The SDK's S3 client and
// presigner would add 145 KB to the route that hands out links (docs/performance.md); the link is
// checked against theirs, parameter for parameter (test/unit/download-link.test.ts).
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Hash } from '@smithy/core/serde';
import { SignatureV4 } from '@smithy/signature-v4';
import { objectStoreConfig } from '#shared/config';

/** A link that downloads the object under `key` as `fileName` for `seconds`. */
export type DownloadLink = (key: string, fileName: string, seconds: number) => Promise<string>;

type Credentials = ConstructorParameters<typeof SignatureV4>[0]['credentials'];

// As the SDK escapes a URL's query: encodeURIComponent and RFC 3986's reserved !'()* too.
const escape = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

// S3 names objects by the greedy path label: each segment escaped, the slashes kept.
const objectPath = (key: string) => key.split('/').map(escape).join('/');

export function downloadLinkFor(
  env: NodeJS.ProcessEnv,
  credentials: Credentials = defaultProvider(),
  now: () => Date = () => new Date(),
): DownloadLink {
  const { EXPORT_BUCKET, EXPORT_BUCKET_DOMAIN, S3_FORCE_PATH_STYLE } = objectStoreConfig(env);
  const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1';
  // Locally the emulator serves every bucket under its path; in AWS the stack names the bucket's regional host.
  const base = S3_FORCE_PATH_STYLE
    ? new URL(`${(env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL ?? '').replace(/\/+$/, '')}/${EXPORT_BUCKET}/`)
    : new URL(`https://${EXPORT_BUCKET_DOMAIN ?? `${EXPORT_BUCKET}.s3.${region}.amazonaws.com`}/`);
  const signer = new SignatureV4({
    service: 's3',
    region,
    credentials,
    sha256: Hash.bind(null, 'sha256'),
    uriEscapePath: false,
    applyChecksum: false,
  });
  return async (key, fileName, seconds) => {
    const path = `${base.pathname}${objectPath(key)}`;
    const port = base.port ? Number(base.port) : undefined;
    const signed = await signer.presign(
      {
        method: 'GET',
        protocol: base.protocol,
        hostname: base.hostname,
        port,
        path,
        query: { 'response-content-disposition': `attachment; filename="${fileName}"`, 'x-id': 'GetObject' },
        headers: { host: base.host, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
      },
      { expiresIn: seconds, unsignableHeaders: new Set(['content-type']), signingDate: now() },
    );
    const query = Object.entries(signed.query ?? {})
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, value]) => `${escape(name)}=${escape(String(value))}`)
      .join('&');
    return `${base.protocol}//${base.host}${path}?${query}`;
  };
}

let link: DownloadLink | undefined;
/** This process's download links, configured by the environment. */
export const exportDownloadLink = (): DownloadLink => (link ??= downloadLinkFor(process.env));
