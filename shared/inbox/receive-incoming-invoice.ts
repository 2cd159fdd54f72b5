// The one operation every way in ends in (upload, e-mail, Peppol): a received file kept as it came,
// read and checked by the e-invoice reader, and stored as a document with its event — once. The same
// transport message taken in again answers the document it became; the same document (seller,
// number, issue date, type) arriving again answers the first and announces the arrival as a duplicate.
import { createHash } from 'node:crypto';
import { type IncomingStore, incomingObjectKeys } from '#shared/aws/incoming-store';
import {
  getIncomingInvoice,
  incomingIdOfIdentity,
  incomingIdOfMessage,
  saveDuplicateArrival,
  saveNewIncomingInvoice,
} from '#shared/data/incoming-invoices';
import { getOrganization } from '#shared/data/organizations';
import type { CorrelatedDb } from '#shared/data/table';
import { DomainError } from '#shared/domain/errors';
import { newId } from '#shared/domain/ids';
import {
  type IncomingInvoice,
  type IncomingSource,
  identityOf,
  misaddressed,
  type ReceivedMediaType,
} from '#shared/domain/incoming-invoice';
import { incomingInvoiceResource } from '#shared/domain/resources/incoming-invoice';
import type { ReadAnswer } from '#shared/e-invoice-reader/read-and-keep';
import type { EInvoiceReader } from '#shared/e-invoice-reader/reader';
import type { ArchiveStore } from '#shared/aws/archive-store';
import { recordParts, storeArchived } from '#shared/archive/keep-file';

export type InboxDeps = {
  db: CorrelatedDb;
  store: IncomingStore;
  reader: EInvoiceReader;
  publicBaseUrl: string;
  /** Every received document is archived as it came, with the document's own transaction (docs/archive.md). */
  archive: ArchiveStore;
};

export type ReceivedFile = { bytes: Uint8Array; media_type: ReceivedMediaType; file_name: string | null };

/** The document stored (`created`), or the one the file was already (`created: false`). */
export type Received = { created: boolean; invoice: IncomingInvoice };

async function stored(deps: InboxDeps, organizationId: string, id: string | undefined): Promise<IncomingInvoice> {
  const invoice = id && (await getIncomingInvoice(deps.db, organizationId, id));
  if (!invoice) throw new Error(`incoming invoice ${id} is referenced but not stored`);
  return invoice;
}

/** The file read by the reader; a refusal removes the original again, so a refused file leaves nothing. */
async function readFile(deps: InboxDeps, organizationId: string, file: ReceivedFile, sha256: string) {
  const keys = incomingObjectKeys(organizationId, sha256);
  await deps.store.put(keys.original, file.bytes, file.media_type);
  try {
    return await deps.reader.read({
      kind: 'read',
      organization_id: organizationId,
      sha256,
      media_type: file.media_type,
    });
  } catch (error) {
    if (error instanceof DomainError) await deps.store.delete(keys.original);
    throw error;
  }
}

function documentOf(
  answer: ReadAnswer,
  file: ReceivedFile & { key: string; sha256: string },
  source: IncomingSource,
  organization: object,
) {
  const now = new Date().toISOString();
  const { summary, read, read_file, xml, attachments } = answer;
  const { key, sha256 } = file;
  const invoice: IncomingInvoice = {
    id: newId('inc'),
    status: summary.passed ? 'received' : 'invalid',
    misaddressed: misaddressed(summary, organization),
    syntax: answer.syntax,
    container: answer.container,
    profile: answer.profile,
    specification_id: answer.specification_id,
    business_process: answer.business_process,
    original: { key, sha256, size: file.bytes.byteLength, media_type: file.media_type, file_name: file.file_name },
    ...(xml ? { xml } : {}),
    summary,
    ...(read ? { read } : {}),
    read_file,
    attachments,
    source,
    identity: identityOf(summary),
    received_at: now,
    updated_at: now,
    version: 1,
  };
  return invoice;
}

/** The original written into the archive (confirmed) before the document is stored; its record commits with it. */
async function archivedOriginal(
  deps: InboxDeps,
  organizationId: string,
  organization: { archive_retention_years?: number },
  invoice: IncomingInvoice,
  file: ReceivedFile,
) {
  const owner = { ...organization, id: organizationId };
  const document = { type: 'incoming_invoice' as const, id: invoice.id, number: invoice.summary.number ?? null };
  const name =
    file.file_name ??
    `${invoice.original.sha256.slice(0, 16)}.${file.media_type === 'application/pdf' ? 'pdf' : 'xml'}`;
  const received = { filename: name, contentType: file.media_type, content: file.bytes };
  const kept = { document, kind: 'received' as const, format: 'original' as const, reason: 'received' as const };
  const record = await storeArchived(deps, owner, { ...kept, file: received });
  return recordParts(deps, owner.id, [record]);
}

/**
 * `transport` names what the transport delivered once: by default the message id; a message that
 * carries several candidates (an e-mail's attachments) names each (`<message id>#<n>`).
 */
export async function receiveIncomingInvoice(
  deps: InboxDeps,
  organizationId: string,
  file: ReceivedFile,
  source: IncomingSource,
  transport = source.channel === 'upload' ? undefined : source.message_id,
): Promise<Received> {
  const { db } = deps;
  if (source.channel !== 'upload' && transport) {
    const known = await incomingIdOfMessage(db, organizationId, source.channel, transport);
    if (known) return { created: false, invoice: await stored(deps, organizationId, known) };
  }
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const answer = await readFile(deps, organizationId, file, sha256);
  const organization = (await getOrganization(db, organizationId)) ?? {};
  const key = incomingObjectKeys(organizationId, sha256).original;
  const invoice = documentOf(answer, { ...file, key, sha256 }, source, organization);
  const object = incomingInvoiceResource(invoice, invoice.read ?? null, deps.publicBaseUrl);
  const type = invoice.status === 'invalid' ? 'incoming_invoice.invalid' : 'incoming_invoice.received';
  const archived = await archivedOriginal(deps, organizationId, organization, invoice, file);
  const saved = await saveNewIncomingInvoice(db, organizationId, invoice, { type, object }, transport, archived);
  if (saved === 'saved') return { created: true, invoice };
  // The same message taken in meanwhile, by a redelivery running beside this one.
  if (saved === 'message' && source.channel !== 'upload' && transport) {
    const taken = await incomingIdOfMessage(db, organizationId, source.channel, transport);
    return { created: false, invoice: await stored(deps, organizationId, taken) };
  }
  const first = await stored(deps, organizationId, await incomingIdOfIdentity(db, organizationId, invoice.identity));
  const duplicate = {
    type: 'incoming_invoice.duplicate' as const,
    object: incomingInvoiceResource(first, first.read ?? null, deps.publicBaseUrl),
    more: { first_id: first.id },
  };
  await saveDuplicateArrival(db, organizationId, first, source, duplicate, transport);
  return { created: false, invoice: first };
}
