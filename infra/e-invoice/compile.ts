// Compiles the vendored rule sources to SaxonJS's SEF (npm run validate:e-invoice:compile), once per
// change of a source or of SaxonJS: compiling takes about 30 s, running a compiled file milliseconds.
// sef/manifest.json records what each SEF was made from; a unit test holds the two together.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARTEFACTS, RULES, type RuleSet, SEF_ROOT, SOURCE_EDITS } from '#shared/e-invoice-rules/artefacts';

const require = createRequire(import.meta.url);

export type ManifestEntry = {
  source: string;
  source_sha256: string;
  compiler: string;
  saxon_js: string;
  edits: string[];
};

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The SaxonJS version that compiles and runs the SEF files: both must be the same release. */
export const saxonVersion = (): string => require('saxon-js/package.json').version;

/** A rule source with the edits for SaxonJS applied; throws when an edit no longer matches. */
export function editedSource(set: RuleSet, text: string): string {
  let edited = text;
  for (const edit of SOURCE_EDITS[set] ?? []) {
    const found = edited.split(edit.find).length - 1;
    if (found !== edit.count) throw new Error(`${edit.find} occurs ${found} times, expected ${edit.count}`);
    edited = edited.replaceAll(edit.find, edit.replace);
  }
  return edited;
}

/** Compiles every rule source, or only the SEF files named (the manifest keeps the others' entries). */
function compileAll(only: string[]): void {
  const work = mkdtempSync(join(tmpdir(), 'sef-'));
  const compiler = require.resolve('xslt3/xslt3.js');
  const manifestFile = join(SEF_ROOT, 'manifest.json');
  const manifest: Record<string, ManifestEntry> = only.length ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  mkdirSync(SEF_ROOT, { recursive: true });
  try {
    for (const [set, bySyntax] of Object.entries(RULES) as [RuleSet, (typeof RULES)[RuleSet]][])
      for (const { source, sef } of Object.values(bySyntax)) {
        if (only.length && !only.includes(sef)) continue;
        const text = readFileSync(join(ARTEFACTS, source), 'utf8');
        const input = join(work, sef.replace('.sef.json', '.xsl'));
        writeFileSync(input, editedSource(set, text));
        console.log(`compiling ${source}`);
        execFileSync(
          process.execPath,
          [compiler, `-xsl:${input}`, `-export:${join(SEF_ROOT, sef)}`, '-nogo', '-relocate:on'],
          {
            stdio: ['ignore', 'ignore', 'inherit'],
          },
        );
        manifest[sef] = {
          source,
          source_sha256: sha256(text),
          compiler: `xslt3 ${require('xslt3/package.json').version}`,
          saxon_js: saxonVersion(),
          edits: (SOURCE_EDITS[set] ?? []).map((edit) => `${edit.find} → ${edit.replace}`),
        };
      }
    writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) compileAll(process.argv.slice(2));
