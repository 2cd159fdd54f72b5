// A received document's values in the API's forms. A value that is not what its term allows (an
// amount that is not a decimal, a date in no known format) is kept as written: the validation result
// says what is wrong with it, and the view never invents a value.
import { parseDecimal, trimmedText } from '#shared/domain/decimal';

const plain = (text: string) => text.replace(/^\+/, '');

/** An amount with at least two fraction digits: "100" -> "100.00", "12.5" -> "12.50", "1.255" stays. */
export function amount(text: string | null): string | null {
  if (text === null) return null;
  const scaled = parseDecimal(plain(text));
  return scaled ? trimmedText(scaled, 2) : text;
}

/** A quantity, price or percentage without trailing zeros: "2.000" -> "2", "19.00" -> "19". */
export function decimal(text: string | null): string | null {
  if (text === null) return null;
  const scaled = parseDecimal(plain(text));
  return scaled ? trimmedText(scaled, 0) : text;
}

/** A date as YYYY-MM-DD: UBL writes it so; CII writes format 102 (YYYYMMDD). */
export function date(text: string | null): string | null {
  if (text === null) return null;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  return compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : text;
}

/** `scheme:identifier` of an electronic address or identifier with its scheme attribute. */
export const schemed = (scheme: string | null, identifier: string | null): string | null =>
  identifier === null ? null : scheme ? `${scheme}:${identifier}` : identifier;

/** The object without its null fields is empty: the group is absent. */
export const emptyToNull = <T extends Record<string, unknown>>(group: T): T | null =>
  Object.values(group).some((value) => value !== null) ? group : null;
