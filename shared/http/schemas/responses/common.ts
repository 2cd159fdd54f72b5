// What every response schema is made of: ids, timestamps, lists; and the check that a schema and the
// resource function it describes (shared/domain/resources) agree field for field, at compile time.
import * as z from 'zod/mini';

/** True only when A and B are the same type: a schema's output against a resource function's result. */
export type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

export const idOfResource = (prefix: string) =>
  z.string().check(z.regex(new RegExp(`^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`)));
export const timestamp = z.iso.datetime();
export const nullableText = z.nullable(z.string());
/** Money: a decimal string with two fraction digits. */
export const money = z.string().check(z.regex(/^-?\d+\.\d{2}$/));

/** A page of a list: its items and the absolute URL of the next page, or null on the last. */
export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.strictObject({ results: z.array(item), next: z.nullable(z.url()) });
