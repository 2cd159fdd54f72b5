// The files documents are drawn with: DejaVu Sans, which covers Latin, Greek, Cyrillic, Vietnamese and
// common symbols (pdf-lib embeds only the glyphs a document uses; Noto Sans was tried first, and
// fontkit's subsets of it print blank glyphs), and the sRGB colour profile a PDF/A file declares as
// its output intent (the ICC's sRGB profile as pdfkit ships it). Deployed functions that render
// documents carry the files next to their bundle (`rendersDocuments` in functions/routes.ts and
// topology.ts; the stack copies them to assets/); on a laptop they are read from the packages, and
// the Latin faces (shared/documents/font-faces.ts) from the repository's assets/fonts.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Faces } from '#shared/documents/font-faces';

/** Each file in its package, or (without one) in the repository. */
export const DOCUMENT_ASSETS: Record<string, { package?: string; file: string }> = {
  regular: { package: 'dejavu-fonts-ttf', file: 'ttf/DejaVuSans.ttf' },
  bold: { package: 'dejavu-fonts-ttf', file: 'ttf/DejaVuSans-Bold.ttf' },
  latinRegular: { file: 'assets/fonts/DejaVuSans-Latin.ttf' },
  latinBold: { file: 'assets/fonts/DejaVuSans-Bold-Latin.ttf' },
  colorProfile: { package: 'pdfkit', file: 'js/data/sRGB_IEC61966_2_1.icc' },
} satisfies Record<string, { package?: string; file: string }>;

type Asset = 'regular' | 'bold' | 'latinRegular' | 'latinBold' | 'colorProfile';

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

/** Where an asset is outside a bundle: in its package, or in the repository. */
export const packageAssetPath = (asset: Asset) => {
  const { package: name, file } = DOCUMENT_ASSETS[asset]!;
  return name ? join(packageFolder(name), file) : fileURLToPath(new URL(`../../${file}`, import.meta.url));
};

const assetPath = (asset: Asset) => {
  const bundled = new URL(`./assets/${DOCUMENT_ASSETS[asset]!.file.split('/').pop()}`, import.meta.url);
  return existsSync(bundled) ? bundled : packageAssetPath(asset);
};

const loaded = new Map<Asset, Buffer>();
/** An asset's bytes, read once per process and synchronously: small files beside the bundle, read at the first document. */
const read = async (asset: Asset) => {
  let bytes = loaded.get(asset);
  if (!bytes) loaded.set(asset, (bytes = readFileSync(assetPath(asset))));
  return bytes;
};

export const documentFonts = async (faces: Faces = 'full') =>
  faces === 'latin'
    ? { regular: await read('latinRegular'), bold: await read('latinBold') }
    : { regular: await read('regular'), bold: await read('bold') };
export const colorProfile = () => read('colorProfile');
