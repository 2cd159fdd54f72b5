// The archive bucket (docs/archive.md): S3 with Object Lock in compliance mode. Every object is written
// once with its lock (mode and retain-until date) and its SHA-256, which S3 checks against the bytes
// it receives (BadDigest otherwise); nothing here deletes. Reads answer undefined for a missing object.
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { archiveStoreConfig } from '#shared/config';

export type ArchiveWrite = { mediaType: string; sha256: string; retainUntil: Date };

export type ArchiveStore = {
  put(key: string, bytes: Uint8Array, write: ArchiveWrite): Promise<void>;
  get(key: string): Promise<Uint8Array | undefined>;
  /** The object as a stream, for writing it on (an export) without holding it. */
  stream(key: string): Promise<Readable | undefined>;
};

const missing = (error: unknown) => (error as { name?: string }).name === 'NoSuchKey';

/** The PutObject input of an archive write: the lock and the checksum travel with every object. */
export const archivePutInput = (bucket: string, key: string, bytes: Uint8Array, write: ArchiveWrite) => ({
  Bucket: bucket,
  Key: key,
  Body: bytes,
  ContentType: write.mediaType,
  ChecksumSHA256: Buffer.from(write.sha256, 'hex').toString('base64'),
  ObjectLockMode: 'COMPLIANCE' as const,
  ObjectLockRetainUntilDate: write.retainUntil,
  ServerSideEncryption: 'AES256' as const,
});

export function s3ArchiveStore(bucket: string, client: S3Client): ArchiveStore {
  const read = async (key: string) => {
    try {
      return (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body;
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  };
  return {
    async put(key, bytes, write) {
      await client.send(new PutObjectCommand(archivePutInput(bucket, key, bytes, write)));
    },
    async get(key) {
      const body = await read(key);
      return body ? body.transformToByteArray() : undefined;
    },
    async stream(key) {
      return (await read(key)) as Readable | undefined;
    },
  };
}

let store: ArchiveStore | undefined;
/** This process's archive, configured by the environment. */
export function archiveStore(): ArchiveStore {
  if (store) return store;
  const { ARCHIVE_BUCKET, S3_FORCE_PATH_STYLE } = archiveStoreConfig();
  store = s3ArchiveStore(ARCHIVE_BUCKET, new S3Client({ forcePathStyle: S3_FORCE_PATH_STYLE }));
  return store;
}
