// Metadata as requests give it: on creation a set of keys and values, on PATCH changes key by key
// ('' removes a key), in a list's query `metadata[key]=value` (OpenAPI deepObject). Keys JavaScript
// objects reserve are refused (shared/domain/metadata.ts).
import * as z from 'zod/mini';
import { isReservedMetadataKey, METADATA_KEY, METADATA_LIMITS, RESERVED_KEY_PROBLEM } from '#shared/domain/metadata';
import '#shared/zod-locale';

const { maxKeys, maxKeyLength, maxValueLength } = METADATA_LIMITS;

const key = z.string().check(
  z.minLength(1, 'may not be empty'),
  z.maxLength(maxKeyLength, `may have at most ${maxKeyLength} characters`),
  z.regex(METADATA_KEY, 'may not hold [ or ]'),
  // `__proto__` never reaches a record's key schema: the text policy refuses it in every request.
  z.refine((given) => !isReservedMetadataKey(given), RESERVED_KEY_PROBLEM),
);

const value = (minLength: number) =>
  z
    .string('must be a string')
    .check(
      z.minLength(minLength, 'may not be empty'),
      z.maxLength(maxValueLength, `may have at most ${maxValueLength} characters`),
    );

const keyCount = (max: number) =>
  z.refine<Record<string, string>>((given) => Object.keys(given).length <= max, `may hold at most ${max} keys`);

/** A new resource's metadata. */
export const metadata = z
  .record(key, value(1))
  .check(keyCount(maxKeys))
  .register(z.globalRegistry, {
    description: `Up to ${maxKeys} keys of at most ${maxKeyLength} characters (not __proto__, constructor or prototype) with values of at most ${maxValueLength}; never printed on documents`,
    examples: [{ order_id: '6735', crm_deal: 'D-1022' }],
  });

/** A PATCH's changes: each key given is set, or removed when its value is empty. */
export const metadataChanges = z
  .record(key, value(0))
  .check(keyCount(maxKeys))
  .register(z.globalRegistry, {
    description: 'Keys to set; an empty string removes its key. Keys not named stay as they are',
    examples: [{ order_id: '6736', crm_deal: '' }],
  });

/** The filter of a list: every pair given must match (the first is read through the index). */
export const MAX_METADATA_FILTERS = 10;
export const metadataFilter = z
  .optional(
    z.record(key, value(1)).check(keyCount(MAX_METADATA_FILTERS)).register(z.globalRegistry, {
      description: 'Only what holds each key with its value: `metadata[order_id]=6735`',
    }),
  )
  .register(z.globalRegistry, { param: { style: 'deepObject', explode: true } });
