// CDK's bundling of the house function, as `cdk deploy` runs it: esbuild through NodejsFunction with
// the options of infra/constructs/service-function.ts, then the commands that put files beside the
// bundle. `npm test` synthesizes the templates without bundling (`-c bundle=false`); the stack's
// functions share these options, so three of them stand for all: a plain route, the document
// renderer with its fonts and colour profile, and the route that serves the OpenAPI document.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { App, Stack } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_RENDERER } from '#functions/topology';
import { ServiceFunction } from '#infra/constructs/service-function';
import { DOCUMENT_ASSETS } from '#shared/documents/assets';
import { OPENAPI_FILE } from '#shared/http/openapi-document';

const outdir = mkdtempSync(join(tmpdir(), 'cdk-bundling-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** Each function's staged bundle folder, by construct id, read from the synthesized template. */
let bundles: Record<string, string>;
beforeAll(() => {
  // As the CLI asks for it: each function's resource names its staged asset folder.
  const app = new App({ outdir, context: { 'aws:cdk:enable-asset-metadata': true } });
  const stack = new Stack(app, 'Bundling');
  new ServiceFunction(stack, 'Route', { entry: 'functions/get-client/handler.ts', environment: {} });
  new ServiceFunction(stack, 'Renderer', {
    entry: `functions/${DOCUMENT_RENDERER.handler}/handler.ts`,
    environment: {},
    assets: 'documents',
  });
  new ServiceFunction(stack, 'OpenApi', {
    entry: 'functions/get-openapi/handler.ts',
    environment: {},
    assets: 'openapi',
  });
  const assembly = app.synth();
  const template = assembly.getStackByName('Bundling').template as {
    Resources: Record<string, { Type: string; Metadata?: Record<string, string> }>;
  };
  bundles = Object.fromEntries(
    Object.entries(template.Resources)
      .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
      .map(([id, resource]) => [id.replace(/[0-9A-F]{8}$/, ''), join(outdir, resource.Metadata!['aws:asset:path']!)]),
  );
}, 120_000);

describe('a function bundled by CDK', () => {
  it('is one ESM file with its source map and the require banner, under the 400 KB budget', () => {
    expect(Object.keys(bundles).sort()).toEqual(['OpenApi', 'Renderer', 'Route']);
    const files = readdirSync(bundles.Route!).sort();
    expect(files).toEqual(['index.mjs', 'index.mjs.map']);
    const code = readFileSync(join(bundles.Route!, 'index.mjs'), 'utf8');
    expect(code).toContain('createRequire as __createRequire');
    expect(statSync(join(bundles.Route!, 'index.mjs')).size).toBeLessThan(400 * 1024);
  });

  it('carries the document fonts and colour profile beside the renderer’s bundle', () => {
    const files = readdirSync(join(bundles.Renderer!, 'assets')).sort();
    expect(files).toEqual(
      Object.values(DOCUMENT_ASSETS)
        .map((asset) => basename(asset.file))
        .sort(),
    );
    for (const asset of Object.values(DOCUMENT_ASSETS)) {
      const source = join(process.cwd(), asset.package ? `node_modules/${asset.package}` : '', asset.file);
      expect(readFileSync(join(bundles.Renderer!, 'assets', basename(asset.file)))).toEqual(readFileSync(source));
    }
    expect(existsSync(join(bundles.Route!, 'assets'))).toBe(false);
  });

  it('carries the OpenAPI document gzip’d beside the route that serves it', () => {
    const served = JSON.parse(gunzipSync(readFileSync(join(bundles.OpenApi!, OPENAPI_FILE))).toString('utf8'));
    expect(served).toEqual(JSON.parse(readFileSync('docs/openapi.json', 'utf8')));
  });
});
