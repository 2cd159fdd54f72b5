// Bundles a handler as the CDK stack does (infra/bundling.ts), for size and cold-init runs: the same
// options less the source map, which the floor and the routes would pay alike (docs/performance.md).
import { build } from 'esbuild';
import { BUILTIN_ALIASES, ESM_REQUIRE_BANNER, UNUSED_SDK_MODULES } from '#infra/bundling';

export async function bundleHandler(entry: string, outfile: string): Promise<number> {
  const result = await build({
    entryPoints: [entry],
    outfile,
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
  });
  return Object.values(result.metafile.outputs)[0]!.bytes;
}
