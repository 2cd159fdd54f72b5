// The tax model of an invoice (docs/invoices.md "Arithmetic"): line and document discounts, prices with
// or without tax, tax rounded per line or per rate. Integers of minor units throughout; every division
// rounds half up, and every amount spread over lines or rates is allocated so the parts sum exactly.
import { allocate, dinero, toSnapshot } from 'dinero.js/bigint';
import { toMinor, trimmedText, type Scaled } from '#shared/domain/decimal';
import { validationError } from '#shared/domain/errors';
import { TAX_CATEGORIES, type TaxCategory, type TaxRounding } from '#shared/domain/tax';

/** A discount as given: a percentage of the amount it applies to, or a fixed amount in the prices' terms. */
export type Discount = { percent: Scaled } | { amount: Scaled };

export type PricingLine = {
  quantity: Scaled;
  unitPrice: Scaled;
  taxRate: Scaled;
  taxCategory: TaxCategory;
  discount?: Discount;
};

export type PricingInput = {
  lines: PricingLine[];
  discount?: Discount;
  pricesIncludeTax: boolean;
  rounding: TaxRounding;
};

/** One line's amounts, in minor units. */
export type LinePricing = {
  /** round(quantity × unit_price), in the prices' terms. */
  gross: bigint;
  /** The line's own discount, in the prices' terms. */
  discount: bigint;
  /** The line's share of the document discount, in the prices' terms. */
  documentDiscount: bigint;
  /** Net of tax, after the line's discount, before the document's (EN 16931 BT-131). */
  net: bigint;
  /** The line's share of its rate's tax. */
  tax: bigint;
  /** What the line adds to the invoice total; the lines' totals sum to it. */
  total: bigint;
};

/** One row of the tax breakdown: a category at one rate (EN 16931 BG-23). */
export type RatePricing = {
  category: TaxCategory;
  rate: Scaled;
  /** Indexes of the lines at this category and rate. */
  lines: number[];
  /** The document discount's share at this rate, net of tax (BT-92). */
  discount: bigint;
  taxable: bigint;
  tax: bigint;
};

export type Pricing = {
  lines: LinePricing[];
  rates: RatePricing[];
  /** Σ line net (BT-106). */
  subtotal: bigint;
  /** The document discount, net of tax (BT-107). */
  discount: bigint;
  /** subtotal − discount (BT-109). */
  taxable: bigint;
  tax: bigint;
  total: bigint;
};

const sum = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n);

/** numerator / denominator rounded half up; both non-negative. */
export const divideHalfUp = (numerator: bigint, denominator: bigint) =>
  (2n * numerator + denominator) / (2n * denominator);

const UNITS = { code: 'minor-units', base: 10n, exponent: 2n };

/** Splits `amount` in proportion to `weights`, every part within one unit of its exact share, summing to it. */
export function allocateMinor(amount: bigint, weights: readonly bigint[]): bigint[] {
  if (sum(weights) === 0n) {
    if (amount !== 0n) throw new Error('cannot allocate an amount over zero weights');
    return weights.map(() => 0n);
  }
  return allocate(dinero({ amount, currency: UNITS }), [...weights]).map((part) => toSnapshot(part).amount);
}

const percentOf = (amount: bigint, percent: Scaled) =>
  divideHalfUp(amount * percent.units, 100n * 10n ** BigInt(percent.scale));

const discountOn = (amount: bigint, discount: Discount | undefined) =>
  !discount ? 0n : 'percent' in discount ? percentOf(amount, discount.percent) : toMinor(discount.amount);

/** The tax in `amount`: on top of it for net prices, contained in it for prices that include tax. */
const taxIn = (amount: bigint, rate: Scaled, inclusive: boolean) => {
  const hundred = 100n * 10n ** BigInt(rate.scale);
  return divideHalfUp(amount * rate.units, inclusive ? hundred + rate.units : hundred);
};

