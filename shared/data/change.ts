// The one frame of every change to a stored item: read it, decide, commit the decision in one
// conditional transaction. A commit whose condition "still as read" failed lost the race to another
// writer: the change is decided again from a fresh read, CHANGE_ATTEMPTS times in all, and a race
// lost that often is 409 `conflict` naming the item — never a 500. A decision that nothing changes
// is a value (`unchanged(answer)`), not an error to catch. docs/architecture.md "Changes".
import { eventParts } from '#shared/data/events';
import { type Committed, type CorrelatedDb, transact, type WritePart, type WriteParts } from '#shared/data/table';
import { conflict, notFound } from '#shared/domain/errors';
import type { EventType } from '#shared/domain/events';

/**
 * The one retry policy of a lost conditional write. Every lost attempt is another writer's commit,
 * so n writers racing for one item need at most n attempts: this many racing at once all land.
 */
export const CHANGE_ATTEMPTS = 20;

/** What `commit` answers when its condition found the item changed since `read`: decide again. */
export const RACED: unique symbol = Symbol('raced');
export type Raced = typeof RACED;

/** A decision that there is nothing to write; the change answers `answer` without a transaction. */
export class Unchanged<Answer> {
  constructor(readonly answer: Answer) {}
}

export const unchanged = <Answer>(answer: Answer): Unchanged<Answer> => new Unchanged(answer);

export type Change<Read, Decision, Answer, Kept> = {
  /** What is changed, as the conflict names it: `{ resource: 'invoice', id }`. */
  subject: { resource: string; id: string };
  /** Everything the decision rests on, read afresh on every attempt (throws `not_found`). */
  read: () => Promise<Read>;
  /** Pure: the decision, `unchanged(answer)`, or a thrown DomainError (a refusal). */
  decide: (read: Read) => Decision | Unchanged<Kept>;
  /** One conditional transaction; RACED when its condition found the item changed since the read. */
  commit: (decision: Decision, read: Read) => Promise<Answer | Raced>;
};

export async function readDecideCommit<Read, Decision, Answer, Kept = never>(
  change: Change<Read, Decision, Answer, Kept>,
): Promise<Answer | Kept> {
  for (let attempt = 1; attempt <= CHANGE_ATTEMPTS; attempt++) {
    const read = await change.read();
    const decision = change.decide(read);
    if (decision instanceof Unchanged) return decision.answer;
    const written = await change.commit(decision, read);
    if (written !== RACED) return written;
  }
  throw conflict(change.subject.resource, change.subject.id);
}

/** For `read`: the item, or 404 `not_found` naming it (`what`: 'Invoice'). */
export async function existing<Item>(item: Promise<Item | undefined>, what: string): Promise<Item> {
  const value = await item;
  if (value === undefined) throw notFound(what);
  return value;
}

/** A change's transaction: the item on its condition, more parts by name, and events of the changed item. */
export type ItemCommit<Part extends string> = {
  /** The changed item's parts, the first carrying the condition that it is still as read. */
  item: readonly WritePart[];
  /** Event kinds written with the change, each carrying `object` (the item as changed) and `more`. */
  events: readonly EventType[];
  object: unknown;
  more?: Record<string, unknown>;
  /** More of the same transaction (a payment, a condition on another item), by name. */
  parts?: WriteParts<Part>;
};

/** Commits a change: RACED when the item's condition failed, else the outcome, naming a failed part of its own. */
export async function commitItem<Part extends string>(
  db: CorrelatedDb,
  organizationId: string,
  { item, events, object, more, parts }: ItemCommit<Part>,
  now = new Date(),
): Promise<Committed<Part> | Raced> {
  const written = await transact<Part | 'item' | 'events'>(db, {
    item,
    ...parts,
    events: eventParts(
      db,
      organizationId,
      events.map((type) => ({ type, object, more })),
      now,
    ),
  } as WriteParts<Part | 'item' | 'events'>);
  if (written.ok) return written;
  return written.failed === 'item' ? RACED : (written as Committed<Part>);
}

/** For a change whose own parts carry no condition: a failed one is a fault, not an outcome. */
export function unconditional<Part extends string>(written: Committed<Part> | Raced): { ok: true } | Raced {
  if (written === RACED || written.ok) return written;
  throw new Error(`unexpected failed condition of ${written.failed}`);
}
