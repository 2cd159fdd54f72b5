// What Windows-1252 can hold, for DATEV's batches (docs/exports.md "DATEV"). An encoder replaces what
// it cannot encode per UTF-16 unit, so an emoji (two units) would become "??"; here the text is first
// composed (NFC: "e" and a combining acute become "é", which the code page holds) and then each code
// point it still cannot hold becomes one "?", so a reader counts one mark per character lost.

/** The characters of bytes 0x80–0x9F; the rest of the code page is Latin-1 (U+0000–U+007F, U+00A0–U+00FF). */
const UPPER_CONTROLS_REPLACED = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const HELD = new Set(UPPER_CONTROLS_REPLACED);

export const WINDOWS_1252_REPLACEMENT = '?';

const held = (character: string) => {
  const code = character.codePointAt(0)!;
  return code < 0x80 || (code >= 0xa0 && code <= 0xff) || HELD.has(character);
};

/** The text as Windows-1252 can hold it: composed, one `?` for each code point it has no byte for. */
export function windows1252Text(text: string): string {
  let out = '';
  for (const character of text.normalize('NFC')) out += held(character) ? character : WINDOWS_1252_REPLACEMENT;
  return out;
}
