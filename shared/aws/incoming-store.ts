// The bucket received e-invoices are kept in. Every object of a document sits under its
// organization and the SHA-256 of the original bytes, so writing the same file twice writes the same
// objects, and a key says whose it is. Objects are written once and never changed.
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { incomingStoreConfig } from '#shared/config';

export type IncomingStore = {
  put(key: string, bytes: Uint8Array, mediaType: string): Promise<void>;
  /** The object's bytes, or undefined where there is none. */
  get(key: string): Promise<Uint8Array | undefined>;
  delete(key: string): Promise<void>;
};

/** Where SES's receipt rule writes each received e-mail (`email/<SES message id>`), before the worker reads it. */
export const SES_EMAIL_PREFIX = 'email/';

/** An e-mail that brought candidates, kept as it came (the MIME), under the organization it was for. */
export const incomingEmailKey = (organizationId: string, sha256: string) => `${organizationId}/email/${sha256}.eml`;

/** The keys of one received file's objects. */
export const incomingObjectKeys = (organizationId: string, sha256: string) => {
  const folder = `${organizationId}/${sha256}`;
  return {
    original: `${folder}/original`,
    xml: `${folder}/invoice.xml`,
    read: `${folder}/read.json`,
    attachment: (id: string) => `${folder}/attachments/${id}`,
  };
};

export function s3IncomingStore(bucket: string, client: S3Client): IncomingStore {
  return {
    async put(key, bytes, mediaType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: mediaType }));
    },
    async get(key) {
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Body ? await Body.transformToByteArray() : undefined;
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

let store: IncomingStore | undefined;
/** This process's store of received e-invoices, configured by the environment. */
export function incomingStore(): IncomingStore {
  if (store) return store;
  const { INCOMING_BUCKET, S3_FORCE_PATH_STYLE } = incomingStoreConfig();
  store = s3IncomingStore(INCOMING_BUCKET, new S3Client({ forcePathStyle: S3_FORCE_PATH_STYLE }));
  return store;
}
