// The currencies the service bills in. The arithmetic of an invoice is in pricing.ts.
import type { DineroCurrency } from 'dinero.js/bigint';
import * as isoCurrencies from 'dinero.js/bigint/currencies';

type Currency = DineroCurrency<bigint>;

let supported: ReadonlyMap<string, Currency> | undefined;

/**
 * Currencies whose amounts have exactly two fraction digits, as every money string of the API does.
 * Built on first use: a route that never checks a currency leaves dinero's table out of its bundle.
 */
export const isSupportedCurrency = (code: string) =>
  (supported ??= new Map(
    Object.values(isoCurrencies)
      .filter(
        (value): value is Currency =>
          typeof value === 'object' && value !== null && 'exponent' in value && 'code' in value,
      )
      .filter((currency) => currency.exponent === 2n && currency.base === 10n)
      .map((currency) => [currency.code, currency]),
  )).has(code);
