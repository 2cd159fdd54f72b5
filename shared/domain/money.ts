// Invoice arithmetic (docs/api.md "Money"): per line net = round2(quantity × unit_price),
// tax = round2(net × tax_rate / 100), total = net + tax; rounding is half up, in integers only.
import {
  add,
  dinero,
  halfUp,
  multiply,
  toSnapshot,
  transformScale,
  type Dinero,
  type DineroCurrency,
} from 'dinero.js/bigint';
import * as isoCurrencies from 'dinero.js/bigint';
import type { Scaled } from '#shared/domain/decimal';

type Currency = DineroCurrency<bigint>;

/** Currencies whose amounts have exactly two fraction digits, as every money string of the API does. */
export const SUPPORTED_CURRENCIES: ReadonlyMap<string, Currency> = new Map(
  Object.values(isoCurrencies)
    .filter(
      (value): value is Currency =>
        typeof value === 'object' && value !== null && 'exponent' in value && 'code' in value,
    )
    .filter((currency) => currency.exponent === 2n && currency.base === 10n)
    .map((currency) => [currency.code, currency]),
);

export type LineInput = { quantity: Scaled; unitPrice: Scaled; taxRate: Scaled };
export type LineAmounts = { net: bigint; tax: bigint; total: bigint };
export type InvoiceAmounts = { lines: LineAmounts[]; subtotal: bigint; taxAmount: bigint; totalAmount: bigint };

const minorOf = (amount: Dinero<bigint>): bigint => {
  const { amount: units, scale } = toSnapshot(amount);
  if (scale !== 2n) throw new Error(`expected scale 2, got ${scale}`);
  return units;
};

/** Every supported currency has two fraction digits, so the arithmetic is the same for all of them. */
const TWO_DECIMALS: Currency = { code: 'minor-units', base: 10n, exponent: 2n };

export function lineAmounts(line: LineInput): LineAmounts {
  const currency = TWO_DECIMALS;
  const price = dinero({ amount: line.unitPrice.units, currency, scale: BigInt(line.unitPrice.scale) });
  const gross = multiply(price, { amount: line.quantity.units, scale: BigInt(line.quantity.scale) });
  const net = transformScale(gross, 2n, halfUp);
  // tax_rate is a percentage: multiplying by rate × 10^-(scale + 2) divides by 100 exactly.
  const taxExact = multiply(net, { amount: line.taxRate.units, scale: BigInt(line.taxRate.scale + 2) });
  const tax = transformScale(taxExact, 2n, halfUp);
  return { net: minorOf(net), tax: minorOf(tax), total: minorOf(add(net, tax)) };
}

export function invoiceAmounts(lines: LineInput[]): InvoiceAmounts {
  const computed = lines.map(lineAmounts);
  const subtotal = computed.reduce((sum, line) => sum + line.net, 0n);
  const taxAmount = computed.reduce((sum, line) => sum + line.tax, 0n);
  return { lines: computed, subtotal, taxAmount, totalAmount: subtotal + taxAmount };
}
