// Which faces a document is drawn with. DejaVu Sans covers many scripts, and its layout tables
// (GSUB, GPOS) make every line of text a run of OpenType shaping. A document whose every text is
// Latin is drawn with a Latin subset of it (assets/fonts, made by `npm run fonts`) that has no layout
// tables: it loads a quarter of the bytes and lays text out from the character map alone. Anything
// else — another script, combining marks, a locale whose numbers or names may not be Latin — takes
// the full faces.
import { LANGUAGES } from '#shared/documents/labels';

/** The code points of the Latin faces: Latin letters, punctuation, currency and letter-like symbols, minus. */
export const LATIN_RANGES: readonly (readonly [number, number])[] = [
  [0x0020, 0x007e],
  [0x00a0, 0x024f],
  [0x1e00, 0x1eff],
  [0x2000, 0x206f],
  [0x20a0, 0x20cf],
  [0x2100, 0x214f],
  [0x2212, 0x2212], // the minus sign of negative amounts
];

export type Faces = 'latin' | 'full';

const LINE_BREAKS = new Set([0x09, 0x0a, 0x0d]);
const isLatin = (codePoint: number) =>
  LINE_BREAKS.has(codePoint) || LATIN_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last);

function everyText(value: unknown, test: (text: string) => boolean): boolean {
  if (typeof value === 'string') return test(value);
  if (!value || typeof value !== 'object' || value instanceof Uint8Array) return true;
  return Object.values(value).every((inner) => everyText(inner, test));
}

/**
 * The faces for a document in `locale` whose texts are the strings in `content` (a view, however
 * deep; bytes such as a logo are skipped). Formatting in one of the documents' own languages keeps
 * numbers, dates and country names Latin too.
 */
export function facesFor(locale: string, content: unknown): Faces {
  const language = locale.split('-')[0]!.toLowerCase();
  if (!(LANGUAGES as readonly string[]).includes(language)) return 'full';
  const latin = everyText(content, (text) => {
    for (const character of text) if (!isLatin(character.codePointAt(0)!)) return false;
    return true;
  });
  return latin ? 'latin' : 'full';
}
