// The export store's upload against the S3 emulator: a file in 5 MiB parts sent one at a time from one
// buffer, read back byte for byte; a small file in one PutObject; a failed body or a refused part
// aborts the upload and leaves no object. Commands are observed on the client, never answered by it.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { downloadLinkFor } from '#shared/aws/download-link';
import { PART_BYTES, s3ObjectStore } from '#shared/aws/object-store';

const BUCKET = process.env.EXPORT_BUCKET!;
const FILE = { contentType: 'text/csv; charset=utf-8', fileName: 'invoices-2026.csv' };

type Sent = { command: string; input: Record<string, any>; headers: Record<string, string> };

/** A client of the emulator that records every command it sends, with the request's headers. */
function observedClient(fault?: (sent: Sent) => Error | undefined) {
  const client = new S3Client({ forcePathStyle: true });
  const sent: Sent[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { headers: Record<string, string> };
      const entry = {
        command: context.commandName!,
        input: args.input as Record<string, any>,
        headers: request.headers,
      };
      sent.push(entry);
      const error = fault?.(entry);
      if (error) throw error;
      return next(args);
    },
    { step: 'finalizeRequest', name: 'observeCommands' },
  );
  return { client, sent, store: s3ObjectStore(BUCKET, client) };
}

/** `bytes` handed over in chunks of an awkward size, as a stream of CSV text arrives. */
const chunked = (bytes: Buffer, size = 65_537) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
    })(),
  );

const stored = async (client: S3Client, key: string) => {
  const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return { bytes: Buffer.from(await object.Body!.transformToByteArray()), object };
};

const absent = (client: S3Client, key: string) =>
  expect(client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))).rejects.toMatchObject({
    $metadata: { httpStatusCode: 404 },
  });

const key = () => `test/${randomBytes(6).toString('hex')}.csv`;

describe('the export store’s upload', () => {
  it('sends a large file in 5 MiB parts, one at a time from one buffer, and S3 holds every byte', async () => {
    const { client, sent, store } = observedClient();
    const bytes = randomBytes(2 * PART_BYTES + 123_457);
    const name = key();
    await store.put(name, chunked(bytes), FILE);

    expect(sent.map((entry) => entry.command)).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'CompleteMultipartUploadCommand',
    ]);
    const parts = sent.filter((entry) => entry.command === 'UploadPartCommand').map((entry) => entry.input);
    expect(parts.map((part) => [part.PartNumber, part.Body.length])).toEqual([
      [1, PART_BYTES],
      [2, PART_BYTES],
      [3, 123_457],
    ]);
    // One buffer, filled again for every part: memory holds one part, never two.
    expect(new Set(parts.map((part) => part.Body.buffer)).size).toBe(1);
    const { bytes: back, object } = await stored(client, name);
    expect(back.equals(bytes)).toBe(true);
    expect(object.ContentType).toBe(FILE.contentType);
    // The emulator keeps no Content-Disposition: what the upload declares is checked as sent.
    expect(sent[0]!.input).toMatchObject({
      ContentType: FILE.contentType,
      ContentDisposition: 'attachment; filename="invoices-2026.csv"',
    });
  });

  it('completes a file of exactly two parts without an empty third', async () => {
    const { client, sent, store } = observedClient();
    const bytes = randomBytes(2 * PART_BYTES);
    const name = key();
    await store.put(name, chunked(bytes, 1_000_000), FILE);
    expect(sent.filter((entry) => entry.command === 'UploadPartCommand')).toHaveLength(2);
    expect(sent.at(-1)!.input.MultipartUpload.Parts.map((part: { PartNumber: number }) => part.PartNumber)).toEqual([
      1, 2,
    ]);
    expect((await stored(client, name)).bytes.equals(bytes)).toBe(true);
  });

  it('writes a file smaller than a part, or an empty one, with one PutObject', async () => {
    for (const bytes of [Buffer.from('number;total\r\nINV-1;100.00\r\n'), Buffer.alloc(0)]) {
      const { client, sent, store } = observedClient();
      const name = key();
      await store.put(name, chunked(bytes), FILE);
      expect(sent.map((entry) => entry.command)).toEqual(['PutObjectCommand']);
      const back = await stored(client, name);
      expect(back.bytes.equals(bytes)).toBe(true);
      expect(back.object.ContentType).toBe(FILE.contentType);
      expect(sent[0]!.input.ContentDisposition).toBe('attachment; filename="invoices-2026.csv"');
    }
  });

  it('takes a body of text or typed arrays as well as buffers', async () => {
    const { client, store } = observedClient();
    const name = key();
    const pieces = ['number;client\r\n', new Uint8Array([0x49, 0x4e, 0x56]), Buffer.from('-1;Müller\r\n')];
    await store.put(name, Readable.from(pieces), FILE);
    expect((await stored(client, name)).bytes.toString('utf8')).toBe('number;client\r\nINV-1;Müller\r\n');
  });

  it('declares CRC32 checksums and completes with the checksum S3 answered for each part', async () => {
    const { client, sent, store } = observedClient();
    // S3 echoes a part's checksum in its answer; the emulator does not, so the answer is given it here.
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (context.commandName !== 'UploadPartCommand') return result;
        const part = (args.input as { PartNumber: number }).PartNumber;
        const request = sent.filter((entry) => entry.input.PartNumber === part).at(-1)!;
        (result.output as unknown as Record<string, unknown>).ChecksumCRC32 = request.headers['x-amz-checksum-crc32'];
        return result;
      },
      { step: 'initialize', name: 'echoChecksum' },
    );
    const name = key();
    await store.put(name, chunked(randomBytes(PART_BYTES + 10)), FILE);
    expect(sent[0]!.input.ChecksumAlgorithm).toBe('CRC32');
    const checksums = sent
      .filter((entry) => entry.command === 'UploadPartCommand')
      .map((entry) => entry.headers['x-amz-checksum-crc32']);
    expect(checksums).toHaveLength(2);
    expect(checksums.every((checksum) => /^[A-Za-z0-9+/]{6}==$/.test(checksum!))).toBe(true);
    expect(
      sent.at(-1)!.input.MultipartUpload.Parts.map((part: { ChecksumCRC32?: string }) => part.ChecksumCRC32),
    ).toEqual(checksums);
  });

  it('aborts the upload when the body fails part-way, and no object is left', async () => {
    const { client, sent, store } = observedClient();
    const name = key();
    const failing = Readable.from(
      (function* () {
        yield randomBytes(PART_BYTES + 1000);
        throw new Error('the invoice pages could not be read');
      })(),
    );
    await expect(store.put(name, failing, FILE)).rejects.toThrow('the invoice pages could not be read');
    const created = sent.find((entry) => entry.command === 'CreateMultipartUploadCommand');
    expect(sent.at(-1)).toMatchObject({ command: 'AbortMultipartUploadCommand', input: { Key: name } });
    expect(sent.filter((entry) => entry.command === 'CompleteMultipartUploadCommand')).toEqual([]);
    expect(created).toBeDefined();
    await absent(client, name);
  });

  it('aborts when S3 refuses a part, stops reading the body, and reports S3’s error', async () => {
    const refusal = Object.assign(new Error('We encountered an internal error. Please try again.'), {
      name: 'InternalError',
      $fault: 'server',
    });
    const { client, sent, store } = observedClient((entry) =>
      // Every attempt at the second part, the SDK's retries included.
      entry.command === 'UploadPartCommand' && entry.input.PartNumber === 2 ? refusal : undefined,
    );
    const body = chunked(randomBytes(3 * PART_BYTES));
    const name = key();
    await expect(store.put(name, body, FILE)).rejects.toThrow('internal error');
    expect(sent.at(-1)!.command).toBe('AbortMultipartUploadCommand');
    expect(body.destroyed).toBe(true);
    await absent(client, name);
  });
});

