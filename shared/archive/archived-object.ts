// One archive record's bytes, as they were written: 404 for a record the organization does not have,
// 409 archive_mismatch for bytes that are gone or no longer match their SHA-256.
import { getArchiveRecord } from '#shared/data/archive-records';
import type { Db } from '#shared/data/table';
import { notFound } from '#shared/domain/errors';
import type { ArchiveStore } from '#shared/aws/archive-store';
import { readArchived } from '#shared/archive/archived-file';

export async function archivedObject(deps: { db: Db; archive: ArchiveStore }, organizationId: string, id: string) {
  const record = await getArchiveRecord(deps.db, organizationId, id);
  if (!record) throw notFound('Archive record');
  return { record, file: await readArchived(deps, record) };
}
