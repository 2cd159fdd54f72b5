// The tax model against an exact rational oracle (docs/invoices.md "Arithmetic"): every rounded step
// recomputed from exact fractions with its own half-up rounding, the sums checked to the cent, and the
// result compared with the unrounded exact amount within the bound the rounding steps allow. The
// oracle uses neither dinero.js nor the production decimal helpers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceDocument, type Discount, type PricingInput } from '#shared/domain/pricing';
import type { Scaled } from '#shared/domain/decimal';
import type { TaxCategory, TaxRounding } from '#shared/domain/tax';

type Q = { n: bigint; d: bigint };
const q = (n: bigint, d = 1n): Q => (d < 0n ? { n: -n, d: -d } : { n, d });
const fromScaled = (value: Scaled): Q => q(value.units, 10n ** BigInt(value.scale));
const times = (a: Q, b: Q): Q => q(a.n * b.n, a.d * b.d);
const plus = (a: Q, b: Q): Q => q(a.n * b.d + b.n * a.d, a.d * b.d);
const minus = (a: Q, b: Q): Q => plus(a, q(-b.n, b.d));
const over = (a: Q, b: Q): Q => q(a.n * b.d, a.d * b.n);
const cents = (minor: bigint): Q => q(minor, 100n);
/** A non-negative rational in cents, half up. */
const roundCents = (value: Q) => {
  const scaled = times(value, q(100n));
  return (2n * scaled.n + scaled.d) / (2n * scaled.d);
};
/** |a − b| ≤ bound, all exact. */
const within = (a: Q, b: Q, bound: Q) => {
  const difference = minus(a, b);
  const absolute = q(difference.n < 0n ? -difference.n : difference.n, difference.d);
  return absolute.n * bound.d <= bound.n * absolute.d;
};
const HUNDRED = q(100n);

const scaled = (units: bigint, scale: number): Scaled => ({ units, scale });
const quantity = fc.oneof(
  fc.bigInt({ min: 1n, max: 10_000_000n }).map((units) => scaled(units, 4)), // up to 1000, 4 fraction digits
  fc.bigInt({ min: 1n, max: 9n }).map((units) => scaled(units, 4)), // tiny
  fc.bigInt({ min: 1n, max: 1_000n }).map((units) => scaled(units, 0)),
);
const unitPrice = fc.oneof(
  fc.bigInt({ min: 0n, max: 100_000_00n }).map((units) => scaled(units, 2)),
  fc.bigInt({ min: 0n, max: 9n }).map((units) => scaled(units, 2)), // a few cents
  fc.bigInt({ min: 1_000_000_00n, max: 5_000_000_00n }).map((units) => scaled(units, 2)), // large
);
const standardRate = fc.constantFrom(
  scaled(19n, 0),
  scaled(7n, 0),
  scaled(2000n, 2),
  scaled(55n, 1),
  scaled(8250n, 3),
  scaled(1n, 3),
  scaled(100n, 0),
);
const category = fc.constantFrom<TaxCategory>('S', 'S', 'S', 'Z', 'E', 'AE', 'K', 'G');
/** The fraction of the amount a discount takes: a percentage, or an amount drawn as a share of the bound. */
const discountDraw = fc.option(
  fc.oneof(
    fc.bigInt({ min: 1n, max: 1_000_000n }).map((units) => ({ percent: scaled(units, 4) })),
    fc.integer({ min: 0, max: 100 }).map((share) => ({ share })),
  ),
  { nil: undefined },
);
type DiscountDraw = { percent: Scaled } | { share: number } | undefined;
/** A drawn discount against the amount it may not exceed, as the API would receive it. */
const discountFor = (draw: DiscountDraw, bound: bigint): Discount | undefined =>
  !draw ? undefined : 'percent' in draw ? draw : { amount: scaled((bound * BigInt(draw.share)) / 100n, 2) };

const line = fc.record({ quantity, unitPrice, category, rate: standardRate, discount: discountDraw });
const document = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 12 }),
  discount: discountDraw,
  pricesIncludeTax: fc.boolean(),
  rounding: fc.constantFrom<TaxRounding>('per_line', 'per_rate'),
});

type Drawn = Omit<typeof document extends fc.Arbitrary<infer T> ? T : never, 'rounding'> & { rounding: TaxRounding };

