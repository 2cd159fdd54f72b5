// The currencies the service bills in. The arithmetic of an invoice is in pricing.ts.
import type { DineroCurrency } from 'dinero.js/bigint';
import * as isoCurrencies from 'dinero.js/bigint';

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
