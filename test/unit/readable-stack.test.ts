// Stacks of a bundle read back through the source map beside it, as a deployed function logs them:
// in a fresh process without --enable-source-maps (shared/observability/stack.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleHandler } from '#bench/bundle';
import { readableStack } from '#shared/observability/stack';

const MODULE = 'test/support/failing-module.ts';
const dir = mkdtempSync(join(tmpdir(), 'readable-stack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Failure = { thrown: string; readable?: string; fields: { error: string; stack?: string } };

/** The module bundled as the stack bundles functions, run in a process of its own; answers its failure. */
async function failureOfBundle(name: string, options: { sourceMap: boolean; damageMap?: boolean }): Promise<Failure> {
  const file = join(dir, name, 'index.mjs');
  await bundleHandler(MODULE, file, { sourceMap: options.sourceMap });
  if (options.damageMap) writeFileSync(`${file}.map`, '{"version":3,"mappings":');
  const { NODE_OPTIONS: _, ...env } = process.env;
  const script = `const { failure } = await import(${JSON.stringify(file)}); process.stdout.write(JSON.stringify(failure()));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' }));
}

/** The 1-based line of the module's source that holds `text`. */
const lineOf = (text: string) =>
  readFileSync(MODULE, 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(text)) + 1;

describe('readable stacks', () => {
  it('names the source file, line and function of every frame in a bundle with a map beside it', async () => {
    const { thrown, readable } = await failureOfBundle('mapped', { sourceMap: true });
    // Node itself leaves the frames in minified code.
    expect(thrown).toMatch(/mapped\/index\.mjs:\d+:\d+/);
    expect(readable!.split('\n')[0]).toBe('RangeError: an amount may not be negative');
    const thrownAt = lineOf('throw new RangeError');
    const calledAt = lineOf('checkedAmount(line), 0)');
    expect(readable).toMatch(
      new RegExp(`at checkedAmount \\(\\S*test/support/failing-module\\.ts:${thrownAt}:\\d+\\)`),
    );
    expect(readable).toMatch(new RegExp(`test/support/failing-module\\.ts:${calledAt}:\\d+`));
    expect(readable).not.toMatch(/index\.mjs:\d+:\d+/);
    // Frames outside the bundle (Node's own, the script that called it) stay as they were.
    const outside = thrown.split('\n').filter((line) => line.startsWith('    at') && !line.includes('index.mjs'));
    expect(outside.length).toBeGreaterThan(0);
    for (const line of outside) expect(readable!.split('\n')).toContain(line);
  });

  it('leaves a stack as it is where no map or a damaged one lies beside the bundle', async () => {
    const plain = await failureOfBundle('plain', { sourceMap: false });
    expect(plain.readable).toBe(plain.thrown);
    const damaged = await failureOfBundle('damaged', { sourceMap: true, damageMap: true });
    expect(damaged.readable).toBe(damaged.thrown);
  });

  it('gives a log line the message and the readable stack, and no stack for what is not an error', async () => {
    const { readable, fields } = await failureOfBundle('fields', { sourceMap: true });
    expect(fields).toEqual({ error: 'RangeError: an amount may not be negative', stack: readable });
    expect(readableStack('a string')).toBeUndefined();
  });
});
