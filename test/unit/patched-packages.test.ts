// The two dependencies patched at install (patches/, applied by `patch-package` in `postinstall`;
// docs/performance.md says why): pako on Node's zlib, and the ES build of fontkit — the one bundles
// carry — with its Unicode tables inflated by zlib and its WOFF2 dictionary decoded on first use.
// Each patch must change only how fast, never what comes out.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { deflateRawSync, deflateSync, inflateRawSync, inflateSync } from 'node:zlib';
import { build } from 'esbuild';
import subsetFont from 'subset-font';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageAssetPath } from '#shared/documents/assets';

const require = createRequire(import.meta.url);
type Pako = {
  deflate(input: unknown, options?: object): Uint8Array;
  inflate(input: unknown, options?: object): Uint8Array;
};
const pako = require('pako') as Pako;
const jsDeflate = (require('pako/lib/deflate') as Pako).deflate;
const jsInflate = (require('pako/lib/inflate') as Pako).inflate;

// Text of several scripts and lengths, so deflate meets literals, matches and long repeats.
const SAMPLE = Buffer.from(
  `${'Rechnung Nr. 2026-001 · Ελληνικά · Кириллица · العربية · 東京 '.repeat(40)}${'x'.repeat(5000)}`,
);

describe('pako, as patched', () => {
  it('deflates and inflates on Node’s zlib', () => {
    expect(pako.deflate).not.toBe(jsDeflate);
    expect(pako.inflate).not.toBe(jsInflate);
  });

  it('writes what its JavaScript inflate reads back, and reads what its JavaScript deflate wrote', () => {
    expect(Buffer.from(jsInflate(pako.deflate(SAMPLE)))).toEqual(SAMPLE);
    expect(Buffer.from(pako.inflate(jsDeflate(SAMPLE)))).toEqual(SAMPLE);
    expect(Buffer.from(inflateSync(pako.deflate(SAMPLE, { level: 9 })))).toEqual(SAMPLE);
    // An ArrayBuffer, as fontkit hands it the tables it decodes from base64.
    const compressed = deflateSync(SAMPLE);
    const arrayBuffer = compressed.buffer.slice(compressed.byteOffset, compressed.byteOffset + compressed.length);
    expect(Buffer.from(pako.inflate(arrayBuffer))).toEqual(SAMPLE);
  });

  it('answers byte arrays over their own memory, whose slices are copies, as pako’s always were', () => {
    // fontkit reads a table's header through `new DataView(bytes.buffer)`, from offset 0.
    const large = Buffer.alloc(3 * 1024 * 1024, SAMPLE);
    for (const out of [pako.deflate(SAMPLE), pako.inflate(deflateSync(SAMPLE)), pako.inflate(deflateSync(large))]) {
      expect(out).toBeInstanceOf(Uint8Array);
      expect(Buffer.isBuffer(out)).toBe(false);
      expect([out.byteOffset, out.buffer.byteLength]).toEqual([0, out.length]);
      const copy = out.slice(0, 4);
      copy[0] = (copy[0]! + 1) % 256;
      expect(copy[0]).not.toBe(out[0]);
    }
  });

  it('leaves every other option and input to the JavaScript port', () => {
    expect(Buffer.from(inflateRawSync(pako.deflate(SAMPLE, { raw: true })))).toEqual(SAMPLE);
    expect(Buffer.from(pako.inflate(deflateRawSync(SAMPLE), { raw: true }))).toEqual(SAMPLE);
    expect(pako.inflate(jsDeflate('text'), { to: 'string' })).toBe('text');
    expect(Buffer.from(inflateSync(pako.deflate('Grüße')))).toEqual(Buffer.from('Grüße'));
    expect(() => pako.inflate(SAMPLE)).toThrow();
  });
});

type Font = {
  layout(text: string): { glyphs: { id: number }[]; positions: { xAdvance: number }[] };
  createSubset(): { includeGlyph(glyph: unknown): number };
  unitsPerEm: number;
};
type Fontkit = { create(bytes: Uint8Array): Font };

/** A text's glyphs and advances as a font lays it out: what pdf-lib reads to draw and measure it. */
const laidOut = (font: Font, text: string) => {
  const { glyphs, positions } = font.layout(text);
  return glyphs.map((glyph, index) => [glyph.id, positions[index]!.xAdvance]);
};

// Scripts that go through fontkit's Unicode tables and shapers: Latin, Greek, Cyrillic, Arabic (joining
// forms), Hebrew, combining marks, and what DejaVu has no glyph for (CJK).
const SCRIPTS = [
  'Invoice № 2026-001: 1 234,56 €',
  'Ελληνικό τιμολόγιο',
  'Счёт-фактура',
  'فاتورة ضريبية',
  'חשבונית מס',
  'e\u0301 a\u0308 Ǆ ﬁ',
  '請求書',
];

describe('fontkit, as bundled and patched', () => {
  let dir: string;
  let bundled: Fontkit;
  const unpatched = require('@pdf-lib/fontkit') as Fontkit; // its UMD build, which the patch leaves alone
  const ttf = readFileSync(packageAssetPath('regular'));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fontkit-'));
    const outfile = join(dir, 'fontkit.mjs');
    await build({
      stdin: { contents: "export { default } from '@pdf-lib/fontkit';", resolveDir: process.cwd() },
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      mainFields: ['module', 'main'],
      logLevel: 'silent',
    });
    expect(readFileSync(outfile, 'utf8')).toContain('inflateRawSync');
    bundled = ((await import(pathToFileURL(outfile).href)) as { default: Fontkit }).default;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lays out every script as the unpatched build does', () => {
    const patchedFont = bundled.create(ttf);
    const unpatchedFont = unpatched.create(ttf);
    for (const text of SCRIPTS) expect(laidOut(patchedFont, text), text).toEqual(laidOut(unpatchedFont, text));
    // The Arabic is shaped: joining forms, not the isolated letters the characters map to.
    const isolated = [...'فاتورة'].map((letter) => unpatchedFont.layout(letter).glyphs[0]!.id);
    expect(laidOut(patchedFont, 'فاتورة').map(([id]) => id)).not.toEqual(isolated.reverse());
  });

  it('reads a WOFF2 font, its Brotli dictionary decoded when first needed', async () => {
    const text = SCRIPTS.slice(0, 3).join(' ');
    const woff2 = await subsetFont(ttf, text, { targetFormat: 'woff2' });
    const fromWoff2 = bundled.create(woff2);
    const fromTtf = await subsetFont(ttf, text, { targetFormat: 'truetype' });
    expect(laidOut(fromWoff2, text)).toEqual(laidOut(unpatched.create(fromTtf), text));
    expect(fromWoff2.unitsPerEm).toBe(2048);
  });
});
