// The seller's side of an invoice: who the organization is, where, under which tax and company
// numbers, how to reach it and how to pay it (EU VAT directive art. 226). Checks are pure: country
// codes against the ISO 3166-1 list Node's ICU carries, VAT numbers with jsvat, IBAN and BIC with ibantools.
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { checkVAT, countries as vatCountries } from 'jsvat';

export type PostalAddress = {
  line1: string;
  line2?: string;
  city: string;
  postal_code: string;
  state?: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
};

export type PaymentInstructions = { iban?: string; bic?: string; account_name?: string; text?: string };

export type SellerProfile = {
  legal_name?: string;
  address?: PostalAddress;
  tax_id?: string;
  registration_number?: string;
  email?: string;
  phone?: string;
  website?: string;
  payment_instructions?: PaymentInstructions;
  /** Where e-invoices reach it (EN 16931 BT-34), `scheme:value` such as `9930:DE123456789`. */
  peppol_id?: string;
  /** BCP 47; documents are written in its language. */
  locale?: string;
  default_notes?: string;
  default_terms?: string;
  payment_term_days?: number;
};

const VAT_COUNTRIES = new Set(vatCountries.map((country) => country.codes[0]));
/** Greece's VAT numbers are prefixed EL, not GR. */
const vatPrefixOf = (country: string) => (country === 'GR' ? 'EL' : country);

/**
 * Why `taxId` is not a tax number of `country`, or undefined. Where jsvat knows the country's VAT
 * numbers (the EU and a few more) the shape and check digits are verified; elsewhere only the
 * characters.
 */
export function taxIdProblem(taxId: string, country: string | undefined): string | undefined {
  if (!/^[A-Za-z0-9 .\-/]{3,30}$/.test(taxId))
    return 'must be 3 to 30 letters, digits, spaces, dots, dashes or slashes';
  if (!country || !VAT_COUNTRIES.has(country)) return undefined;
  const compact = taxId.replace(/[ .\-/]/g, '').toUpperCase();
  const prefixed = /^[A-Z]{2}/.test(compact) ? compact : `${vatPrefixOf(country)}${compact}`;
  const result = checkVAT(prefixed, vatCountries);
  if (!result.isValid) return `is not a valid VAT number of ${country}`;
  if (result.country?.isoCode.short !== country)
    return `is a VAT number of ${result.country?.isoCode.short}, not ${country}`;
  return undefined;
}

export const ibanProblem = (iban: string) =>
  isValidIBAN(electronicFormatIBAN(iban) ?? '') ? undefined : 'is not a valid IBAN (country, length and check digits)';

export const bicProblem = (bic: string) => (isValidBIC(bic) ? undefined : 'is not a valid BIC');

/** The IBAN as stored: upper case without spaces. */
export const normalIban = (iban: string) => electronicFormatIBAN(iban) ?? iban;
