// The local API in a process of its own, as `npm run dev` serves it: the bench's HTTP client and its
// raw DynamoDB calls then run beside the server they measure, not on its event loop.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type ApiProcess = { url: string; lambdaEndpoint: string; stop(): Promise<void> };

/** Starts `infra/local/api-server` in a child with this process's environment (table, keys, emulators). */
export async function startApiProcess(port: number): Promise<ApiProcess> {
  const child = fork(fileURLToPath(new URL('./api-child.ts', import.meta.url)), [], {
    env: { ...process.env, BENCH_API_PORT: String(port) },
    execArgv: ['--import', 'tsx'],
  });
  const { url, lambdaEndpoint } = await new Promise<{ url: string; lambdaEndpoint: string }>((resolve, reject) => {
    child.once('message', (message: { url: string; lambdaEndpoint: string }) => resolve(message));
    child.once('exit', (code) => reject(new Error(`the API process exited with ${code} before it listened`)));
  });
  return {
    url,
    lambdaEndpoint,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}