describe('the local object store’s signatures', () => {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const s3Error = async (answer: Response) => ({
    status: answer.status,
    code: /<Code>([^<]+)<\/Code>/.exec(await answer.text())?.[1],
  });
  const withObject = async () => {
    const { store } = observedClient();
    const name = key();
    await store.put(name, Readable.from([Buffer.from('number,total\r\nINV-1,10.00\r\n')]), FILE);
    return name;
  };

  it('serves a genuine download link, as the service signs it', async () => {
    const name = await withObject();
    const link = await downloadLinkFor(process.env, credentials)(name, 'invoices.csv', 60);
    const answer = await fetch(link);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('number,total\r\nINV-1,10.00\r\n');
  });

  it('refuses a link whose object, file name or signature was changed', async () => {
    const name = await withObject();
    const other = await withObject();
    const link = await downloadLinkFor(process.env, credentials)(name, 'invoices.csv', 60);
    const renamed = new URL(link);
    renamed.searchParams.set('response-content-disposition', 'attachment; filename="other.csv"');
    const resigned = new URL(link);
    const signature = resigned.searchParams.get('X-Amz-Signature')!;
    resigned.searchParams.set('X-Amz-Signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    const longer = new URL(link);
    longer.searchParams.set('X-Amz-Expires', '3600');
    for (const tampered of [link.replace(name, other), renamed.href, resigned.href, longer.href])
      expect(await s3Error(await fetch(tampered)), tampered).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('refuses a link past its X-Amz-Expires, and one signed with another secret', async () => {
    const name = await withObject();
    const twoMinutesAgo = () => new Date(Date.now() - 120_000);
    const expired = await downloadLinkFor(process.env, credentials, twoMinutesAgo)(name, 'invoices.csv', 60);
    expect(await s3Error(await fetch(expired))).toEqual({ status: 403, code: 'AccessDenied' });
    const forged = await downloadLinkFor(process.env, { ...credentials, secretAccessKey: 'guessed' })(name, 'x', 60);
    expect(await s3Error(await fetch(forged))).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('refuses unsigned requests: an object without its signature, the bucket’s listing', async () => {
    const name = await withObject();
    const link = new URL(await downloadLinkFor(process.env, credentials)(name, 'invoices.csv', 60));
    const bucket = `${process.env.AWS_ENDPOINT_URL_S3}/${BUCKET}`;
    for (const unsigned of [`${link.origin}${link.pathname}`, bucket, `${bucket}?list-type=2`])
      expect(await s3Error(await fetch(unsigned)), unsigned).toEqual({ status: 403, code: 'AccessDenied' });
    const put = await fetch(`${bucket}/planted.csv`, { method: 'PUT', body: 'x' });
    expect(await s3Error(put)).toEqual({ status: 403, code: 'AccessDenied' });
  });
});
