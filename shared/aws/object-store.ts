// The object store export files go to: S3 in AWS, the S3 emulator of `npm run dev` and the tests
// (fauxqs, path-style). A file is streamed up in parts, so memory stays flat whatever its size.
// Links to download one are signed apart (download-link.ts), without the S3 client.
import { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { objectStoreConfig } from '#shared/config';

export type ObjectStore = {
  /** Writes `body` under `key`, part by part (5 MiB each, one at a time). */
  put(key: string, body: Readable, file: { contentType: string; fileName: string }): Promise<void>;
};

const PART_BYTES = 5 * 1024 * 1024;

export function s3ObjectStore(bucket: string, client: S3Client): ObjectStore {
  return {
    async put(key, body, { contentType, fileName }) {
      const upload = new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentDisposition: `attachment; filename="${fileName}"`,
        },
        partSize: PART_BYTES,
        queueSize: 1,
      });
      await upload.done();
    },
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
