// Bundles a handler as the CDK stack does (infra/bundling.ts), for size and cold-init runs. The map is
// left out unless asked for: a deployed function never reads it at a cold start (docs/performance.md).
import { build } from 'esbuild';
import { BUILTIN_ALIASES, ESM_REQUIRE_BANNER, UNUSED_SDK_MODULES } from '#infra/bundling';

export async function bundleHandler(
  entry: string,
  outfile: string,
  options: { sourceMap?: boolean } = {},
): Promise<number> {
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
    ...(options.sourceMap ? { sourcemap: true, sourcesContent: false } : {}),
    metafile: true,
    logLevel: 'silent',
  });
  const [, bundle] = Object.entries(result.metafile.outputs).find(([name]) => !name.endsWith('.map'))!;
  return bundle.bytes;
}
