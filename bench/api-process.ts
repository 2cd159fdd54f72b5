// The local API in a process of its own, as `npm run dev` serves it: the bench's HTTP client and its
// raw DynamoDB calls then run beside the server they measure, not on its event loop.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

type Started = { url: string; pid: number; stop(): Promise<void> };
export type ApiProcess = Started & { lambdaEndpoint: string };

/** Forks a server entry with this process's environment (table, keys, emulators); it answers with its URL. */
async function startServerProcess<M extends { url: string }>(entry: string, port: number): Promise<M & Started> {
  const child = fork(fileURLToPath(new URL(entry, import.meta.url)), [], {
    env: { ...process.env, BENCH_API_PORT: String(port) },
    execArgv: ['--import', 'tsx'],
  });
  const started = await new Promise<M>((resolve, reject) => {
    child.once('message', (message: M) => resolve(message));
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code} before it listened`)));
  });
  return {
    ...started,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}

/** `infra/local/api-server` and the laptop's Lambda endpoint, as `npm run dev` starts them. */
export const startApiProcess = (port: number): Promise<ApiProcess> =>
  startServerProcess<{ url: string; lambdaEndpoint: string }>('./api-child.ts', port);

/** The S3 emulator (fauxqs), whose stored objects are then not counted in this process's memory. */
export const startS3Process = (port: number): Promise<Started> => startServerProcess('./s3-child.ts', port);

/** The same list Query behind a bare HTTP server (bench/bare-hop-child.ts). */
export const startBareHop = (port: number): Promise<Started> => startServerProcess('./bare-hop-child.ts', port);
