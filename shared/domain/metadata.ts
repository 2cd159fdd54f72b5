// Metadata: an integrator's own keys and values on a document or client (an order id, a CRM deal).
// It is not document content: it changes in any state, is shown in responses and events, and is
// never printed. A change names keys one by one; an empty value removes its key.
import { validationError } from '#shared/domain/errors';

export type Metadata = Record<string, string>;

export const METADATA_LIMITS = { maxKeys: 50, maxKeyLength: 40, maxValueLength: 500 } as const;

/** What carries metadata, each with its own filter index (docs/data-model.md). */
export const METADATA_KINDS = ['client', 'invoice', 'credit_note', 'recurring_invoice', 'quote'] as const;
export type MetadataKind = (typeof METADATA_KINDS)[number];

/** A key a query string can name as `metadata[key]`: no brackets. */
export const METADATA_KEY = /^[^[\]]+$/;

/**
 * Keys refused (400 naming the key) because JavaScript objects already hold them: `__proto__` is the
 * prototype (a JSON reader drops it or changes the object's type), `constructor` and `prototype` are
 * what serializers, the DynamoDB marshaller among them, read to tell a plain object from an instance.
 * Every other name, `toString` or `hasOwnProperty` as well, is a key like any other.
 */
export const RESERVED_METADATA_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];
export const RESERVED_KEY_PROBLEM = `is a name JavaScript objects reserve (${RESERVED_METADATA_KEYS.join(', ')}): choose another key`;
export const isReservedMetadataKey = (key: string) => RESERVED_METADATA_KEYS.includes(key);

// Keys are data, never properties: each function reads a metadata object's own entries into a Map and
// builds its answer without a prototype, so no key can meet what Object.prototype holds.
const entriesOf = (metadata: Metadata | undefined) => new Map(Object.entries(metadata ?? {}));
const metadataOf = (entries: Map<string, string>): Metadata =>
  Object.setPrototypeOf(Object.fromEntries(entries), null) as Metadata;

/** The metadata after a change: a key with '' is removed, any other replaced or added. */
export function changedMetadata(current: Metadata | undefined, changes: Metadata): Metadata {
  const next = entriesOf(current);
  for (const [key, value] of entriesOf(changes)) {
    if (value === '') next.delete(key);
    else next.set(key, value);
  }
  if (next.size > METADATA_LIMITS.maxKeys)
    throw validationError({
      metadata: `may hold at most ${METADATA_LIMITS.maxKeys} keys; this change would leave ${next.size}`,
    });
  return metadataOf(next);
}

/** The metadata a new document starts with: empty values are not kept. */
export const initialMetadata = (given: Metadata | undefined): Metadata => changedMetadata({}, given ?? {});

/** Whether every key of `wanted` holds exactly its value. */
export function hasMetadata(metadata: Metadata | undefined, wanted: Metadata): boolean {
  const held = entriesOf(metadata);
  return [...entriesOf(wanted)].every(([key, value]) => held.get(key) === value);
}

/** The value each key changed to between two states (undefined: removed), added, changed or removed. */
export function changedEntries(
  before: Metadata | undefined,
  after: Metadata | undefined,
): Map<string, string | undefined> {
  const [was, is] = [entriesOf(before), entriesOf(after)];
  const changed = new Map<string, string | undefined>();
  for (const key of new Set([...was.keys(), ...is.keys()]))
    if (was.get(key) !== is.get(key)) changed.set(key, is.get(key));
  return changed;
}
