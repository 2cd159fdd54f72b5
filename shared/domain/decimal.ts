// Exact decimal strings <-> scaled integers. Request values arrive as strings (or JSON numbers read
// back as their shortest decimal text) and are never used as floating-point quantities.

export type Scaled = { units: bigint; scale: number };

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Parses "12.345" into { units: 12345n, scale: 3 }; null when the text is not a plain decimal. */
export function parseDecimal(text: string): Scaled | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const units = BigInt(`${whole}${fraction}`);
  return { units: sign ? -units : units, scale: fraction.length };
}

/** A scaled value with at most `exponent` fraction digits, in minor units: { 150n, 1 } -> 1500n. */
export const toMinor = ({ units, scale }: Scaled, exponent = 2): bigint => units * 10n ** BigInt(exponent - scale);

/** The decimal text of a JSON number, or null for exponents, NaN and infinities. */
export function decimalTextOf(value: number | string): string | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  return DECIMAL.test(text) ? text : null;
}

/**
 * Minor units (scale 2) to a two-fraction-digit string: 1999n -> "19.99", -5n -> "-0.05". Stored amounts
 * are safe-integer numbers, whose text is already their exact digits: they skip the BigInt.
 */
export function formatMinor(minor: bigint | number, exponent = 2): string {
  if (typeof minor === 'number' && !Number.isSafeInteger(minor))
    throw new RangeError(`${minor} is not a whole number of minor units`);
  const negative = minor < 0;
  const digits = String(negative ? -minor : minor).padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent);
  return `${negative ? '-' : ''}${whole}${exponent ? `.${fraction}` : ''}`;
}

/** Decimal text with trailing zeros dropped down to `minFraction` digits ("1.50" -> "1.5", "3.00" -> "3"). */
export function trimmedText({ units, scale }: Scaled, minFraction = 0): string {
  const padded =
    scale < minFraction ? { units: units * 10n ** BigInt(minFraction - scale), scale: minFraction } : { units, scale };
  let text = formatMinor(padded.units, padded.scale);
  for (let fraction = padded.scale; fraction > minFraction && text.endsWith('0'); fraction--) text = text.slice(0, -1);
  return text.endsWith('.') ? text.slice(0, -1) : text;
}
