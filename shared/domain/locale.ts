// Where and in which language: country codes and the languages documents are written in, from the
// ISO lists Node's ICU carries. Apart from the seller's tax and bank checks, which carry their own tables.

/** Languages the documents are written in. */
export const DOCUMENT_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** An assigned ISO 3166-1 alpha-2 code (not a private-use or reserved one). */
export const isCountryCode = (code: string) =>
  /^[A-Z]{2}$/.test(code) && !/^(AA|Q[M-Z]|X[A-Z]|ZZ)$/.test(code) && regionNames.of(code) !== undefined;

/** A well-formed BCP 47 tag whose language the documents are written in. */
export function isDocumentLocale(tag: string): boolean {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return DOCUMENT_LANGUAGES.some((language) => canonical === language || canonical?.startsWith(`${language}-`));
  } catch {
    return false;
  }
}
