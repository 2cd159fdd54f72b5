// What is kept of a received document beside its item: its reading (on the item where it fits, else
// in the store), the original as it came, and each embedded attachment.
import type { IncomingStore } from '#shared/aws/incoming-store';
import { getIncomingInvoice } from '#shared/data/incoming-invoices';
import { getOrganization } from '#shared/data/organizations';
import type { Db } from '#shared/data/table';
import { notFound } from '#shared/domain/errors';
import type { IncomingInvoice, IncomingRead, StoredFile } from '#shared/domain/incoming-invoice';

export type KeptFile = { bytes: Uint8Array; media_type: string; file_name: string };

async function bytesOf(store: IncomingStore, file: StoredFile): Promise<Uint8Array> {
  const bytes = await store.get(file.key);
  if (!bytes) throw new Error(`the store has lost ${file.key}`);
  return bytes;
}

/** The document with its reading. */
export async function incomingInvoiceWithReading(
  db: Db,
  store: IncomingStore,
  organizationId: string,
  id: string,
): Promise<{ invoice: IncomingInvoice; read: IncomingRead }> {
  const invoice = await getIncomingInvoice(db, organizationId, id);
  if (!invoice) throw notFound('Incoming invoice');
  const read =
    invoice.read ??
    (JSON.parse(Buffer.from(await bytesOf(store, invoice.read_file!)).toString('utf8')) as IncomingRead);
  return { invoice, read };
}

/** The document with its reading and the language it is shown in: the organization's. */
export async function readableIncomingInvoice(db: Db, store: IncomingStore, organizationId: string, id: string) {
  const [found, organization] = await Promise.all([
    incomingInvoiceWithReading(db, store, organizationId, id),
    getOrganization(db, organizationId),
  ]);
  return { ...found, locale: organization?.locale ?? 'en' };
}

/** The original bytes, exactly as received. */
export async function incomingOriginal(
  db: Db,
  store: IncomingStore,
  organizationId: string,
  id: string,
): Promise<KeptFile> {
  const invoice = await getIncomingInvoice(db, organizationId, id);
  if (!invoice) throw notFound('Incoming invoice');
  const extension = invoice.original.media_type === 'application/pdf' ? 'pdf' : 'xml';
  return {
    bytes: await bytesOf(store, invoice.original),
    media_type: invoice.original.media_type,
    file_name: invoice.original.file_name ?? `${invoice.summary.number ?? invoice.id}.${extension}`,
  };
}

/** One embedded attachment; 404 for an unknown id or one that only refers to an external location. */
export async function incomingAttachment(
  db: Db,
  store: IncomingStore,
  organizationId: string,
  id: string,
  attachmentId: string,
): Promise<KeptFile> {
  const { invoice, read } = await incomingInvoiceWithReading(db, store, organizationId, id);
  const index = invoice.attachments.findIndex((attachment) => attachment.id === attachmentId);
  const file = invoice.attachments[index]?.file;
  if (!file) throw notFound('Attachment');
  return {
    bytes: await bytesOf(store, file),
    media_type: file.media_type,
    file_name: read.view.attachments[index]?.file_name ?? `attachment-${attachmentId}`,
  };
}
