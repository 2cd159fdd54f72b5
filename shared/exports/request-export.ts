// Asking for an export: the job and its `export.created` event in one transaction. The bus hands that
// event to the export queue, whose worker writes the file (run-export.ts).
import { saveNewExport } from '#shared/data/exports';
import { getOrganization } from '#shared/data/organizations';
import type { CorrelatedDb } from '#shared/data/table';
import { fiscalYearStart } from '#shared/domain/datev';
import { invalidState, notFound, validationError } from '#shared/domain/errors';
import {
  assertExportable,
  exportFileName,
  type ExportFormat,
  type ExportJob,
  type ExportKind,
} from '#shared/domain/export';
import { newId } from '#shared/domain/ids';
import { exportResource } from '#shared/domain/resources/export';

export type ExportRequest = {
  kind: ExportKind;
  /** Absent: csv, or zip for the archive. */
  format?: ExportFormat;
  from: string;
  to: string;
  include_drafts: boolean;
};

export async function requestExport(db: CorrelatedDb, organizationId: string, asked: ExportRequest, now = new Date()) {
  const request = { ...asked, format: asked.format ?? (asked.kind === 'archive' ? 'zip' : 'csv') } as const;
  assertExportable(request.kind, request.format, request.from, request.to);
  if (request.format === 'datev') {
    const organization = await getOrganization(db, organizationId);
    if (!organization) throw notFound('Organization');
    const settings = organization.datev;
    if (!settings)
      throw invalidState('DATEV exports need the organization’s datev settings (consultant and client number) first');
    // A DATEV batch lies within one fiscal year.
    const month = settings.fiscal_year_start_month;
    if (fiscalYearStart(request.from, month) !== fiscalYearStart(request.to, month))
      throw validationError({ to: 'must be in the same fiscal year as from: a DATEV batch lies within one' });
  }
  const job: ExportJob = {
    id: newId('exp', now.getTime()),
    ...request,
    status: 'pending',
    rows_done: 0,
    file_name: exportFileName(request),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    version: 1,
  };
  await saveNewExport(db, organizationId, job, { type: 'export.created', object: exportResource(job) });
  return job;
}
