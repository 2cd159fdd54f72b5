// The spec's arithmetic rules, checked against an independent oracle: exact rationals with their
// own half-up rounding, written without dinero.js and without the production decimal helpers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimal, formatMinor } from '#shared/domain/decimal';
import { priceInvoice } from '#shared/domain/invoice';

type Rational = { n: bigint; d: bigint };
const rational = (text: string): Rational => {
  const [whole, fraction = ''] = text.split('.');
  return { n: BigInt(`${whole}${fraction}`), d: 10n ** BigInt(fraction.length) };
};
const times = (a: Rational, b: Rational): Rational => ({ n: a.n * b.n, d: a.d * b.d });
/** Non-negative rational to cents, half up. */
const roundCents = (value: Rational) => (value.n * 100n * 2n + value.d) / (value.d * 2n);

const decimalText = (maxWhole: number, fractionDigits: number) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: maxWhole }),
      fc.integer({ min: 0, max: 10 ** fractionDigits - 1 }),
      fc.integer({ min: 0, max: fractionDigits }),
    )
    .map(([whole, fraction, digits]) =>
      digits === 0 ? String(whole) : `${whole}.${String(fraction).padStart(fractionDigits, '0').slice(0, digits)}`,
    );

const line = fc.record({
  quantity: decimalText(10_000, 4).filter((text) => rational(text).n > 0n),
  unitPrice: decimalText(1_000_000, 2),
  taxRate: decimalText(99, 4),
});

/** Priced lines; draws over the invoice limit (a validation error) are discarded. */
const price = (lines: { quantity: string; unitPrice: string; taxRate: string }[]) => {
  try {
    return priceLines(lines);
  } catch (error) {
    fc.pre(!/may not exceed/.test(JSON.stringify((error as { details?: unknown }).details)));
    throw error;
  }
};

const priceLines = (lines: { quantity: string; unitPrice: string; taxRate: string }[]) =>
  priceInvoice(
    lines.map((l) => ({
      description: 'x',
      quantity: parseDecimal(l.quantity)!,
      unitPrice: parseDecimal(l.unitPrice)!,
      taxRate: parseDecimal(l.taxRate)!,
    })),
  );

describe('invoice arithmetic', () => {
  it('per line: net = round(q × p), tax = round(net × r / 100), total = net + tax, all half up', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), (lines) => {
        const priced = price(lines);
        lines.forEach((l, index) => {
          const net = roundCents(times(rational(l.quantity), rational(l.unitPrice)));
          const tax = roundCents(times({ n: net, d: 100n }, times(rational(l.taxRate), { n: 1n, d: 100n })));
          expect(BigInt(priced.line_items[index]!.net_minor)).toBe(net);
          expect(BigInt(priced.line_items[index]!.tax_minor)).toBe(tax);
          expect(BigInt(priced.line_items[index]!.total_minor)).toBe(net + tax);
        });
      }),
      { numRuns: 3000 },
    );
  });

  it('rules 2–4 hold exactly: subtotal = Σ net, tax_amount = Σ tax, total_amount = subtotal + tax_amount', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 50 }), (lines) => {
        const priced = price(lines);
        const sum = (pick: (l: (typeof priced.line_items)[number]) => number) =>
          priced.line_items.reduce((s, l) => s + BigInt(pick(l)), 0n);
        expect(BigInt(priced.subtotal_minor)).toBe(sum((l) => l.net_minor));
        expect(BigInt(priced.tax_amount_minor)).toBe(sum((l) => l.tax_minor));
        expect(BigInt(priced.total_amount_minor)).toBe(BigInt(priced.subtotal_minor) + BigInt(priced.tax_amount_minor));
      }),
      { numRuns: 3000 },
    );
  });

  it('rule 1 holds within the documented rounding: |line total − q × p × (1 + r/100)| ≤ 0.015', () => {
    fc.assert(
      fc.property(line, (l) => {
        const total = BigInt(price([l]).line_items[0]!.total_minor);
        const [q, p, r] = [rational(l.quantity), rational(l.unitPrice), rational(l.taxRate)];
        const gross: Rational = { n: q.n * p.n * (100n * r.d + r.n), d: q.d * p.d * 100n * r.d };
        // |total / 100 − gross.n / gross.d| ≤ 15 / 1000, multiplied through by 100 000 × gross.d
        const difference = total * gross.d * 1000n - gross.n * 100_000n;
        expect(difference < 0n ? -difference : difference).toBeLessThanOrEqual(1_500n * gross.d);
      }),
      { numRuns: 5000 },
    );
  });

  it('rule 5: every amount formats with exactly two fraction digits', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (minor) => {
        const text = formatMinor(minor);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        expect(BigInt(text.replace('.', ''))).toBe(minor);
      }),
      { numRuns: 3000 },
    );
  });

  it('rule 5 holds for stored amounts too: a safe-integer number formats as its BigInt does', () => {
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (minor) => {
        expect(formatMinor(minor)).toBe(formatMinor(BigInt(minor)));
      }),
      { numRuns: 3000 },
    );
    for (const edge of [0, -0, 1, -1, 99, -100, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER])
      expect(formatMinor(edge)).toBe(formatMinor(BigInt(edge)));
  });

  it('refuses a number that is not a whole number of minor units, as BigInt does', () => {
    for (const bad of [0.5, -1.25, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])
      expect(() => formatMinor(bad)).toThrow(RangeError);
  });

  it.each([
    { quantity: '1', unitPrice: '0.43', taxRate: '15', net: '0.43', tax: '0.06', total: '0.49' },
    { quantity: '1', unitPrice: '4.84', taxRate: '15', net: '4.84', tax: '0.73', total: '5.57' },
    { quantity: '1.5', unitPrice: '0.33', taxRate: '10', net: '0.50', tax: '0.05', total: '0.55' },
    { quantity: '3', unitPrice: '19.99', taxRate: '8.25', net: '59.97', tax: '4.95', total: '64.92' },
  ])('worked example in docs/api.md: $quantity × $unitPrice at $taxRate %', ({ net, tax, total, ...input }) => {
    const priced = price([input]).line_items[0]!;
    expect([
      formatMinor(BigInt(priced.net_minor)),
      formatMinor(BigInt(priced.tax_minor)),
      formatMinor(BigInt(priced.total_minor)),
    ]).toEqual([net, tax, total]);
  });
});
