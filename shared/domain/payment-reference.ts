// Structured creditor references (docs/reconciliation.md): the reference a bank carries from the
// payer's transfer to the seller's statement untouched, with check digits so a typo is caught
// before matching. ISO 11649 `RF` references by default, the Belgian structured communication
// (OGM/VCS) where an organization chooses it. Each is made from the organization's payment
// reference number, counted once per issued invoice, so no two invoices of one organization share one.

export const PAYMENT_REFERENCE_SCHEMES = ['rf', 'be_ogm', 'none'] as const;
export type PaymentReferenceScheme = (typeof PAYMENT_REFERENCE_SCHEMES)[number];
export const DEFAULT_PAYMENT_REFERENCE_SCHEME: PaymentReferenceScheme = 'rf';

/** The digits both schemes build on: the payment reference number, ten digits (an OGM's base). */
const BASE_DIGITS = 10;

/** The remainder mod 97 of a string of digits of any length, in steps that stay exact integers. */
export function mod97(digits: string): number {
  let rest = 0;
  for (let start = 0; start < digits.length; start += 7) rest = Number(`${rest}${digits.slice(start, start + 7)}`) % 97;
  return rest;
}

/** Letters as ISO 7064 counts them (A = 10 … Z = 35), digits as themselves. */
const numeric = (text: string) => [...text].map((char) => Number.parseInt(char, 36).toString()).join('');

/** ISO 11649: `RF`, two check digits, and the payload (1–21 letters and digits). */
export function rfReference(payload: string): string {
  const body = payload.toUpperCase();
  if (!/^[A-Z0-9]{1,21}$/.test(body)) throw new Error(`an RF payload is 1 to 21 letters and digits: "${payload}"`);
  const check = 98 - mod97(numeric(`${body}RF00`));
  return `RF${String(check).padStart(2, '0')}${body}`;
}

/** Whether `compact` (upper case, no spaces) is an RF reference whose check digits hold. */
export const isRfReference = (compact: string) =>
  /^RF\d{2}[A-Z0-9]{1,21}$/.test(compact) && mod97(numeric(`${compact.slice(4)}${compact.slice(0, 4)}`)) === 1;

/** The Belgian structured communication: ten digits and their remainder mod 97 (97 for none). */
export function ogmReference(base: string): string {
  if (!/^\d{10}$/.test(base)) throw new Error(`an OGM base is ten digits: "${base}"`);
  const check = mod97(base) || 97;
  return `${base}${String(check).padStart(2, '0')}`;
}

/** Whether `digits` (twelve, no separators) is an OGM whose check digits hold. */
export const isOgmReference = (digits: string) =>
  /^\d{12}$/.test(digits) && Number(digits.slice(10)) === (mod97(digits.slice(0, 10)) || 97);

/** The reference of the organization's `number`th issued invoice, compact, or null for `none`. */
export function paymentReferenceFor(scheme: PaymentReferenceScheme, number: number): string | null {
  if (!Number.isSafeInteger(number) || number < 1 || number >= 10 ** BASE_DIGITS)
    throw new Error(`payment reference number out of range: ${number}`);
  const base = String(number).padStart(BASE_DIGITS, '0');
  if (scheme === 'rf') return rfReference(base);
  if (scheme === 'be_ogm') return ogmReference(base);
  return null;
}

/** A reference as people write it: RF in groups of four, an OGM as `+++123/4567/89012+++`. */
export function groupedReference(compact: string): string {
  if (/^\d{12}$/.test(compact)) return `+++${compact.slice(0, 3)}/${compact.slice(3, 7)}/${compact.slice(7)}+++`;
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The compact form of a reference written by hand: spaces, `+`, `/` and `*` gone, upper case. */
export const compactReference = (text: string) => text.replace(/[\s+/*]/g, '').toUpperCase();

/**
 * The references a transfer names, found as a bank writes them anywhere in its remittance: spaces,
 * `+`, `/` and case ignored, check digits verified (an RF reference as this service makes them: `RF`,
 * two check digits, ten digits; an OGM: twelve digits). In order of appearance, each once.
 */
export function referencesIn(texts: readonly string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    const compact = compactReference(text);
    for (const match of compact.matchAll(/(?=(RF\d{12}))/g)) if (isRfReference(match[1]!)) found.add(match[1]!);
    for (const run of compact.match(/\d{12,}/g) ?? [])
      for (let start = 0; start + 12 <= run.length; start++) {
        const window = run.slice(start, start + 12);
        if (isOgmReference(window)) found.add(window);
      }
  }
  return [...found];
}
