// Bundles handlers as the CDK stack does (infra/bundling.ts), for size and cold-init runs. The map is
// left out unless asked for: a deployed function never reads it at a cold start (docs/performance.md).
import { basename } from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import { BUILTIN_ALIASES, ESM_REQUIRE_BANNER, UNUSED_SDK_MODULES } from '#infra/bundling';

const STACK_OPTIONS: BuildOptions = {
  bundle: true,
  minify: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  mainFields: ['module', 'main'],
  external: UNUSED_SDK_MODULES,
  alias: BUILTIN_ALIASES,
  banner: { js: ESM_REQUIRE_BANNER },
  metafile: true,
  logLevel: 'silent',
};

export async function bundleHandler(
  entry: string,
  outfile: string,
  options: { sourceMap?: boolean } = {},
): Promise<number> {
  const result = await build({
    ...STACK_OPTIONS,
    entryPoints: [entry],
    outfile,
    ...(options.sourceMap ? { sourcemap: true, sourcesContent: false } : {}),
  });
  const [, bundle] = Object.entries(result.metafile!.outputs).find(([name]) => !name.endsWith('.map'))!;
  return bundle.bytes;
}

/**
 * Several handlers in one build, each to `<outdir>/<name>.mjs` and each a bundle of its own (no
 * shared chunks), as `bundleHandler` makes them; answers each bundle's size by name.
 */
export async function bundleHandlers(entries: Record<string, string>, outdir: string): Promise<Map<string, number>> {
  const result = await build({ ...STACK_OPTIONS, entryPoints: entries, outdir, outExtension: { '.js': '.mjs' } });
  return new Map(
    Object.entries(result.metafile!.outputs).map(([file, output]) => [basename(file, '.mjs'), output.bytes]),
  );
}
