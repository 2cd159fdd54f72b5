// `npm run fonts`: writes the Latin faces the documents are drawn with when every text is Latin
// (shared/documents/font-faces.ts) — DejaVu Sans and DejaVu Sans Bold cut to LATIN_RANGES by
// HarfBuzz's subsetter, without hinting or layout tables. The files are kept in the repository,
// beside DejaVu's licence; a test makes them again and compares.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { LATIN_RANGES } from '#shared/documents/font-faces';
import { DOCUMENT_ASSETS, packageAssetPath } from '#shared/documents/assets';

const LATIN_TEXT = LATIN_RANGES.flatMap(([first, last]) =>
  Array.from({ length: last - first + 1 }, (_, offset) => String.fromCodePoint(first + offset)),
).join('');

// `noHinting` and `dropTables` are newer than the package's type declarations.
const OPTIONS: Parameters<typeof subsetFont>[2] & { noHinting: boolean; dropTables: string[] } = {
  targetFormat: 'truetype',
  noHinting: true,
  dropTables: ['GSUB', 'GPOS', 'GDEF', 'kern'],
};

/** The Latin face made from a full one. */
export const latinFace = (full: Buffer): Promise<Buffer> => subsetFont(full, LATIN_TEXT, OPTIONS);

/** Each Latin face beside the full face it is made from. */
export const LATIN_FACES = [
  { from: 'regular', to: 'latinRegular' },
  { from: 'bold', to: 'latinBold' },
] as const;

const repositoryFile = (file: string) => fileURLToPath(new URL(`../../${file}`, import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { from, to } of LATIN_FACES) {
    const written = await latinFace(readFileSync(packageAssetPath(from)));
    const { file } = DOCUMENT_ASSETS[to]!;
    writeFileSync(repositoryFile(file), written);
    console.log(`${file}: ${written.length} bytes`);
  }
  writeFileSync(
    repositoryFile('assets/fonts/LICENSE'),
    readFileSync(join(dirname(dirname(packageAssetPath('regular'))), 'LICENSE')),
  );
}
