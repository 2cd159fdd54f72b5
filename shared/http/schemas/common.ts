import * as z from 'zod';
import { decimalTextOf, formatMinor, parseDecimal, type Scaled } from '../../domain/decimal.ts';
import { isCalendarDate } from '../../domain/dates.ts';

export const calendarDate = z.string().refine(isCalendarDate, 'must be a real date written YYYY-MM-DD');

export const idOf = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`), `must be a ${prefix}_ identifier`);

/** A non-negative decimal (string, or a JSON number for quantities) with bounded fraction digits and size. */
export const decimal = ({ maxFraction, max, allowNumber, positive }: { maxFraction: number; max: Scaled; allowNumber: boolean; positive: boolean }) =>
  (allowNumber ? z.union([z.number(), z.string()]) : z.string({ error: 'must be a decimal string such as "19.99"' }))
    .transform((value, context) => {
      const text = decimalTextOf(value);
      const parsed = text === null ? null : parseDecimal(text);
      if (!parsed || parsed.units < 0n) {
        context.addIssue({ code: 'custom', message: 'must be a non-negative decimal number' });
        return z.NEVER;
      }
      if (parsed.scale > maxFraction) {
        context.addIssue({ code: 'custom', message: `may have at most ${maxFraction} fraction digits` });
        return z.NEVER;
      }
      if (positive && parsed.units === 0n) {
        context.addIssue({ code: 'custom', message: 'must be > 0' });
        return z.NEVER;
      }
      // Compare exactly: units / 10^scale > max.units / 10^max.scale, cross-multiplied.
      if (parsed.units * 10n ** BigInt(max.scale) > max.units * 10n ** BigInt(parsed.scale)) {
        context.addIssue({ code: 'custom', message: `may not exceed ${formatMinor(max.units, max.scale)}` });
        return z.NEVER;
      }
      return parsed;
    });

export const listLimit = z.coerce.number({ error: 'must be a whole number from 1 to 100' }).int('must be a whole number from 1 to 100').min(1, 'must be at least 1').max(100, 'may not exceed 100').default(25);

export const idParams = (prefix: string) => z.object({ id: idOf(prefix) });
