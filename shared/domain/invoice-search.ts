// Invoice search (`q`): a number prefix, a prefix of any word of the client's name (case and
// diacritics ignored), or an exact total. Each invoice is indexed under a few terms; a search reads
// at most one range of terms per meaning of `q` (docs/api.md "Search").
import { parseDecimal, toMinor } from '#shared/domain/decimal';

/** Words of a client's name that are indexed: a name is found by any of its first ten. */
export const MAX_NAME_WORDS = 10;

/** Lowercase, without diacritics or compatibility forms: "Müller" and "MULLER" are one word. */
export const foldedText = (text: string) =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase().trim().replace(/\s+/g, ' ');

export const wordsOf = (text: string) =>
  foldedText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const AMOUNT = /^\d{1,13}(?:[.,]\d{1,2})?$/;

type Searched = { invoice_number: string; client_name: string; total_amount_minor: number };

const numberTerm = (number: string) => `n#${foldedText(number)}`;
const wordTerm = (word: string) => `w#${word}`;
const amountTerm = (minor: number | bigint) => `a#${minor}`;

/** The terms an invoice is found by: its number, the words of its client's name, its total. */
export function searchTermsOf(invoice: Searched): string[] {
  const words = [...new Set(wordsOf(invoice.client_name))].slice(0, MAX_NAME_WORDS);
  return [numberTerm(invoice.invoice_number), ...words.map(wordTerm), amountTerm(invoice.total_amount_minor)];
}

/** One meaning of `q`: the range of terms it reads (`exact`: the whole term, not a prefix). */
export type SearchRange = { prefix: string; exact: boolean; matches: (terms: readonly string[]) => boolean };

/**
 * The ranges a search reads, in the order its results come: number prefix, name words, amount. An
 * invoice matching several is shown once, under the first; within the word range, under the first
 * of its words that matched.
 */
export function searchRanges(q: string): SearchRange[] {
  const ranges: SearchRange[] = [];
  const folded = foldedText(q);
  if (folded) {
    const prefix = numberTerm(q);
    ranges.push({ prefix, exact: false, matches: (terms) => terms[0]!.startsWith(prefix) });
  }
  const tokens = wordsOf(q);
  if (tokens.length > 0) {
    // The longest word reads the narrowest range; the others must prefix some word of the name too.
    const longest = tokens.reduce((a, b) => (b.length > a.length ? b : a));
    const wanted = tokens.map(wordTerm);
    ranges.push({
      prefix: wordTerm(longest),
      exact: false,
      matches: (terms) => wanted.every((token) => terms.some((term) => term.startsWith(token))),
    });
  }
  const amount = AMOUNT.test(q.trim()) ? parseDecimal(q.trim().replace(',', '.')) : null;
  if (amount) {
    const term = amountTerm(toMinor(amount));
    ranges.push({ prefix: term, exact: true, matches: (terms) => terms.includes(term) });
  }
  return ranges;
}

/**
 * Whether the index entry `term` of range `index` is where an invoice with `terms` shows: it
 * matches no earlier range, and `term` is the first of its terms in this range.
 */
export function showsHere(ranges: readonly SearchRange[], index: number, terms: readonly string[], term: string) {
  const range = ranges[index]!;
  if (!range.matches(terms) || ranges.slice(0, index).some((earlier) => earlier.matches(terms))) return false;
  // The table orders terms by their UTF-8 bytes, which JavaScript's string order does not always follow.
  const inRange = terms.filter((candidate) => candidate.startsWith(range.prefix)).sort(byteOrder);
  return inRange[0] === term;
}

const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
