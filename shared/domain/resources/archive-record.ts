// How an archive record looks in responses and events: the record as stored, and where its bytes are served.
import type { ArchiveRecord } from '#shared/domain/archive';

export const archiveRecordResource = (record: ArchiveRecord, baseUrl: string) => ({
  id: record.id,
  document: record.document,
  kind: record.kind,
  format: record.format,
  reason: record.reason,
  sending_id: record.sending_id ?? null,
  key: record.key,
  sha256: record.sha256,
  size: record.size,
  media_type: record.media_type,
  file_name: record.file_name,
  written_at: record.written_at,
  retain_until: record.retain_until,
  url: `${baseUrl}/api/v1/archive/${record.id}/`,
});
