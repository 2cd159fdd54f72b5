// Exports: a file of an organization's documents, payments or clients over a period, written by a
// worker in the background (docs/exports.md). The job is what the API shows while and after it runs.
import { validationError } from '#shared/domain/errors';
import type { Scope } from '#shared/domain/scopes';

export const EXPORT_KINDS = ['invoices', 'credit_notes', 'payments', 'clients', 'archive'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_FORMATS = ['csv', 'datev', 'zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** DATEV books documents: an invoice or credit note export. */
export const DATEV_KINDS: readonly ExportKind[] = ['invoices', 'credit_notes'];

/** What a caller must be able to read to export a kind (besides reports:read, which every export needs). */
export const READ_SCOPE_OF = {
  invoices: 'invoices:read',
  credit_notes: 'credit_notes:read',
  payments: 'invoices:read',
  clients: 'clients:read',
  archive: 'invoices:read',
} as const satisfies Record<ExportKind, Scope>;

export type ExportStatus = 'pending' | 'running' | 'completed' | 'failed';

export type ExportJob = {
  id: string;
  kind: ExportKind;
  format: ExportFormat;
  /** Issue dates (documents), payment dates (payments) or creation dates (clients), inclusive. */
  from: string;
  to: string;
  include_drafts: boolean;
  status: ExportStatus;
  rows_done: number;
  rows_total?: number;
  /** The object the file is in, once written. */
  object_key?: string;
  file_name?: string;
  error?: string;
  created_at: string;
  updated_at: string;
  completed_at?: string;
  version: number;
};

/** How long a download link works. */
export const DOWNLOAD_LINK_SECONDS = 15 * 60;
/** How long a finished file is kept (the bucket's lifecycle rule). */
export const EXPORT_RETENTION_DAYS = 7;

export function assertExportable(kind: ExportKind, format: ExportFormat, from: string, to: string) {
  if (from > to) throw validationError({ from: 'may not be after to' });
  // The archive is its files: a ZIP, and only the archive is one.
  if ((kind === 'archive') !== (format === 'zip'))
    throw validationError({
      format: kind === 'archive' ? 'must be zip for the archive' : 'zip holds the archive only',
    });
  if (format === 'datev' && !DATEV_KINDS.includes(kind))
    throw validationError({
      format: `datev books invoices and credit notes: kind must be ${DATEV_KINDS.join(' or ')}`,
    });
}

/** The file's name: what it holds and over which days, in ASCII. */
export const exportFileName = (job: Pick<ExportJob, 'kind' | 'format' | 'from' | 'to'>) =>
  job.format === 'datev'
    ? `EXTF_Buchungsstapel_${job.kind}_${job.from}_${job.to}.csv`
    : `${job.kind}_${job.from}_${job.to}.${job.format === 'zip' ? 'zip' : 'csv'}`;

/**
 * A ZIP entry's name for an archived file: flat and safe in every unzip tool: no path separator, no
 * leading dot, nothing but letters, digits, dots, dashes and underscores.
 */
export function zipEntryName(type: string, number: string, format: string, extension: string): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[.]+/, '_');
  return safe(`${type.replace('_', '-')}-${number}-${format}.${extension}`);
}