/** The request, and the oracle's own reading of every rounded step. */
function oracle(drawn: Drawn) {
  const gross = drawn.lines.map((l) => roundCents(times(fromScaled(l.quantity), fromScaled(l.unitPrice))));
  const lines = drawn.lines.map((l, index) => {
    const discount = discountFor(l.discount, gross[index]!);
    const lineDiscount = !discount
      ? 0n
      : 'percent' in discount
        ? roundCents(times(cents(gross[index]!), over(fromScaled(discount.percent), HUNDRED)))
        : discount.amount.units;
    return {
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      taxCategory: l.category,
      taxRate: l.category === 'S' ? l.rate : scaled(0n, 0),
      ...(discount ? { discount } : {}),
      lineDiscount,
      base: gross[index]! - lineDiscount,
    };
  });
  const baseSum = lines.reduce((sum, l) => sum + l.base, 0n);
  const discount = discountFor(drawn.discount, baseSum);
  const documentDiscount = !discount
    ? 0n
    : 'percent' in discount
      ? roundCents(times(cents(baseSum), over(fromScaled(discount.percent), HUNDRED)))
      : discount.amount.units;
  const input: PricingInput = {
    lines,
    ...(discount ? { discount } : {}),
    pricesIncludeTax: drawn.pricesIncludeTax,
    rounding: drawn.rounding,
  };
  return { input, gross, lines, baseSum, documentDiscount };
}

/** The factor that takes the tax out of an amount: r/100 on net prices, r/(100 + r) on prices with tax. */
const taxFactor = (rate: Scaled, inclusive: boolean) =>
  inclusive ? over(fromScaled(rate), plus(HUNDRED, fromScaled(rate))) : over(fromScaled(rate), HUNDRED);

