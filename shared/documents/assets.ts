// The files documents are drawn with: DejaVu Sans, which covers Latin, Greek, Cyrillic, Vietnamese and
// common symbols (pdf-lib embeds only the glyphs a document uses; Noto Sans was tried first, and
// fontkit's subsets of it print blank glyphs), and the sRGB colour profile a PDF/A file declares as
// its output intent (the ICC's sRGB profile as pdfkit ships it). Deployed functions that render
// documents carry the files next to their bundle (`rendersDocuments` in functions/routes.ts and
// topology.ts; the stack copies them to assets/); on a laptop they are read from the packages.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const DOCUMENT_ASSETS = {
  regular: { package: 'dejavu-fonts-ttf', file: 'ttf/DejaVuSans.ttf' },
  bold: { package: 'dejavu-fonts-ttf', file: 'ttf/DejaVuSans-Bold.ttf' },
  colorProfile: { package: 'pdfkit', file: 'js/data/sRGB_IEC61966_2_1.icc' },
} as const;

type Asset = keyof typeof DOCUMENT_ASSETS;

/** Where a package is installed: from its package.json, or from its entry point where its exports hide the rest. */
function packageFolder(name: string): string {
  const require = createRequire(import.meta.url);
  try {
    return dirname(require.resolve(`${name}/package.json`));
  } catch {
    const entry = require.resolve(name);
    return entry.slice(0, entry.lastIndexOf(`node_modules/${name}/`) + `node_modules/${name}`.length);
  }
}

const assetPath = (asset: Asset) => {
  const { package: name, file } = DOCUMENT_ASSETS[asset];
  const bundled = new URL(`./assets/${file.split('/').pop()}`, import.meta.url);
  if (existsSync(bundled)) return bundled;
  return join(packageFolder(name), file);
};

const loaded = new Map<Asset, Promise<Buffer>>();
/** An asset's bytes, read once per process. */
const read = (asset: Asset) => {
  let bytes = loaded.get(asset);
  if (!bytes) loaded.set(asset, (bytes = readFile(assetPath(asset))));
  return bytes;
};

export const documentFonts = async () => ({ regular: await read('regular'), bold: await read('bold') });
export const colorProfile = () => read('colorProfile');
