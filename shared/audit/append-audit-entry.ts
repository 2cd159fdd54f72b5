// Chaining an event into its organization's audit log: read the head, append the next entry with the
// event's marker, and on a lost race read the head again. An event chained already is left alone,
// so a redelivered message changes nothing.
import { appendAuditEntry, getAuditHead } from '#shared/data/audit-log';
import type { Db } from '#shared/data/table';
import { nextEntry } from '#shared/domain/audit';
import type { OutboxEvent } from '#shared/domain/events';

const MAX_ATTEMPTS = 20;

export async function appendToAuditLog(
  db: Db,
  event: OutboxEvent,
  retentionDays: number,
  now = new Date(),
): Promise<'appended' | 'chained_already' | 'not_audited'> {
  // A test delivery is not a change.
  if (event.type === 'ping') return 'not_audited';
  const expiresAt = Math.floor(now.getTime() / 1000) + retentionDays * 86_400;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const head = await getAuditHead(db, event.organization_id);
    const outcome = await appendAuditEntry(db, event.organization_id, nextEntry(event, head, now), expiresAt);
    if (outcome !== 'place_taken') return outcome;
  }
  throw new Error(`the audit log of ${event.organization_id} kept moving under ${MAX_ATTEMPTS} attempts`);
}
