// A route bundled as the stack bundles it (infra/bundling.ts, through bench/bundle.ts), run in a fresh
// Node process as Lambda runs it. node:http reaches the bundle as a module object (BUILTIN_ALIASES):
// an ESM import of it would load undici at every cold start on Node 24, which the suite also runs on.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleHandler } from '#bench/bundle';
import { routeNamed } from '#functions/routes';
import { toApiGatewayEvent } from '#infra/local/api-server';
import { newId } from '#shared/domain/ids';
import { newTenant } from '#test/support/api';

/** The API Gateway event of one request to a route, as API Gateway hands it to the function. */
const eventOf = (
  route: Parameters<typeof routeNamed>[0],
  request: { method: string; path: string; headers: Record<string, string>; body?: string },
  params: Record<string, string> = {},
) =>
  toApiGatewayEvent(
    {
      method: request.method,
      url: new URL(`http://api.test${request.path}`),
      headers: request.headers,
      body: Buffer.from(request.body ?? ''),
      host: 'api.test',
      sourceIp: '127.0.0.1',
    },
    routeNamed(route),
    params,
  );

/** A read of a client that does not exist with the tenant's key: the key's lookup, then the client's. */
const unknownClientRead = (apiKey: string) => {
  const id = newId('cli');
  return eventOf(
    'get-client',
    { method: 'GET', path: `/api/v1/clients/${id}/`, headers: { authorization: `Bearer ${apiKey}` } },
    { id },
  );
};

/** A script that imports `./index.mjs`, runs `before`, calls the handler with `event` and writes `report` last. */
const callScript = (event: unknown, report: string, before = '') =>
  `const { handler } = await import('./index.mjs'); ${before} ` +
  `const answer = await handler(${JSON.stringify(event)}, { awsRequestId: 'bundle', getRemainingTimeInMillis: () => 10000 }); ` +
  `process.stdout.write('\\n' + JSON.stringify(${report}));`;

describe('a route bundled as the stack bundles it', () => {
  it('reads the table over node:http in a fresh process, without importing node:http as an ES module', async () => {
    const tenant = await newTenant();
    const dir = mkdtempSync(join(tmpdir(), 'route-bundle-'));
    try {
      const file = join(dir, 'index.mjs');
      await bundleHandler('functions/get-client/handler.ts', file);
      expect(readFileSync(file, 'utf8').match(/from\s*["'](node:)?https?["']/)?.[0]).toBeUndefined();
      const script = callScript(
        unknownClientRead(tenant.apiKey),
        `{ status: answer.statusCode, body: JSON.parse(answer.body), undici: process.moduleLoadList.filter((name) => name.includes('undici')) }`,
      );
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, LOG_LEVEL: 'silent' },
      });
      const answer = JSON.parse(output.trim().split('\n').at(-1)!);
      // The key was looked up and the client asked for in the tenant's partition: both reads went through.
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('not_found');
      expect(answer.undici).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('logs an unexpected failure with a stack that names the source files, from the map beside the bundle', async () => {
    const tenant = await newTenant();
    const dir = mkdtempSync(join(tmpdir(), 'route-bundle-'));
    // A table endpoint that answers every request with a broken body: the fault the route did not expect.
    const table = createServer((_, res) =>
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end('{"Item":'),
    );
    await new Promise<void>((resolve) => table.listen(0, '127.0.0.1', resolve));
    try {
      const file = join(dir, 'index.mjs');
      await bundleHandler('functions/get-client/handler.ts', file, { sourceMap: true });
      const script = callScript(unknownClientRead(tenant.apiKey), '{ status: answer.statusCode }');
      // As the stack runs it: no NODE_OPTIONS, so Node itself reads no map.
      const { NODE_OPTIONS: _, ...env } = process.env;
      const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        cwd: dir,
        encoding: 'utf8',
        env: {
          ...env,
          LOG_LEVEL: 'error',
          AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${(table.address() as AddressInfo).port}`,
        },
      });
      expect(JSON.parse(stdout.trim().split('\n').at(-1)!).status).toBe(500);
      // Powertools writes error lines to stderr, as console.error does.
      const logged = stderr
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .find((line) => line.message === 'unhandled error');
      expect(logged.error).toMatch(/SyntaxError/);
      // The credential's lookup failed: the frames name the service's sources and the SDK's, not the bundle.
      expect(logged.stack).toMatch(/shared\/auth\/[\w-]+\.ts:\d+:\d+|shared\/http\/[\w/-]+\.ts:\d+:\d+/);
      expect(logged.stack).toMatch(/node_modules\/@(?:smithy|aws-sdk)\//);
      expect(logged.stack).not.toMatch(/index\.mjs:\d+:\d+/);
    } finally {
      table.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts the token exchange without loading undici: the provider’s keys are fetched for the first token', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'route-bundle-'));
    try {
      await bundleHandler('functions/exchange-token/handler.ts', join(dir, 'index.mjs'));
      const event = eventOf('exchange-token', {
        method: 'POST',
        path: '/api/v1/users/auth/exchange/',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const undici = `process.moduleLoadList.filter((name) => name.includes('undici'))`;
      const script = callScript(
        event,
        `{ status: answer.statusCode, imported, answered: ${undici} }`,
        `const imported = ${undici};`,
      );
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, LOG_LEVEL: 'silent' },
      });
      const { status, imported, answered } = JSON.parse(output.trim().split('\n').at(-1)!);
      // A body without a token is refused before any key is needed.
      expect(status).toBe(400);
      expect(imported).toEqual([]);
      expect(answered).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
