// The PDF or e-invoice of an invoice or credit note, as every download serves it: a draft drawn as it
// stands, an issued document as it was archived (docs/archive.md). Issuing draws and archives its files
// once (issuedFiles); what is asked for later comes from there.
import type { CreditNote } from '#shared/domain/credit-note';
import type { ArchivedDocument } from '#shared/domain/archive';
import type { EInvoiceFormat } from '#shared/domain/e-invoice-format';
import type { Invoice } from '#shared/domain/invoice';
import type { Logo } from '#shared/domain/logo';
import type { Organization } from '#shared/domain/organization';
import { configuredRenderer, type DocumentRenderer } from '#shared/documents/renderer';
import { archiveStore } from '#shared/aws/archive-store';
import { config } from '#shared/config';
import { logoText, type RenderedFile, type RenderRequest } from '#shared/documents/render-requests';
import { archivedFile } from '#shared/archive/archived-file';
import { type ArchiveDeps, storeArchived } from '#shared/archive/keep-file';
import type { ArchiveRecord } from '#shared/domain/archive';

export type DocumentFileDeps = ArchiveDeps & { renderer: DocumentRenderer };
export type FileFormat = 'pdf' | EInvoiceFormat;

export type Issued =
  | { invoice: Invoice; creditNote?: undefined; organization: Organization; logo?: Logo }
  | { creditNote: CreditNote; invoice?: undefined; organization: Organization; logo?: Logo };

export const archivedDocumentOf = (found: Issued): ArchivedDocument =>
  found.invoice
    ? { type: 'invoice', id: found.invoice.id, number: found.invoice.invoice_number ?? null }
    : { type: 'credit_note', id: found.creditNote.id, number: found.creditNote.credit_note_number ?? null };

export function renderRequest(found: Issued, format: FileFormat, publicBaseUrl: string): RenderRequest {
  const letterhead = { logo: logoText(found.logo), publicBaseUrl };
  if (found.invoice)
    return format === 'pdf'
      ? { kind: 'invoice-pdf', invoice: found.invoice, ...letterhead }
      : { kind: 'invoice-e-invoice', format, invoice: found.invoice, ...letterhead };
  return format === 'pdf'
    ? { kind: 'credit-note-pdf', creditNote: found.creditNote, ...letterhead }
    : { kind: 'credit-note-e-invoice', format, creditNote: found.creditNote, ...letterhead };
}

/** What a download serves: a draft drawn now; an issued document's archived bytes (archived now if first asked). */
export async function documentFile(deps: DocumentFileDeps, found: Issued, format: FileFormat): Promise<RenderedFile> {
  const draw = () => deps.renderer.render(renderRequest(found, format, deps.publicBaseUrl));
  if (found.invoice?.status === 'draft') return draw();
  return archivedFile(deps, { owner: found.organization, document: archivedDocumentOf(found), format, draw });
}

/** The files a document is issued with, drawn once: its PDF and its e-invoice in the organization's format. */
export type IssuedFiles = { pdf: RenderedFile; eInvoice?: RenderedFile; records: ArchiveRecord[] };

/**
 * Draws `found` as it is issued and writes its files into the archive (confirmed): the records come
 * back to be committed with the issuing itself, so no document is issued without them.
 */
export async function issuedFiles(deps: DocumentFileDeps, found: Issued, now = new Date()): Promise<IssuedFiles> {
  const format = found.organization.e_invoice_format ?? null;
  const document = archivedDocumentOf(found);
  const draw = (as: FileFormat) => deps.renderer.render(renderRequest(found, as, deps.publicBaseUrl));
  const [pdf, eInvoice] = await Promise.all([draw('pdf'), format ? draw(format) : undefined]);
  const keep = (file: RenderedFile, as: FileFormat) =>
    storeArchived(deps, found.organization, { document, kind: 'document', format: as, reason: 'issued', file }, now);
  const records = await Promise.all([keep(pdf, 'pdf'), ...(eInvoice && format ? [keep(eInvoice, format)] : [])]);
  return { pdf, ...(eInvoice ? { eInvoice } : {}), records };
}

/** What serving documents needs besides the request's table, from the configuration, once per process. */
export function configuredDocumentFiles() {
  return { renderer: configuredRenderer(), archive: archiveStore(), publicBaseUrl: config().PUBLIC_BASE_URL };
}
