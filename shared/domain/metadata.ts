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

/** The metadata after a change: a key with '' is removed, any other replaced or added. */
export function changedMetadata(current: Metadata | undefined, changes: Metadata): Metadata {
  const next: Metadata = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === '') delete next[key];
    else next[key] = value;
  }
  const count = Object.keys(next).length;
  if (count > METADATA_LIMITS.maxKeys)
    throw validationError({
      metadata: `may hold at most ${METADATA_LIMITS.maxKeys} keys; this change would leave ${count}`,
    });
  return next;
}

/** The metadata a new document starts with: empty values are not kept. */
export const initialMetadata = (given: Metadata | undefined): Metadata => changedMetadata({}, given ?? {});

/** Whether every key of `wanted` holds exactly its value. */
export const hasMetadata = (metadata: Metadata | undefined, wanted: Metadata) =>
  Object.entries(wanted).every(([key, value]) => metadata?.[key] === value);

/** The keys whose value differs between two states (added, changed or removed). */
export function changedKeys(before: Metadata | undefined, after: Metadata | undefined): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys].filter((key) => before?.[key] !== after?.[key]);
}
