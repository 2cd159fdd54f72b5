import type { ExportJob } from '#shared/domain/export';
// How an export looks in responses and events; the download link only in the answer that made it.

export const exportResource = (job: ExportJob, download?: { url: string; expiresAt: string }) => ({
  id: job.id,
  kind: job.kind,
  format: job.format,
  from: job.from,
  to: job.to,
  include_drafts: job.include_drafts,
  status: job.status,
  rows_done: job.rows_done,
  rows_total: job.rows_total ?? null,
  file_name: job.file_name ?? null,
  download_url: download?.url ?? null,
  download_expires_at: download?.expiresAt ?? null,
  error: job.error ?? null,
  created_at: job.created_at,
  completed_at: job.completed_at ?? null,
});