describe('the tax model against exact rationals', () => {
  it('rounds each step half up, spreads the document discount exactly, and every sum adds up', () => {
    fc.assert(
      fc.property(document, (drawn) => {
        const { input, gross, lines, baseSum, documentDiscount } = oracle(drawn);
        const priced = priceDocument(input);
        const inclusive = drawn.pricesIncludeTax;
        const sum = (values: bigint[]) => values.reduce((total, value) => total + value, 0n);

        priced.lines.forEach((result, index) => {
          expect(result.gross).toBe(gross[index]);
          expect(result.discount).toBe(lines[index]!.lineDiscount);
          // Each line's share of the document discount is within a cent of its exact proportional share.
          if (baseSum > 0n) {
            const exactShare = over(q(documentDiscount * lines[index]!.base), q(baseSum * 100n));
            expect(within(cents(result.documentDiscount), exactShare, q(1n, 100n))).toBe(true);
          }
        });
        expect(sum(priced.lines.map((l) => l.documentDiscount))).toBe(documentDiscount);

        for (const rate of priced.rates) {
          const members = rate.lines;
          expect(members.every((index) => lines[index]!.taxCategory === rate.category)).toBe(true);
          const amounts = members.map((index) => lines[index]!.base - priced.lines[index]!.documentDiscount);
          const factor = taxFactor(rate.rate, inclusive);
          const expectedTax =
            drawn.rounding === 'per_rate'
              ? roundCents(times(cents(sum(amounts)), factor))
              : sum(amounts.map((amount) => roundCents(times(cents(amount), factor))));
          expect(rate.tax).toBe(expectedTax);
          expect(rate.taxable).toBe(inclusive ? sum(amounts) - expectedTax : sum(amounts));
          // BR-S-08: the rate's taxable amount is its lines' net amounts less its share of the discount.
          expect(sum(members.map((index) => priced.lines[index]!.net)) - rate.discount).toBe(rate.taxable);
          expect(sum(members.map((index) => priced.lines[index]!.tax))).toBe(rate.tax);
          // BR-CO-17, with the tolerance each rounding mode actually needs (the rule allows one whole unit).
          const perLineSlack = drawn.rounding === 'per_line' ? BigInt(members.length) : 1n;
          const slack = q(perLineSlack * (inclusive ? 2n : 1n), 200n);
          expect(within(cents(rate.tax), times(cents(rate.taxable), over(fromScaled(rate.rate), HUNDRED)), slack)).toBe(
            true,
          );
        }

        expect(priced.discount).toBe(sum(priced.rates.map((rate) => rate.discount)));
        expect(priced.subtotal).toBe(sum(priced.lines.map((l) => l.net)));
        expect(priced.taxable).toBe(priced.subtotal - priced.discount);
        expect(priced.tax).toBe(sum(priced.rates.map((rate) => rate.tax)));
        expect(priced.total).toBe(priced.taxable + priced.tax);
        expect(sum(priced.lines.map((l) => l.total))).toBe(priced.total);
        // Prices with tax are what the buyer pays: the total is the lines' prices less the discounts.
        if (inclusive) expect(priced.total).toBe(baseSum - documentDiscount);
        else expect(priced.total).toBe(baseSum - documentDiscount + priced.tax);

        // Against the amount with no rounding at all: within the half cents the rounded steps can move it.
        const exactBase = drawn.lines.map((l, index) => {
          const product = times(fromScaled(l.quantity), fromScaled(l.unitPrice));
          const discount = input.lines[index]!.discount;
          if (!discount) return product;
          return 'percent' in discount
            ? times(product, minus(q(1n), over(fromScaled(discount.percent), HUNDRED)))
            : minus(product, fromScaled(discount.amount));
        });
        const exactSum = exactBase.reduce(plus, q(0n));
        const keep =
          !input.discount || exactSum.n === 0n
            ? q(1n)
            : 'percent' in input.discount
              ? minus(q(1n), over(fromScaled(input.discount.percent), HUNDRED))
              : minus(q(1n), over(fromScaled(input.discount.amount), exactSum));
        const exactTax = exactBase
          .map((amount, index) => times(times(amount, keep), taxFactor(input.lines[index]!.taxRate, inclusive)))
          .reduce(plus, q(0n));
        const exactTotal = inclusive ? times(exactSum, keep) : plus(times(exactSum, keep), exactTax);
        const n = BigInt(drawn.lines.length);
        // Per line: the gross and the line discount (½ cent each), the discount share (1 cent), the tax
        // (½ cent, and the shares' error carried into it); then the document discount (½ cent).
        expect(within(cents(priced.total), exactTotal, q(4n * n + 1n, 100n))).toBe(true);
        expect(within(cents(priced.tax), exactTax, q(3n * n + 1n, 100n))).toBe(true);
      }),
      { numRuns: 4000 },
    );
  });

  it('with no discount and net prices, both roundings tax the same lines; per_rate differs by at most ½ cent a line', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (drawnLines) => {
        const drawn = {
          lines: drawnLines.map((l) => ({ ...l, discount: undefined })),
          discount: undefined,
          pricesIncludeTax: false,
        };
        const perLine = priceDocument(oracle({ ...drawn, rounding: 'per_line' }).input);
        const perRate = priceDocument(oracle({ ...drawn, rounding: 'per_rate' }).input);
        expect(perRate.subtotal).toBe(perLine.subtotal);
        const difference = perRate.tax - perLine.tax;
        expect((difference < 0n ? -difference : difference) * 2n).toBeLessThanOrEqual(BigInt(drawnLines.length));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a line discount above the line and a document discount above the lines', () => {
    const one = {
      quantity: scaled(1n, 0),
      unitPrice: scaled(1000n, 2),
      taxRate: scaled(19n, 0),
      taxCategory: 'S' as const,
    };
    const terms = { pricesIncludeTax: false, rounding: 'per_line' as const };
    expect(() => priceDocument({ ...terms, lines: [{ ...one, discount: { amount: scaled(1001n, 2) } }] })).toThrow(
      expect.objectContaining({ details: { fields: { 'line_items[0].discount': 'may not exceed the line amount' } } }),
    );
    expect(() => priceDocument({ ...terms, lines: [one], discount: { amount: scaled(1001n, 2) } })).toThrow(
      expect.objectContaining({ details: { fields: { discount: 'may not exceed the sum of the lines' } } }),
    );
    expect(priceDocument({ ...terms, lines: [one], discount: { amount: scaled(1000n, 2) } }).total).toBe(0n);
  });

  it('worked example in docs/invoices.md', () => {
    // 3 × 100.00 at 19 % less 10 %, 1 × 50.00 at 7 %, 2 × 20.00 exempt; 5 % off the document.
    const priced = priceDocument({
      lines: [
        {
          quantity: scaled(3n, 0),
          unitPrice: scaled(10000n, 2),
          taxRate: scaled(19n, 0),
          taxCategory: 'S',
          discount: { percent: scaled(10n, 0) },
        },
        { quantity: scaled(1n, 0), unitPrice: scaled(5000n, 2), taxRate: scaled(7n, 0), taxCategory: 'S' },
        { quantity: scaled(2n, 0), unitPrice: scaled(2000n, 2), taxRate: scaled(0n, 0), taxCategory: 'E' },
      ],
      discount: { percent: scaled(5n, 0) },
      pricesIncludeTax: false,
      rounding: 'per_line',
    });
    expect(priced.lines.map((l) => [l.net, l.documentDiscount, l.tax, l.total])).toEqual([
      [27000n, 1350n, 4874n, 30524n],
      [5000n, 250n, 333n, 5083n],
      [4000n, 200n, 0n, 3800n],
    ]);
    expect(priced.rates.map((r) => [r.category, r.taxable, r.tax])).toEqual([
      ['S', 25650n, 4874n],
      ['S', 4750n, 333n],
      ['E', 3800n, 0n],
    ]);
    expect([priced.subtotal, priced.discount, priced.taxable, priced.tax, priced.total]).toEqual([
      36000n,
      1800n,
      34200n,
      5207n,
      39407n,
    ]);
  });
});
