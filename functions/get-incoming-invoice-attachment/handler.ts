// One attachment a received e-invoice embeds (BG-24), always as a download. Its media type is the
// sender's word: only types no browser runs are answered as they are, the rest as octet-stream.
import { incomingStore } from '#shared/aws/incoming-store';
import { ATTACHMENT_MEDIA_TYPES } from '#shared/domain/incoming-invoice';
import { endpoint } from '#shared/http/endpoint';
import { fileReply } from '#shared/http/file-reply';
import { attachmentParams } from '#shared/http/schemas/incoming-invoices';
import { incomingAttachment } from '#shared/inbox/incoming-invoice-files';
import { route } from '#functions/get-incoming-invoice-attachment/route';

const store = incomingStore();
const PASSED_THROUGH = new Set<string>(ATTACHMENT_MEDIA_TYPES);

export const handler = endpoint(route, { params: attachmentParams }, async ({ db, organizationId, params }) => {
  const file = await incomingAttachment(db, store, organizationId, params.id, params.attachment_id);
  const contentType = PASSED_THROUGH.has(file.media_type) ? file.media_type : 'application/octet-stream';
  return fileReply({ content: file.bytes, contentType, filename: file.file_name }, 'attachment');
});
