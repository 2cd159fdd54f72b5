// Wording and formatting every document shares (invoices and credit notes): labels in the document's
// language, money, numbers, dates and countries by Intl in its locale, the parties' blocks, the tax
// breakdown. Intl formats the API's decimal strings exactly (no floating point).
import { formatMinor } from '#shared/domain/decimal';
import type { Deduction } from '#shared/domain/quote-conversion';
import type { BuyerSnapshot, SellerSnapshot } from '#shared/domain/invoice';
import { DEFAULT_EXEMPTION, type TaxCategory } from '#shared/domain/tax';
import { wordsFor } from '#shared/documents/labels';
import type { ExchangeRate } from '#shared/domain/exchange-rate';

/** Common unit codes printed as the reader knows them; any other prints as its code. */
const UNIT_SYMBOLS: Record<string, string> = {
  C62: '',
  H87: '',
  HUR: 'h',
  MIN: 'min',
  DAY: 'd',
  WEE: 'wk',
  MON: 'mo',
  ANN: 'yr',
  KGM: 'kg',
  GRM: 'g',
  MTR: 'm',
  KMT: 'km',
  MTK: 'm²',
  MTQ: 'm³',
  LTR: 'l',
  KWH: 'kWh',
};

const regionNames = new Map<string, Intl.DisplayNames>();
/** A country's name in the locale (one DisplayNames per locale and process: each costs ICU a lookup). */
const regionName = (locale: string, code: string) => {
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })));
  return names.of(code) ?? code;
};

export function documentFormat(locale: string, currency: string) {
  const words = wordsFor(locale);
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  const percentFormat = new Intl.NumberFormat(locale, { style: 'unit', unit: 'percent', maximumFractionDigits: 4 });
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const percent = (value: string) => percentFormat.format(value as unknown as number);
  return {
    locale,
    words,
    percent,
    amount: (value: string) => money.format(value as unknown as number),
    date: (value: string) => {
      const [year, month, day] = value.split('-').map(Number);
      return dates.format(Date.UTC(year!, month! - 1, day!));
    },
    quantity: (value: number | string, unitCode: string | null) => {
      const unit = unitCode === null ? '' : (UNIT_SYMBOLS[unitCode] ?? unitCode);
      return `${number.format(String(value) as unknown as number)}${unit ? ` ${unit}` : ''}`;
    },
    region: (code: string) => regionName(locale, code),
    rateText: (category: TaxCategory, rate: string) => (category === 'S' ? percent(rate) : words.categories[category]),
    exemptionText: (category: TaxCategory, reason: string | null) => {
      const standard = DEFAULT_EXEMPTION[category];
      return reason ?? (standard ? words.exemptions[standard] : null);
    },
  };
}

export type DocumentFormat = ReturnType<typeof documentFormat>;

type Party<T> = { [K in keyof T]: T[K] | null | undefined } | null | undefined;

/** The seller's and the buyer's blocks: name, address lines, VAT number and contact. */
export function partyBlocks(
  seller: Party<SellerSnapshot>,
  buyer: Party<BuyerSnapshot>,
  fallbackName: string,
  { words, region }: DocumentFormat,
) {
  const address = seller?.address;
  return {
    seller: {
      name: seller?.name ?? fallbackName,
      lines: [
        ...(address
          ? [
              address.line1,
              address.line2,
              `${address.postal_code} ${address.city}`,
              address.state,
              region(address.country),
            ]
          : []),
        seller?.tax_id && `${words.vatId}: ${seller.tax_id}`,
        seller?.registration_number && `${words.registration}: ${seller.registration_number}`,
        seller?.email,
        seller?.phone,
        seller?.website,
      ].filter((line): line is string => Boolean(line)),
    },
    buyer: {
      name: buyer?.name ?? fallbackName,
      lines: [
        buyer?.address,
        buyer && [buyer.postal_code, buyer.city].filter(Boolean).join(' '),
        buyer?.state,
        buyer?.country && region(buyer.country),
        buyer?.tax_id && `${words.vatId}: ${buyer.tax_id}`,
      ].filter((line): line is string => Boolean(line)),
    },
  };
}

/** The tax breakdown as printed: the rate or category, its amounts, and the exemption's wording. */
export const breakdownRows = (
  rows: {
    tax_category: TaxCategory;
    tax_rate: string;
    taxable_amount: string;
    tax_amount: string;
    tax_exemption_reason: string | null;
  }[],
  { amount, rateText, exemptionText }: DocumentFormat,
) =>
  rows.map((row) => {
    const label = rateText(row.tax_category, row.tax_rate);
    const note = exemptionText(row.tax_category, row.tax_exemption_reason);
    return {
      label,
      taxable: amount(row.taxable_amount),
      tax: amount(row.tax_amount),
      note: note === label ? null : note,
    };
  });

type Converted = {
  accounting_currency: string | null;
  exchange_rate: ExchangeRate | null;
  tax_total_in_accounting_currency: string | null;
  tax_breakdown: { tax_amount_in_accounting_currency: string | null }[];
};

/**
 * The VAT in the accounting currency as a document prints it — each breakdown row's, the total and the
 * rate with its source and day — or null for a document in the accounting currency.
 */
export function accountingVat(document: Converted, { words, locale, date }: DocumentFormat) {
  const { accounting_currency: currency, exchange_rate: rate, tax_total_in_accounting_currency: total } = document;
  if (!currency || !rate || total === null) return null;
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const amount = (value: string) => money.format(value as unknown as number);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 12 });
  const source =
    rate.source === 'ecb' ? words.accounting.ecb(date(rate.date)) : words.accounting.manual(date(rate.date));
  const pair = `1 ${rate.from} = ${number.format(rate.rate as unknown as number)} ${rate.to}`;
  return {
    title: words.accounting.vatIn(currency),
    rows: document.tax_breakdown.map((row) => amount(row.tax_amount_in_accounting_currency ?? '0.00')),
    total: amount(total),
    rate: words.accounting.rate(rate.legs ? `${pair} (${words.accounting.viaEuro})` : pair, source),
  };
}

/**
 * What a final invoice deducts, per deposit invoice and VAT rate, the net and the VAT (§ 14 (5) UStG),
 * and their sums; null on any other invoice.
 */
export function deductionRows(deductions: readonly Deduction[], { words, amount, date, rateText }: DocumentFormat) {
  if (deductions.length === 0) return null;
  const money = (minor: number) => amount(formatMinor(minor));
  const sum = (pick: (row: Deduction) => number) => deductions.reduce((total, row) => total + pick(row), 0);
  return {
    title: words.deposit.deducted,
    rows: deductions.map((row) => ({
      deposit: words.deposit.invoice(row.number, date(row.issue_date)),
      rate: rateText(row.tax_category, row.tax_rate),
      net: money(row.net_minor),
      tax: money(row.tax_minor),
    })),
    total: {
      label: words.deposit.totalDeducted,
      net: money(sum((row) => row.net_minor)),
      tax: money(sum((row) => row.tax_minor)),
    },
  };
}
