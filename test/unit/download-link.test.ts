// The export download link made with the bare signer is the link the SDK's S3 presigner makes, for a
// virtual-hosted bucket in AWS and a path-style emulator, with keys and file names that need escaping.
// (The SDK's client would also ask S3 for the object's checksum; a browser's download has no use for it.)
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { downloadLinkFor } from '#shared/aws/download-link';

const credentials = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  sessionToken: 'session/token+=',
};
const at = new Date('2026-11-26T10:11:12Z');
const BUCKET = 'invoicing-exports-1a2b3c';

const sdkLink = (client: S3Client, key: string, fileName: string, seconds: number) =>
  getSignedUrl(
    client,
    new GetObjectCommand({
      Bucket: BUCKET,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName}"`,
    }),
    { expiresIn: seconds, signingDate: at },
  );

const CASES = [
  ['org_01/exp_01ARZ3NDEKTSV4RRFFQ69G5FAV.csv', 'invoices-2026.csv'],
  ["org_01/a b+c/(x)*!'~.csv", "Rechnungen (März) 'alle'*.csv"],
] as const;

describe('export download links', () => {
  // The tests' environment points every SDK client at local emulators; the AWS case must not be.
  const saved = { ...process.env };
  beforeEach(() => {
    for (const name of Object.keys(process.env)) if (name.startsWith('AWS_ENDPOINT_URL')) delete process.env[name];
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it.each(CASES)('in AWS: the presigner’s link for %s', async (key, fileName) => {
    const region = 'eu-central-1';
    const ours = downloadLinkFor(
      { AWS_REGION: region, EXPORT_BUCKET: BUCKET, EXPORT_BUCKET_DOMAIN: `${BUCKET}.s3.${region}.amazonaws.com` },
      async () => credentials,
      () => at,
    );
    const sdk = new S3Client({
      region,
      credentials,
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    expect(await ours(key, fileName, 900)).toBe(await sdkLink(sdk, key, fileName, 900));
  });

  it.each(CASES)('against a path-style emulator: the presigner’s link for %s', async (key, fileName) => {
    const endpoint = 'http://127.0.0.1:4566';
    const ours = downloadLinkFor(
      { AWS_REGION: 'us-east-1', EXPORT_BUCKET: BUCKET, S3_FORCE_PATH_STYLE: 'true', AWS_ENDPOINT_URL_S3: endpoint },
      async () => credentials,
      () => at,
    );
    const sdk = new S3Client({
      region: 'us-east-1',
      credentials,
      endpoint,
      forcePathStyle: true,
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    expect(await ours(key, fileName, 3600)).toBe(await sdkLink(sdk, key, fileName, 3600));
  });

  it('without the domain, the regional host of the bucket', async () => {
    const ours = downloadLinkFor(
      { AWS_REGION: 'us-west-2', EXPORT_BUCKET: BUCKET },
      async () => credentials,
      () => at,
    );
    expect(new URL(await ours('k.csv', 'k.csv', 60)).host).toBe(`${BUCKET}.s3.us-west-2.amazonaws.com`);
  });
});
