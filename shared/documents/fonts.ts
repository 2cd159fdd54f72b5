// The typeface of invoice PDFs: DejaVu Sans, which covers Latin, Greek, Cyrillic, Vietnamese and common
// symbols; pdf-lib embeds only the glyphs a document uses. (Noto Sans was tried first: fontkit's subsets
// of it print blank glyphs.) Deployed functions that render documents carry the two
// files next to their bundle (`rendersDocuments` in functions/routes.ts and topology.ts; the stack
// copies them to fonts/); on a laptop they are read from the package.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

export const FONT_FILES = {
  regular: 'ttf/DejaVuSans.ttf',
  bold: 'ttf/DejaVuSans-Bold.ttf',
} as const;

export const FONT_PACKAGE = 'dejavu-fonts-ttf';

const fontPath = (file: string) => {
  const bundled = new URL(`./fonts/${file.split('/').pop()}`, import.meta.url);
  return existsSync(bundled) ? bundled : createRequire(import.meta.url).resolve(`${FONT_PACKAGE}/${file}`);
};

let loaded: Promise<{ regular: Buffer; bold: Buffer }> | undefined;

/** Both weights, read once per process. */
export const documentFonts = () =>
  (loaded ??= Promise.all([readFile(fontPath(FONT_FILES.regular)), readFile(fontPath(FONT_FILES.bold))]).then(
    ([regular, bold]) => ({ regular, bold }),
  ));
