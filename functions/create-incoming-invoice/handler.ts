// A received e-invoice uploaded as the body (XML or PDF): read, checked and stored, 201 with the
// document; the same document again answers 200 with the first (docs/incoming-invoices.md).
import { archiveStore } from '#shared/aws/archive-store';
import { incomingStore } from '#shared/aws/incoming-store';
import { config } from '#shared/config';
import type { ReceivedMediaType } from '#shared/domain/incoming-invoice';
import { incomingInvoiceResource } from '#shared/domain/resources/incoming-invoice';
import { configuredReader } from '#shared/e-invoice-reader/reader';
import { endpoint } from '#shared/http/endpoint';
import { uploadedFileName } from '#shared/http/file-name';
import { receivedFile } from '#shared/http/schemas/incoming-invoices';
import { receiveIncomingInvoice } from '#shared/inbox/receive-incoming-invoice';
import { route } from '#functions/create-incoming-invoice/route';

const { PUBLIC_BASE_URL } = config();
const store = incomingStore();
const reader = configuredReader();
const archive = archiveStore();

export const handler = endpoint(route, { file: receivedFile }, async ({ db, organizationId, file, headers }) => {
  const deps = { db, store, reader, archive, publicBaseUrl: PUBLIC_BASE_URL };
  const received = {
    bytes: file!.bytes,
    media_type: file!.mediaType as ReceivedMediaType,
    file_name: uploadedFileName(headers),
  };
  const { created, invoice } = await receiveIncomingInvoice(deps, organizationId, received, { channel: 'upload' });
  return { status: created ? 201 : 200, body: incomingInvoiceResource(invoice, invoice.read ?? null, PUBLIC_BASE_URL) };
});
