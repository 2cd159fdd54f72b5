// Where and in which language: country codes and the languages documents are written in, from the
// ISO lists Node's ICU carries. Apart from the seller's tax and bank checks, which carry their own tables.

/** Languages the documents are written in. */
export const DOCUMENT_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;

// Built on first use: loading ICU's region names costs a cold start about 8 ms.
let regionNames: Intl.DisplayNames | undefined;
const regionName = (code: string) =>
  (regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })).of(code);

/** An assigned ISO 3166-1 alpha-2 code (not a private-use or reserved one). */
export const isCountryCode = (code: string) =>
  /^[A-Z]{2}$/.test(code) && !/^(AA|Q[M-Z]|X[A-Z]|ZZ)$/.test(code) && regionName(code) !== undefined;

/** A well-formed BCP 47 tag whose language the documents are written in. */
export function isDocumentLocale(tag: string): boolean {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return DOCUMENT_LANGUAGES.some((language) => canonical === language || canonical?.startsWith(`${language}-`));
  } catch {
    return false;
  }
}
