// A cold start as Lambda pays it: a fresh `node` process that imports a bundle and serves one event.
// Timed from outside (spawn to exit: the whole process) and from inside (the import, the first call).
import { execFileSync } from 'node:child_process';

export type ColdRun = { wall: number; imported: number; firstCall: number };

/**
 * `expected`: the answers the event may get, so a row never times a request refused for a typo.
 * `nodeFlags`: what NODE_OPTIONS would give the process (none, as the stack deploys functions).
 */
export function coldRun(file: string, event: unknown, expected?: readonly number[], nodeFlags: string[] = []): ColdRun {
  const script =
    `const t0 = performance.now(); const { handler } = await import(${JSON.stringify(file)}); ` +
    `const t1 = performance.now();
    const answer = await handler(${JSON.stringify(event)}, { awsRequestId: 'bench', getRemainingTimeInMillis: () => 10000 });
    process.stdout.write('\\n' + JSON.stringify([t1 - t0, performance.now() - t0, answer?.statusCode]));`;
  const started = performance.now();
  let output: string;
  try {
    output = execFileSync(process.execPath, [...nodeFlags, '--input-type=module', '-e', script], {
      env: process.env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? error);
    const lines = stderr.split('\n').filter((line) => /Error/.test(line));
    throw new Error(`cold run of ${file} failed: ${lines.slice(0, 3).join(' | ').slice(0, 500)}`);
  }
  const wall = performance.now() - started;
  // The handler may write its own lines (usage records): the timings are the last one.
  const [imported, firstCall, status] = JSON.parse(output.trim().split('\n').at(-1)!) as [number, number, number];
  if (expected && !expected.includes(status))
    throw new Error(`cold run of ${file} answered ${status}, not ${expected.join(' or ')}`);
  return { wall, imported, firstCall };
}
