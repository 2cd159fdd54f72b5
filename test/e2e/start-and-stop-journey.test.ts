// Stopping and starting `npm run dev`: Ctrl-C stops every child and the next start reuses the state,
// killing it outright leaves no child behind, and without Java it says what to install.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { reachable, TSX, useLocalRuntime } from '#test/e2e/support/local-runtime';

const runtime = useLocalRuntime();
const { api } = runtime;

it('stops every child on Ctrl-C and reuses the state on the next start', async () => {
  const { info } = runtime;
  const client = await api('POST', '/api/v1/clients/', { body: { name: 'Survivor', email: 's@x.example' } });
  expect(await runtime.stop()).toBe(0);
  expect(await reachable(info.dynamodb_endpoint)).toBe(false);
  expect(await reachable(info.api_base_url)).toBe(false);
  const again = await runtime.start();
  expect(runtime.output).toContain('reused database');
  expect(again.api_key).toBe(info.api_key);
  // The same addresses, and the demo invoices are not made twice.
  expect([again.email_store_url, again.idp_login_url, again.invoices]).toEqual([
    info.email_store_url,
    info.idp_login_url,
    info.invoices,
  ]);
  runtime.info = again;
  const fetched = await api('GET', `/api/v1/clients/${client.json.id}/`);
  expect(fetched.json.name).toBe('Survivor');
});

it('leaves no child behind even when it is killed outright', async () => {
  const { info, dev } = runtime;
  expect(await reachable(info.dynamodb_endpoint)).toBe(true);
  const exited = new Promise((resolve) => dev.once('exit', resolve));
  dev.kill('SIGKILL');
  await exited;
  for (let waited = 0; await reachable(info.dynamodb_endpoint); waited += 200) {
    if (waited > 10_000) throw new Error('DynamoDB Local outlived npm run dev');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

it('without Java, stops with one sentence saying what to install', () => {
  const bin = mkdtempSync(join(tmpdir(), 'no-java-'));
  symlinkSync(process.execPath, join(bin, 'node'));
  const result = spawnSync(process.execPath, [TSX, 'infra/local/dev.ts'], {
    env: { ...process.env, PATH: bin, DEV_STATE_DIR: join(bin, 'state') },
    encoding: 'utf8',
  });
  rmSync(bin, { recursive: true, force: true });
  expect(result.status).toBe(1);
  expect(result.stderr.trim()).toMatch(/^DynamoDB Local needs Java 17 or newer: install .*\.$/);
});
