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
  z.string().check(z.regex(new RegExp(`^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`)));
export const timestamp = z.iso.datetime();
export const nullableText = z.nullable(z.string());
/** Money: a decimal string with two fraction digits. */
export const money = z.string().check(z.regex(/^-?\d+\.\d{2}$/));

/** A whole list in one answer: its items, and `next` always null. */
export const allOf = <T extends z.ZodMiniType>(item: T) => z.strictObject({ results: z.array(item), next: z.null() });

/** A page of a list: its items and the absolute URL of the next page, or null on the last. */
export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.strictObject({ results: z.array(item), next: z.nullable(z.url()) });
