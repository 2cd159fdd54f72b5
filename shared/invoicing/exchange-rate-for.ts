// Which exchange rate an invoice in another currency than the organization's accounting currency is
// issued with (docs/invoices.md "Foreign currency"): the one given (manual), or the ECB's euro
// reference rate of the day the organization's choice names — through the euro when neither
// currency is the euro. Rates of a past day never change: each process keeps the days it read.
import { type DailyRates, getDailyRates } from '#shared/data/exchange-rates';
import type { Db } from '#shared/data/table';
import { DomainError, ErrorCode, exchangeRateUnavailable, validationError } from '#shared/domain/errors';
import {
  conversionFactor,
  type ExchangeRate,
  type ExchangeRateDate,
  manualRateProblem,
  type RateLeg,
  type Ratio,
  rateProblem,
  significant,
} from '#shared/domain/exchange-rate';
import { accountingCurrencyOf, type Organization } from '#shared/domain/organization';
import { rateDayFor } from '#shared/domain/target-days';

export type RateNeed = { currency: string; accounting: string; issueDate: string; choice: ExchangeRateDate };

const days = new Map<string, DailyRates>();

async function ratesOf(db: Db, date: string): Promise<DailyRates | undefined> {
  const known = days.get(date);
  if (known) return known;
  const read = await getDailyRates(db, date);
  if (read) days.set(date, read);
  return read;
}

/** The ECB rate an invoice of `need` takes; 409 exchange_rate_unavailable when that day is not stored (yet). */
export async function ecbRateFor(db: Db, need: RateNeed): Promise<ExchangeRate> {
  const date = rateDayFor(need.issueDate, need.choice);
  const published = await ratesOf(db, date);
  const perEuro = (code: string) => {
    if (code === 'EUR') return '1';
    const rate = published?.rates[code];
    if (!rate) throw exchangeRateUnavailable(date, code);
    return rate;
  };
  const [ofCurrency, ofAccounting] = [perEuro(need.currency), perEuro(need.accounting)];
  const source = 'ecb' as const;
  if (need.currency === 'EUR') return { rate: ofAccounting, from: 'EUR', to: need.accounting, date, source };
  if (need.accounting === 'EUR') return { rate: ofCurrency, from: 'EUR', to: need.currency, date, source };
  const legs: [RateLeg, RateLeg] = [
    { rate: ofCurrency, from: 'EUR', to: need.currency },
    { rate: ofAccounting, from: 'EUR', to: need.accounting },
  ];
  const cross = { rate: '', from: need.currency, to: need.accounting, date, source, legs };
  return { ...cross, rate: significant(conversionFactor(cross, need.currency, need.accounting)) };
}

/** The ECB's factor for `need` (invoice currency → accounting currency) and its day, when that day is stored. */
export type EcbReference = { factor: Ratio; date: string; currency: string; accounting: string };

/** What a rate given by hand for `need` is held to: the ECB's of the day it stands for, or nothing when that day is not stored. */
export async function ecbReferenceFor(db: Db, need: RateNeed): Promise<EcbReference | undefined> {
  if (need.currency === need.accounting) return undefined;
  try {
    const rate = await ecbRateFor(db, need);
    const factor = conversionFactor(rate, need.currency, need.accounting);
    return { factor, date: rate.date, currency: need.currency, accounting: need.accounting };
  } catch (error) {
    if (error instanceof DomainError && error.code === ErrorCode.exchangeRateUnavailable) return undefined;
    throw error;
  }
}

/**
 * A rate given for `need`, checked: between its two currencies (either way round), positive, as precise
 * as the ECB's, and within reason: ×10 of `ecb` (read for the same need) or 1e-6 … 1e6 without it.
 */
export function manualRateFor(
  given: RateLeg,
  need: RateNeed,
  ecb?: EcbReference,
  field = 'exchange_rate',
): ExchangeRate {
  const pair = [need.currency, need.accounting];
  if (need.currency === need.accounting)
    throw validationError({ [field]: `is only for an invoice in another currency than ${need.accounting}` });
  if (given.from === given.to || !pair.includes(given.from) || !pair.includes(given.to))
    throw validationError({ [field]: `must convert between ${need.currency} and ${need.accounting}` });
  const sameNeed =
    ecb?.currency === need.currency &&
    ecb.accounting === need.accounting &&
    ecb.date === rateDayFor(need.issueDate, need.choice);
  const problem = rateProblem(given.rate) ?? manualRateProblem(given, need.currency, sameNeed ? ecb : undefined);
  if (problem) throw validationError({ [`${field}.rate`]: problem });
  return { rate: given.rate, from: given.from, to: given.to, date: need.issueDate, source: 'manual' };
}

export const rateNeedOf = (
  organization: Organization,
  invoice: { currency: string; issue_date: string },
): RateNeed => ({
  currency: invoice.currency,
  accounting: accountingCurrencyOf(organization),
  issueDate: invoice.issue_date,
  choice: organization.exchange_rate_date ?? 'issue_date',
});

/**
 * What an invoice is issued with: its accounting currency and the rate into it (the one given, the
 * draft's manual one, or the ECB's), or nothing when it is in the accounting currency.
 */
export async function issuingRate(
  db: Db,
  organization: Organization,
  invoice: { currency: string; issue_date: string; manual_rate?: RateLeg },
  given?: RateLeg,
): Promise<{ accounting_currency: string; exchange_rate: ExchangeRate } | undefined> {
  const need = rateNeedOf(organization, invoice);
  if (need.currency === need.accounting) {
    if (given) manualRateFor(given, need);
    return undefined;
  }
  const manual = given ?? invoice.manual_rate;
  const exchange_rate = manual
    ? manualRateFor(manual, need, await ecbReferenceFor(db, need))
    : await ecbRateFor(db, need);
  return { accounting_currency: need.accounting, exchange_rate };
}

/** GET /exchange-rates/: the ECB rate an invoice in `from` issued on `date` (default today) would take into `to`. */
export async function quoteExchangeRate(
  db: Db,
  organization: Organization,
  query: { from: string; to?: string; date: string },
): Promise<ExchangeRate> {
  const need = { ...rateNeedOf(organization, { currency: query.from, issue_date: query.date }) };
  if (query.to) need.accounting = query.to;
  if (need.currency === need.accounting) throw validationError({ to: `must differ from from (${query.from})` });
  return ecbRateFor(db, need);
}
