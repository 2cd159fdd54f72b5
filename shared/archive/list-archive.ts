// The organization's archive records: of one document (its formats, then its sendings), or of a period
// of days in the organization's time zone by when they were written, oldest first, paged.
import { listArchiveRecords, listDocumentRecords } from '#shared/data/archive-records';
import { getOrganization } from '#shared/data/organizations';
import type { Db } from '#shared/data/table';
import { type ArchiveRecord, periodInstants, recordIdRange } from '#shared/domain/archive';
import { timeZoneOf } from '#shared/domain/organization';
import type { ItemPage, PageRequest } from '#shared/domain/pages';

export type ArchiveFilter = { document?: string; from?: string; to?: string };

export async function listArchive(
  db: Db,
  organizationId: string,
  filter: ArchiveFilter,
  page: PageRequest,
): Promise<ItemPage<ArchiveRecord>> {
  const timeZone = timeZoneOf(await getOrganization(db, organizationId));
  const period = periodInstants(timeZone, filter);
  if (!filter.document) return listArchiveRecords(db, organizationId, recordIdRange(period.from, period.to), page);
  const listed = await listDocumentRecords(db, organizationId, filter.document, page);
  const within = (record: ArchiveRecord) => {
    const at = Date.parse(record.written_at);
    return at >= period.from.getTime() && at <= period.to.getTime();
  };
  return { ...listed, items: listed.items.filter(within) };
}
