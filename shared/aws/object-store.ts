// The object store export files go to: S3 in AWS, the S3 emulator of `npm run dev` and the tests
// (fauxqs, path-style). A file is streamed up in parts, so memory stays flat whatever its size.
// Links to download one are signed apart (download-link.ts), without the S3 client.
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  type CompletedPart,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { objectStoreConfig } from '#shared/config';

export type ObjectStore = {
  /** Writes `body` under `key`, part by part (5 MiB each, one at a time). */
  put(key: string, body: Readable, file: { contentType: string; fileName: string }): Promise<void>;
};

/** S3's smallest part but the last; also the size of the one buffer an upload fills and sends. */
export const PART_BYTES = 5 * 1024 * 1024;

type Target = { Bucket: string; Key: string; ContentType: string; ContentDisposition: string };

/**
 * Writes a body of unknown length with as little memory as S3 allows: up to one part's worth of
 * chunks is kept as it came, and a body that ends there is one PutObject. A longer one goes into one
 * part buffer, sent when full and filled again: one part held at a time. (lib-storage's Upload
 * joins a part's chunks with Buffer.concat and keeps the joined buffer alive through the rest it
 * slices off, so it held two to three parts: docs/exports.md.) A failed upload is aborted.
 */
async function putInParts(client: S3Client, target: Target, body: Readable): Promise<void> {
  let first: Buffer[] | undefined = [];
  let firstBytes = 0;
  const parts = new Parts(client, target);
  try {
    for await (const piece of body as AsyncIterable<Buffer | Uint8Array | string>) {
      const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
      if (!first) {
        await parts.write(chunk);
        continue;
      }
      first.push(chunk);
      firstBytes += chunk.length;
      if (firstBytes < PART_BYTES) continue;
      // Taken out one by one, so a chunk copied into the part is no longer held while the part is sent.
      const held = first;
      first = undefined;
      while (held.length > 0) await parts.write(held.shift()!);
    }
    if (first) {
      const whole = Buffer.concat(first);
      first = undefined;
      await client.send(new PutObjectCommand({ ...target, Body: whole }));
    } else await parts.complete();
  } catch (error) {
    body.destroy();
    await parts.abort();
    throw error;
  }
}

/** A multipart upload from one reused part buffer; started by its first full part. */
class Parts {
  /** Allocated by the first write: a body that fits one part never needs it. */
  private part?: Buffer;
  private filled = 0;
  private upload?: { UploadId: string; Parts: CompletedPart[] };

  constructor(
    private readonly client: S3Client,
    private readonly target: Target,
  ) {}

  async write(chunk: Buffer): Promise<void> {
    const part = (this.part ??= Buffer.allocUnsafe(PART_BYTES));
    for (let offset = 0; offset < chunk.length; ) {
      const copied = chunk.copy(part, this.filled, offset);
      this.filled += copied;
      offset += copied;
      if (this.filled === PART_BYTES) await this.send();
    }
  }

  async complete(): Promise<void> {
    if (this.filled > 0) await this.send();
    const { UploadId, Parts } = this.upload!;
    const { Bucket, Key } = this.target;
    await this.client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts } }));
  }

  /** The upload's own error is the one to report; the bucket's lifecycle rule removes what an abort missed. */
  async abort(): Promise<void> {
    if (!this.upload) return;
    const { Bucket, Key } = this.target;
    await this.client
      .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: this.upload.UploadId }))
      .catch(() => undefined);
  }

  private async send(): Promise<void> {
    const upload = (this.upload ??= await this.start());
    const { Bucket, Key } = this.target;
    const number = upload.Parts.length + 1;
    const body = this.part!.subarray(0, this.filled);
    const sent = await this.client.send(
      new UploadPartCommand({ Bucket, Key, UploadId: upload.UploadId, PartNumber: number, Body: body }),
    );
    if (!sent.ETag) throw new Error(`S3 gave no ETag for part ${number} of ${Key}`);
    upload.Parts.push({
      PartNumber: number,
      ETag: sent.ETag,
      ...(sent.ChecksumCRC32 ? { ChecksumCRC32: sent.ChecksumCRC32 } : {}),
    });
    this.filled = 0;
  }

  /** Parts carry CRC32 checksums when the client computes them, as the upload declares (as lib-storage does). */
  private async start() {
    const checksums = (await this.client.config.requestChecksumCalculation()) === 'WHEN_SUPPORTED';
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ ...this.target, ...(checksums ? { ChecksumAlgorithm: 'CRC32' } : {}) }),
    );
    if (!UploadId) throw new Error(`S3 gave no upload id for ${this.target.Key}`);
    return { UploadId, Parts: [] as CompletedPart[] };
  }
}

export function s3ObjectStore(bucket: string, client: S3Client): ObjectStore {
  return {
    put: (key, body, { contentType, fileName }) =>
      putInParts(
        client,
        {
          Bucket: bucket,
          Key: key,
          ContentType: contentType,
          ContentDisposition: `attachment; filename="${fileName}"`,
        },
        body,
      ),
  };
}

let store: ObjectStore | undefined;
/** This process's export store, configured by the environment. */
export function exportStore(): ObjectStore {
  if (store) return store;
  const { EXPORT_BUCKET, S3_FORCE_PATH_STYLE } = objectStoreConfig();
  store = s3ObjectStore(EXPORT_BUCKET, new S3Client({ forcePathStyle: S3_FORCE_PATH_STYLE }));
  return store;
}
