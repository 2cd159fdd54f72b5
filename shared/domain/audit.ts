// The audit log (docs/security.md "Audit log"): one entry per event, in a chain per organization.
// Each entry's hash covers its fields and the hash of the entry before it, so an entry changed,
// removed or inserted in the table breaks the chain where it happened.
import { createHash } from 'node:crypto';
import type { Actor } from '#shared/domain/actor';
import type { OutboxEvent } from '#shared/domain/events';

export type AuditEntry = {
  /** The entry's place in its organization's chain, from 1. */
  seq: number;
  event_id: string;
  /** When the entry was chained; never earlier than the entry before it. */
  at: string;
  /** When the change happened (the event's created_at). */
  occurred_at: string;
  /** The event's kind: `invoice.voided`, `member.removed`, … */
  action: string;
  actor: Actor | null;
  resource: { type: string; id: string | null };
  /** An archive record's entry: the SHA-256 of the archived bytes, so a record changed in the table no longer matches. */
  sha256?: string;
  /** The previous entry's hash; the first entry's is 64 zeros. */
  prev_hash: string;
  hash: string;
};

export const GENESIS_HASH = '0'.repeat(64);

/** What an entry's hash covers, in a fixed order: every field but the hash itself. */
const covered = (entry: Omit<AuditEntry, 'hash'>) =>
  JSON.stringify([
    entry.seq,
    entry.event_id,
    entry.at,
    entry.occurred_at,
    entry.action,
    entry.actor?.type ?? null,
    entry.actor?.id ?? null,
    entry.actor?.role ?? null,
    entry.resource.type,
    entry.resource.id,
    entry.prev_hash,
    // Only entries that carry one cover it: the hashes of entries written before stay as they were.
    ...(entry.sha256 === undefined ? [] : [entry.sha256]),
  ]);

export const hashOf = (entry: Omit<AuditEntry, 'hash'>) => createHash('sha256').update(covered(entry)).digest('hex');

/** The resource an event is about: the kind's first word, and its object's id. */
function resourceOf(event: OutboxEvent): AuditEntry['resource'] {
  const object = event.data.object as { id?: unknown; webhook_id?: unknown; user_id?: unknown } | null;
  const id = object?.id ?? object?.user_id ?? object?.webhook_id;
  return { type: event.type.split('.')[0]!, id: typeof id === 'string' ? id : null };
}

/** An archive record's event carries the SHA-256 of what it archived. */
function archivedHashOf(event: OutboxEvent): { sha256?: string } {
  const sha256 = (event.data.object as { sha256?: unknown } | null)?.sha256;
  return event.type.startsWith('archive_record.') && typeof sha256 === 'string' ? { sha256 } : {};
}

/** The entry that follows `previous` (none: the first of the chain) for `event`, chained at `now`. */
export function nextEntry(
  event: OutboxEvent,
  previous: { seq: number; hash: string; at: string } | undefined,
  now: Date,
): AuditEntry {
  const nowText = now.toISOString();
  const entry = {
    seq: (previous?.seq ?? 0) + 1,
    event_id: event.id,
    at: previous && previous.at > nowText ? previous.at : nowText,
    occurred_at: event.created_at,
    action: event.type,
    actor: event.actor ?? null,
    resource: resourceOf(event),
    ...archivedHashOf(event),
    prev_hash: previous?.hash ?? GENESIS_HASH,
  };
  return { ...entry, hash: hashOf(entry) };
}

export type ChainCheck =
  | { status: 'ok'; entries: number; first_seq: number | null; last_seq: number | null }
  | { status: 'broken'; entries: number; seq: number; event_id: string | null; reason: string };

/**
 * Checks entries in chain order. The first entry kept may follow entries the retention removed: its
 * own hash is checked, and the links from it on.
 */
export function checkChain() {
  let previous: AuditEntry | undefined;
  let count = 0;
  let first: number | null = null;
  const broken = (entry: AuditEntry, reason: string): ChainCheck => ({
    status: 'broken',
    entries: count,
    seq: entry.seq,
    event_id: entry.event_id,
    reason,
  });
  return {
    add(entry: AuditEntry): ChainCheck | undefined {
      count += 1;
      first ??= entry.seq;
      const { hash, ...rest } = entry;
      if (hashOf(rest) !== hash) return broken(entry, 'its hash does not match its content');
      if (previous && entry.seq !== previous.seq + 1) return broken(entry, `it follows entry ${previous.seq}`);
      if (previous && entry.prev_hash !== previous.hash)
        return broken(entry, 'it does not name the hash of the entry before it');
      if (!previous && entry.seq === 1 && entry.prev_hash !== GENESIS_HASH)
        return broken(entry, 'the first entry names a predecessor');
      previous = entry;
      return undefined;
    },
    result: (): ChainCheck => ({ status: 'ok', entries: count, first_seq: first, last_seq: previous?.seq ?? null }),
  };
}
