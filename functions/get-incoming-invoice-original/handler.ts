// A received e-invoice's original bytes, exactly as they arrived.
import { incomingStore } from '#shared/aws/incoming-store';
import { endpoint } from '#shared/http/endpoint';
import { fileReply } from '#shared/http/file-reply';
import { idParams } from '#shared/http/schemas/common';
import { incomingOriginal } from '#shared/inbox/incoming-invoice-files';
import { route } from '#functions/get-incoming-invoice-original/route';

const store = incomingStore();

export const handler = endpoint(route, { params: idParams('inc') }, async ({ db, organizationId, params }) => {
  const original = await incomingOriginal(db, store, organizationId, params.id);
  return fileReply(
    { content: original.bytes, contentType: original.media_type, filename: original.file_name },
    'attachment',
  );
});
