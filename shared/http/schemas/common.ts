import { decimalTextOf, formatMinor, parseDecimal, type Scaled } from '#shared/domain/decimal';
import { isCalendarDate } from '#shared/domain/dates';
import { isParticipantProblem, parsePeppolParticipant } from '#shared/domain/peppol-participant';
import * as z from 'zod/mini';
import '#shared/zod-locale';

export const calendarDate = z
  .string()
  .check(z.refine<string>(isCalendarDate, 'must be a real date written YYYY-MM-DD'));

/**
 * A range given by two fields, refused when inverted (400 on the later field, `to`: the one that is
 * wrong once the start is read). `inOrder` compares the two texts; dates compare as text.
 */
export const rangeInOrder = <From extends string, To extends string>(
  from: From,
  to: To,
  inOrder = (start: string, end: string) => start <= end,
) =>
  z.refine<Partial<Record<From | To, string>>>(
    (given) => given[from] === undefined || given[to] === undefined || inOrder(given[from], given[to]),
    { message: `may not be before ${from}`, path: [to] },
  );

/**
 * Two fields of which exactly one is given; each refusal names a field the caller can fix: the
 * second when both are given, the first when neither is.
 */
export const exactlyOne = <First extends string, Second extends string>(first: First, second: Second) =>
  [
    z.refine<Partial<Record<First | Second, unknown>>>(
      (given) => given[first] === undefined || given[second] === undefined,
      { message: `may not be given beside ${first}: give one of the two`, path: [second] },
    ),
    z.refine<Partial<Record<First | Second, unknown>>>(
      (given) => given[first] !== undefined || given[second] !== undefined,
      { message: `is required unless ${second} is given`, path: [first] },
    ),
  ] as const;

/**
 * A party's Peppol participant id, its electronic address for e-invoices (BT-34 / BT-49):
 * `scheme:identifier` with a scheme of the Peppol EAS list, checked as the Peppol rules check it.
 */
export const peppolParticipantId = z.string().check(
  z.superRefine((text, context) => {
    const parsed = parsePeppolParticipant(text);
    if (isParticipantProblem(parsed)) context.addIssue({ code: 'custom', message: parsed.message, input: text });
  }),
);

export const idOf = (prefix: string) =>
  z.string().check(z.regex(new RegExp(`^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`), `must be a ${prefix}_ identifier`));

export const text = (max: number) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, 'may not be empty'), z.maxLength(max, `may have at most ${max} characters`));

/** A non-negative decimal (string, or a JSON number for quantities) with bounded fraction digits and size. */
export const decimal = ({
  maxFraction,
  max,
  allowNumber,
  positive,
}: {
  maxFraction: number;
  max: Scaled;
  allowNumber: boolean;
  positive: boolean;
}) =>
  z.pipe(
    allowNumber ? z.union([z.number(), z.string()]) : z.string('must be a decimal string such as "19.99"'),
    z.transform((value: number | string, context) => {
      const problem = (message: string) => {
        context.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      };
      const textValue = decimalTextOf(value);
      const parsed = textValue === null ? null : parseDecimal(textValue);
      if (!parsed || parsed.units < 0n) return problem('must be a non-negative decimal number');
      if (parsed.scale > maxFraction) return problem(`may have at most ${maxFraction} fraction digits`);
      if (positive && parsed.units === 0n) return problem('must be > 0');
      // Compare exactly: units / 10^scale > max.units / 10^max.scale, cross-multiplied.
      if (parsed.units * 10n ** BigInt(max.scale) > max.units * 10n ** BigInt(parsed.scale))
        return problem(`may not exceed ${formatMinor(max.units, max.scale)}`);
      return parsed;
    }),
  );

const LIMIT_MESSAGE = 'must be a whole number from 1 to 100';
export const listLimit = z._default(
  z.pipe(
    // Documented as the integer it stands for: a query string carries it as digits.
    z.string().register(z.globalRegistry, {
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 25,
      description: 'Items per page',
    }),
    z.transform((value: string, context) => {
      const limit = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
      if (limit >= 1 && limit <= 100) return limit;
      context.issues.push({ code: 'custom', message: LIMIT_MESSAGE, input: value });
      return z.NEVER;
    }),
  ),
  25,
);

export const cursor = z.optional(z.string().check(z.maxLength(2048)));

export const idParams = (prefix: string) => z.object({ id: idOf(prefix) });

export const deliveryParams = z.object({ id: idOf('whk'), delivery_id: idOf('evt') });
/** A plain page: `limit` and `cursor` only. */
export const pageQuery = z.strictObject({ limit: listLimit, cursor });
