// Chaining an event into its organization's audit log: read the head, append the next entry with the
// event's marker, and on a lost race read the head again (shared/data/change.ts). An event chained
// already is left alone, so a redelivered message changes nothing.
import { appendAuditEntry, getAuditHead } from '#shared/data/audit-log';
import { RACED, readDecideCommit } from '#shared/data/change';
import type { Db } from '#shared/data/table';
import { nextEntry } from '#shared/domain/audit';
import type { OutboxEvent } from '#shared/domain/events';

export async function appendToAuditLog(
  db: Db,
  event: OutboxEvent,
  retentionDays: number,
  now = new Date(),
): Promise<'appended' | 'chained_already' | 'not_audited'> {
  // A test delivery is not a change.
  if (event.type === 'ping') return 'not_audited';
  const expiresAt = Math.floor(now.getTime() / 1000) + retentionDays * 86_400;
  return readDecideCommit({
    subject: { resource: 'audit_log', id: event.organization_id },
    read: () => getAuditHead(db, event.organization_id),
    decide: (head) => nextEntry(event, head, now),
    commit: async (entry) => {
      const outcome = await appendAuditEntry(db, event.organization_id, entry, expiresAt);
      return outcome === 'place_taken' ? RACED : outcome;
    },
  });
}
