// The reader function's work on one received file: the original (already in the store) read and
// checked, and what the reading found kept beside it: the XML a PDF embeds, each embedded
// attachment, and the reading itself. It answers what the document's item needs; a file it cannot
// read is refused (e_invoice_unreadable) and nothing is written.
import { createHash } from 'node:crypto';
import type { IncomingStore } from '#shared/aws/incoming-store';
import { incomingObjectKeys } from '#shared/aws/incoming-store';
import {
  type IncomingAttachment,
  type IncomingContainer,
  type IncomingProfile,
  type IncomingRead,
  type IncomingSummary,
  type IncomingSyntax,
  type ReceivedMediaType,
  type StoredFile,
  summaryOf,
} from '#shared/domain/incoming-invoice';
import { checkEInvoice } from '#shared/e-invoice-reader/check-e-invoice';
import { readEInvoice } from '#shared/e-invoice-reader/read-e-invoice';

export type ReadRequest = {
  kind: 'read';
  organization_id: string;
  /** The original's SHA-256: where it is in the store. */
  sha256: string;
  media_type: ReceivedMediaType;
};

export type ReadAnswer = {
  syntax: IncomingSyntax;
  container: IncomingContainer;
  profile: IncomingProfile;
  specification_id: string | null;
  business_process: string | null;
  xml?: StoredFile;
  attachments: IncomingAttachment[];
  summary: IncomingSummary;
  /** The reading itself where it fits an item (INLINE_READ_BYTES); always in the store as `read_file`. */
  read?: IncomingRead;
  read_file: StoredFile;
};

/** The largest reading kept on the document's item (DynamoDB's item limit is 400 KB; events carry it too). */
export const INLINE_READ_BYTES = 128 * 1024;

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function kept(store: IncomingStore, key: string, bytes: Uint8Array, mediaType: string): Promise<StoredFile> {
  await store.put(key, bytes, mediaType);
  return { key, sha256: sha256Of(bytes), size: bytes.byteLength, media_type: mediaType };
}

export async function readAndKeep(store: IncomingStore, request: ReadRequest): Promise<ReadAnswer> {
  const keys = incomingObjectKeys(request.organization_id, request.sha256);
  const original = await store.get(keys.original);
  if (!original) throw new Error(`no original at ${keys.original}`);
  const found = await readEInvoice(original, request.media_type);
  const read: IncomingRead = { view: found.view, validation: await checkEInvoice(found.xml, found.profile) };
  const attachments: IncomingAttachment[] = [];
  for (const [index, entry] of found.view.attachments.entries()) {
    const id = String(index + 1);
    const bytes = found.attachmentBytes[index];
    const mediaType = entry.media_type ?? 'application/octet-stream';
    attachments.push(bytes ? { id, file: await kept(store, keys.attachment(id), bytes, mediaType) } : { id });
  }
  const json = Buffer.from(JSON.stringify(read));
  return {
    syntax: found.syntax,
    container: found.container,
    profile: found.profile,
    specification_id: found.specificationId,
    business_process: found.businessProcess,
    ...(found.container === 'pdf' ? { xml: await kept(store, keys.xml, found.xmlBytes, 'application/xml') } : {}),
    attachments,
    summary: summaryOf(read),
    ...(json.byteLength <= INLINE_READ_BYTES ? { read } : {}),
    read_file: await kept(store, keys.read, json, 'application/json'),
  };
}
