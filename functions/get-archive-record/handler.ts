// An archived object's bytes as they were written, with their SHA-256 (Repr-Digest, RFC 9530).
import { archiveStore } from '#shared/aws/archive-store';
import { archivedObject } from '#shared/archive/archived-object';
import { endpoint } from '#shared/http/endpoint';
import { fileReply } from '#shared/http/file-reply';
import { idParams } from '#shared/http/schemas/common';
import { route } from '#functions/get-archive-record/route';

const archive = archiveStore();

export const handler = endpoint(route, { params: idParams('arc') }, async ({ db, organizationId, params }) => {
  const { record, file } = await archivedObject({ db, archive }, organizationId, params.id);
  return fileReply(file, 'attachment', {
    'repr-digest': `sha-256=:${Buffer.from(record.sha256, 'hex').toString('base64')}:`,
    'x-archive-sha256': record.sha256,
    'x-archive-record': record.id,
    'cache-control': 'private, max-age=31536000, immutable',
  });
});