const rateKey = (line: PricingLine) => `${line.taxCategory}:${trimmedText(line.taxRate)}`;

function ratesOf(lines: readonly PricingLine[]) {
  const groups = new Map<string, { category: TaxCategory; rate: Scaled; lines: number[] }>();
  lines.forEach((line, index) => {
    const key = rateKey(line);
    const group = groups.get(key) ?? { category: line.taxCategory, rate: line.taxRate, lines: [] };
    group.lines.push(index);
    groups.set(key, group);
  });
  const order = (category: TaxCategory) => TAX_CATEGORIES.indexOf(category);
  return [...groups.values()].sort(
    (a, b) =>
      order(a.category) - order(b.category) ||
      Number(b.rate.units * 10n ** BigInt(a.rate.scale) - a.rate.units * 10n ** BigInt(b.rate.scale)),
  );
}

export function priceDocument({ lines, discount, pricesIncludeTax: inclusive, rounding }: PricingInput): Pricing {
  const gross = lines.map((line) =>
    divideHalfUp(
      line.quantity.units * line.unitPrice.units * 100n,
      10n ** BigInt(line.quantity.scale + line.unitPrice.scale),
    ),
  );
  const lineDiscounts = lines.map((line, index) => discountOn(gross[index]!, line.discount));
  const problems: Record<string, string> = {};
  lineDiscounts.forEach((amount, index) => {
    if (amount > gross[index]!) problems[`line_items[${index}].discount`] = 'may not exceed the line amount';
  });
  if (Object.keys(problems).length > 0) throw validationError(problems);
  const base = gross.map((amount, index) => amount - lineDiscounts[index]!);
  const documentDiscount = discountOn(sum(base), discount);
  if (documentDiscount > sum(base)) throw validationError({ discount: 'may not exceed the sum of the lines' });
  const shares = allocateMinor(documentDiscount, base);
  const discounted = base.map((amount, index) => amount - shares[index]!);

  const priced: LinePricing[] = lines.map((_, index) => ({
    gross: gross[index]!,
    discount: lineDiscounts[index]!,
    documentDiscount: shares[index]!,
    net: base[index]!,
    tax: 0n,
    total: 0n,
  }));
  const rates = ratesOf(lines).map(({ category, rate, lines: members }) => {
    const amounts = members.map((index) => discounted[index]!);
    const taxes =
      rounding === 'per_line'
        ? amounts.map((amount) => taxIn(amount, rate, inclusive))
        : allocateMinor(taxIn(sum(amounts), rate, inclusive), amounts);
    const tax = sum(taxes);
    const rateDiscount = sum(members.map((index) => shares[index]!));
    // Net prices: amounts are already net. Prices with tax: the tax comes out of the rate's amount, and
    // the lines' net amounts are the rate's net before the discount, spread by the lines' weight.
    const taxable = inclusive ? sum(amounts) - tax : sum(amounts);
    const netDiscount = inclusive ? rateDiscount - taxIn(rateDiscount, rate, true) : rateDiscount;
    const nets = inclusive
      ? allocateMinor(
          taxable + netDiscount,
          members.map((index) => base[index]!),
        )
      : members.map((index) => base[index]!);
    members.forEach((index, position) => {
      const line = priced[index]!;
      line.tax = taxes[position]!;
      line.net = nets[position]!;
      line.total = inclusive ? discounted[index]! : discounted[index]! + line.tax;
    });
    return { category, rate, lines: members, discount: netDiscount, taxable, tax };
  });
  const subtotal = sum(priced.map((line) => line.net));
  const netDiscount = sum(rates.map((rate) => rate.discount));
  const tax = sum(rates.map((rate) => rate.tax));
  return {
    lines: priced,
    rates,
    subtotal,
    discount: netDiscount,
    taxable: subtotal - netDiscount,
    tax,
    total: subtotal - netDiscount + tax,
  };
}
