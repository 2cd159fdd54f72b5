// A newcomer's first contact with the typed client: the folder installed into a fresh project (offline,
// its dependencies from this install's folders) builds itself, and the README's example compiles under
// the defaults of `tsc --init` (strict, exactOptionalPropertyTypes, no Node types) and loads.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const modules = join(root, 'node_modules');
const tsc = join(modules, 'typescript/bin/tsc');
const work = mkdtempSync(join(tmpdir(), 'client-package-'));
const project = join(work, 'project');

const run = (command: string, args: string[], cwd: string) => {
  const done = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  return { status: done.status, output: `${done.stdout}${done.stderr}` };
};

/** The README's first TypeScript block: the example of use. */
const readmeExample = () =>
  /```ts\n([\s\S]*?)```/.exec(readFileSync(join(root, 'clients/typescript/README.md'), 'utf8'))![1]!;

beforeAll(() => {
  // The client folder as a clone has it (no dist/), beside the clone's node_modules its build uses.
  const clone = join(work, 'clone');
  mkdirSync(join(clone, 'clients'), { recursive: true });
  symlinkSync(modules, join(clone, 'node_modules'));
  cpSync(join(root, 'clients/typescript'), join(clone, 'clients/typescript'), {
    recursive: true,
    filter: (source) => !source.includes(`${join(root, 'clients/typescript/dist')}`),
  });
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'first-contact', version: '1.0.0', type: 'module' }),
  );
  const installed = run(
    'npm',
    [
      'install',
      '--offline',
      '--no-audit',
      '--no-fund',
      '--install-links',
      join(modules, 'openapi-typescript-helpers'),
      join(modules, 'openapi-fetch'),
      join(clone, 'clients/typescript'),
    ],
    project,
  );
  expect(installed.status, installed.output).toBe(0);
}, 60_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the typed client, installed from its folder into a fresh project', () => {
  it('builds on install: the package has its entry point and its types', () => {
    const installed = join(project, 'node_modules/@invoicing-service/client');
    for (const file of ['dist/index.js', 'dist/index.d.ts', 'dist/schema.d.ts'])
      expect(existsSync(join(installed, file)), file).toBe(true);
  });

  it("compiles the README's example in a strict project made by tsc --init, and loads it", () => {
    const initialized = run(process.execPath, [tsc, '--init'], project);
    expect(initialized.status, initialized.output).toBe(0);
    const options = readFileSync(join(project, 'tsconfig.json'), 'utf8');
    expect(options).toMatch(/^\s*"strict": true/m);
    expect(options).toMatch(/^\s*"exactOptionalPropertyTypes": true/m);
    writeFileSync(join(project, 'example.ts'), readmeExample());
    const compiled = run(process.execPath, [tsc, '-p', '.', '--outDir', 'out'], project);
    expect(compiled.status, compiled.output).toBe(0);
    // The compiled example resolves the package's entry point as Node loads it.
    const loaded = run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "console.log(typeof (await import('@invoicing-service/client')).createInvoicingClient)",
      ],
      project,
    );
    expect(loaded.output.trim()).toBe('function');
  }, 60_000);
});
