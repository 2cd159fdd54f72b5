// Where the browser tests look for a Chromium: CHROMIUM_PATH alone when it is set.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findChromium } from '#test/support/browser';

describe('findChromium', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chromium-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes CHROMIUM_PATH when it names an existing file, and nothing else when it names none', () => {
    const executable = join(dir, 'chrome');
    writeFileSync(executable, '');
    expect(findChromium({ CHROMIUM_PATH: executable })).toBe(executable);
    expect(findChromium({ CHROMIUM_PATH: join(dir, 'missing') })).toBeUndefined();
  });
});
