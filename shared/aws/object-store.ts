// The object store export files go to: S3 in AWS, the S3 emulator of `npm run dev` and the tests
// (fauxqs, path-style). A file is streamed up in parts, so memory stays flat whatever its size.
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { objectStoreConfig } from '#shared/config';

export type ObjectStore = {
  /** Writes `body` under `key`, part by part (5 MiB each, one at a time). */
  put(key: string, body: Readable, file: { contentType: string; fileName: string }): Promise<void>;
  /** A link that downloads the object for `seconds`, signed with the caller's credentials. */
  downloadUrl(key: string, fileName: string, seconds: number): Promise<string>;
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
    downloadUrl: (key, fileName, seconds) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ResponseContentDisposition: `attachment; filename="${fileName}"`,
        }),
        { expiresIn: seconds },
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
