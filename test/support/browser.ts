// The Chromium the browser tests drive, found where people have one: CHROMIUM_PATH, the usual system
// packages, Playwright's own download, a macOS application. Never downloaded by the tests themselves.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

const SYSTEM_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** What to do when no browser is found, in one line. */
export const MISSING_BROWSER =
  'no Chromium found: install one (Debian/Ubuntu: apt-get install chromium; macOS: Google Chrome; ' +
  'or npx playwright install chromium) or set CHROMIUM_PATH to its executable';

/** The first Chromium that exists, or undefined. CHROMIUM_PATH, when set, is the only one looked at. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROMIUM_PATH) return existsSync(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : undefined;
  const playwright = (() => {
    try {
      return chromium.executablePath(); // Playwright's download for this version, where it would be
    } catch {
      return undefined;
    }
  })();
  return [...SYSTEM_BROWSERS, ...(playwright ? [playwright] : [])].find((path) => existsSync(path));
}

export const chromiumPath = findChromium();

/** For `it.skipIf(noBrowser)`: global setup has already said why, in one line. */
export const noBrowser = chromiumPath === undefined;

/** Starts the found Chromium headless; run as root it needs --no-sandbox. */
export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  if (!chromiumPath) throw new Error(MISSING_BROWSER);
  return chromium.launch({
    ...options,
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', ...(options.args ?? [])],
  });
}
