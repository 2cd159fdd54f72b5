// The archive's keys (docs/data-model.md "Archive"), part of keys.ts, which re-exports them: import them from there.
type Key = { pk: string; sk: string };

const org = (organizationId: string) => `ORG#${organizationId}`;

/** Archive records (docs/archive.md), their `arc_` ULIDs sorting by write time; a document's slot (a format, a sending) holds a copy of its one record. */
export const ARCHIVE_PREFIX = 'ARCHIVE#';
export const archiveRecordKey = (organizationId: string, id: string): Key => ({
  pk: org(organizationId),
  sk: `${ARCHIVE_PREFIX}${id}`,
});
export const archiveRange = (organizationId: string, fromId: string, toId: string) => ({
  ':pk': org(organizationId),
  ':from': `${ARCHIVE_PREFIX}${fromId}`,
  ':to': `${ARCHIVE_PREFIX}${toId}`,
});
export const archivedSlotKey = (organizationId: string, documentId: string, slot: string): Key => ({
  pk: org(organizationId),
  sk: `ARCHIVED#${documentId}#${slot}`,
});
export const archivedSlotsOf = (organizationId: string, documentId: string) => ({
  pk: org(organizationId),
  prefix: `ARCHIVED#${documentId}#`,
});
/** A document made binding whose files are still to be archived (the archive's outbox); gsi4 finds the stragglers. */
export const ARCHIVE_DUE_PARTITION = 'ARCHIVE_DUE';
export const archiveDueKey = (organizationId: string, type: string, documentId: string): Key => ({
  pk: org(organizationId),
  sk: `ARCHIVE_DUE#${type}#${documentId}`,
});
