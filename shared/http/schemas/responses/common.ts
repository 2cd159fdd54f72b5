// What every response schema is made of: ids, timestamps, lists; and the check that a schema and the
// resource function it describes (shared/domain/resources) agree field for field, at compile time.
import * as z from 'zod/mini';

/**
 * True when A and B hold the same fields with the same types (each assignable to the other): a
 * schema's output against a resource function's result. A field only one side names, required on
 * that side, makes it false.
 */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const idOfResource = (prefix: string) =>
  z
    .string()
    .check(z.regex(new RegExp(`^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`)))
    .register(z.globalRegistry, {
      description: `\`${prefix}_\` and a ULID`,
      examples: [`${prefix}_01JD3M8Q5W0000000000000000`],
    });
export const timestamp = z.iso.datetime().register(z.globalRegistry, {
  id: 'Timestamp',
  description: 'An instant, ISO 8601 in UTC',
  examples: ['2026-11-23T10:00:00.000Z'],
});
export const calendarDate = z.iso.date().register(z.globalRegistry, {
  id: 'CalendarDate',
  description: 'A calendar date, YYYY-MM-DD',
  examples: ['2026-11-23'],
});
export const nullableText = z.nullable(z.string());
export const money = z
  .string()
  .check(z.regex(/^-?\d+\.\d{2}$/))
  .register(z.globalRegistry, {
    id: 'Money',
    description: 'An amount: a decimal string with two fraction digits, never a number',
    examples: ['1190.00'],
  });
export const currency = z
  .string()
  .check(z.regex(/^[A-Z]{3}$/))
  .register(z.globalRegistry, { id: 'Currency', description: 'ISO 4217 currency code', examples: ['EUR'] });

/** A page of a list: its items and the absolute URL of the next page, or null on the last. */
export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.strictObject({ results: z.array(item), next: z.nullable(z.url()) });

/** An integrator's keys and values (docs/api.md "Metadata"): {} when none. */
export const metadataResponse = z.record(z.string(), z.string()).register(z.globalRegistry, {
  id: 'Metadata',
  description: 'Your own keys and values: never printed on documents',
  examples: [{ order_id: '6735' }],
});

/** A SHA-256, hex (the audit chain's hashes, an archived object's). */
export const sha256 = z
  .string()
  .check(z.regex(/^[0-9a-f]{64}$/))
  .register(z.globalRegistry, {
    description: 'SHA-256, hex',
    examples: ['5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8'],
  });
