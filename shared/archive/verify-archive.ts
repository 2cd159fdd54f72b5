// Proving the archive (docs/archive.md "Verify"): every record written in the period is read back
// from the bucket and its bytes hashed again, against the SHA-256 the audit chain took in when the
// record was written (the record's own where the chain has none yet). The first object missing or
// differing is the answer, as is a record the chain names but the table no longer holds.
import { listAuditEntries } from '#shared/data/audit-log';
import { ARCHIVE_RECORD_WRITTEN, eachArchiveRecord } from '#shared/data/archive-records';
import { getOrganization } from '#shared/data/organizations';
import type { Db } from '#shared/data/table';
import type { ArchiveStore } from '#shared/aws/archive-store';
import { type ArchiveRecord, checkArchived, periodInstants, recordIdRange } from '#shared/domain/archive';
import { timeZoneOf } from '#shared/domain/organization';

export type ArchiveVerification =
  | { status: 'ok'; objects: number }
  | {
      status: 'broken';
      objects: number;
      record: string;
      key: string | null;
      reason: 'missing' | 'differs' | 'record_missing';
    };

/** Objects read at once: each is a GetObject, whose wait dominates. */
const READS_AT_ONCE = 16;

/** The SHA-256 the audit chain holds of each record written between the two instants. */
async function chainedHashes(db: Db, organizationId: string, from: Date, to: Date) {
  const hashes = new Map<string, string>();
  // An entry is chained at or after its record was written: its time may lie past `to`, never before `from`.
  const range = { from: from.toISOString(), to: '9999', action: ARCHIVE_RECORD_WRITTEN };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await listAuditEntries(db, organizationId, range, { limit: 500, startKey });
    for (const entry of page.items) {
      const at = Date.parse(entry.occurred_at);
      if (entry.resource.id && entry.sha256 && at >= from.getTime() && at <= to.getTime())
        hashes.set(entry.resource.id, entry.sha256);
    }
    startKey = page.position;
  } while (startKey);
  return hashes;
}

async function checkBatch(archive: ArchiveStore, batch: ArchiveRecord[], chained: Map<string, string>) {
  const checks = await Promise.all(
    batch.map(async (record) => {
      const expected = { sha256: chained.get(record.id) ?? record.sha256 };
      return { record, check: checkArchived(expected, await archive.get(record.key)) };
    }),
  );
  return checks.find(({ check }) => check !== 'ok');
}

export async function verifyArchive(
  deps: { db: Db; archive: ArchiveStore },
  organizationId: string,
  period: { from?: string; to?: string },
): Promise<ArchiveVerification> {
  const { db } = deps;
  const instants = periodInstants(timeZoneOf(await getOrganization(db, organizationId)), period);
  const chained = await chainedHashes(db, organizationId, instants.from, instants.to);
  const seen = new Set<string>();
  let objects = 0;
  let batch: ArchiveRecord[] = [];
  const flush = async (): Promise<ArchiveVerification | undefined> => {
    const bad = await checkBatch(deps.archive, batch, chained);
    objects += bad ? batch.indexOf(bad.record) : batch.length;
    batch = [];
    if (!bad) return undefined;
    const reason = bad.check as 'missing' | 'differs';
    return { status: 'broken', objects, record: bad.record.id, key: bad.record.key, reason };
  };
  for await (const record of eachArchiveRecord(db, organizationId, recordIdRange(instants.from, instants.to))) {
    seen.add(record.id);
    batch.push(record);
    const bad = batch.length === READS_AT_ONCE ? await flush() : undefined;
    if (bad) return bad;
  }
  const bad = await flush();
  if (bad) return bad;
  // A record the chain took in that the table no longer holds was removed behind the service's back.
  const removed = [...chained.keys()].find((id) => !seen.has(id));
  if (removed) return { status: 'broken', objects, record: removed, key: null, reason: 'record_missing' };
  return { status: 'ok', objects };
}
