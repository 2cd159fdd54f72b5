// `npm run dev` as a newcomer runs it: a child process with a fresh state directory, driven over
// HTTP only. Each e2e file calls useLocalRuntime() once and gets its own stack (vitest runs each file
// in its own worker; vitest.config.ts runs the files one after another).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { ROUTES } from '#functions/routes';
import { freePort } from '#infra/local/emulators';
import { checkedClient } from '#test/support/checked-client';

export const TSX = join(process.cwd(), 'node_modules/tsx/dist/cli.mjs');
/** Screenshots are kept under .artifacts/. */
export const ARTIFACTS = join(process.cwd(), '.artifacts');
/** Short, so the sign-in flow can watch an access token expire. */
export const ACCESS_TTL = 2;

export type DevJson = {
  api_base_url: string;
  api_key: string;
  email_store_url: string;
  dynamodb_endpoint: string;
  table_name: string;
  idp_login_url: string;
  organizations: { id: string; api_key: string }[];
  users: { email: string; password: string; organizations: string[] }[];
  invoices: Record<string, string>;
  sqs_endpoint: string;
  inbound_smtp: {
    host: string;
    port: number;
    domain: string;
    addresses: { organization_id: string; address: string }[];
  };
  peppol: {
    base_url: string;
    access_point: 'storecove' | 'phoss-ap';
    participants: { id: string; organization_id: string | null; name: string; document_types: string[] }[];
    received_url: string;
    fault_url: string;
    deliver_url: string;
    delivered_url: string;
  };
};

type RequestOptions = { body?: unknown; token?: string | null; headers?: Record<string, string> };

/** The route of the table `path` is an address of, with its path parameters. */
function routeAt(method: string, path: string) {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    const pattern = new RegExp(`^${route.path.replace(/\{\w+\}/g, '([^/]+)')}$`);
    const found = pattern.exec(path);
    if (found)
      return { route, params: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1]!)])) };
  }
  return undefined;
}

/** One `npm run dev` child process, its state directory, its console output and its dev.json. */
export class LocalRuntime {
  constructor(private readonly env: Record<string, string> = {}) {}
  stateDir = '';
  port = 0;
  dev!: ChildProcess;
  output = '';
  info!: DevJson;

  async start(): Promise<DevJson> {
    rmSync(join(this.stateDir, 'dev.json'), { force: true });
    // As package.json's `npm run dev` does: one Node process, no launcher in between.
    const dev = spawn(process.execPath, ['--import', 'tsx', 'infra/local/dev.ts'], {
      env: {
        ...process.env,
        PORT: String(this.port),
        DEV_STATE_DIR: this.stateDir,
        LOG_LEVEL: 'warn',
        ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TTL),
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.dev = dev;
    dev.stdout!.on('data', (chunk) => {
      this.output += chunk;
    });
    dev.stderr!.on('data', (chunk) => {
      this.output += chunk;
    });
    for (let waited = 0; !existsSync(join(this.stateDir, 'dev.json')); waited += 200) {
      if (dev.exitCode !== null || waited > 90_000) throw new Error(`npm run dev did not start:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return JSON.parse(readFileSync(join(this.stateDir, 'dev.json'), 'utf8')) as DevJson;
  }

  async stop(): Promise<number | null> {
    const dev = this.dev;
    if (dev.exitCode !== null || dev.signalCode !== null) return dev.exitCode;
    const exited = new Promise<number | null>((resolve) => dev.once('exit', (code) => resolve(code)));
    dev.kill('SIGINT');
    return exited;
  }

  /** The typed client for one credential (the demo organization's API key unless given; null: none). */
  sdk = (credential: string | null = this.info.api_key) =>
    checkedClient({ baseUrl: this.info.api_base_url, credential: credential ?? undefined });

  /**
   * A request by method and address: through the typed client when the address is a route of the
   * document (so its answer is checked against it), else with plain fetch (unknown paths, methods).
   */
  api = async (
    method: string,
    path: string,
    { body, token = this.info.api_key, headers = {} }: RequestOptions = {},
  ) => {
    const url = new URL(path, this.info.api_base_url);
    const found = routeAt(method, url.pathname);
    if (found) {
      const query = Object.fromEntries(url.searchParams);
      const { response, data, error } = await this.sdk(token).request(
        method.toLowerCase() as 'get',
        found.route.path as '/api/v1/invoices/',
        { params: { path: found.params, query }, body, headers, parseAs: 'text' } as never,
      );
      const text = (data as string | undefined) ?? '';
      const json = response.ok ? (text ? JSON.parse(text) : undefined) : error;
      return { status: response.status, headers: response.headers, json };
    }
    const response = await fetch(url, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
  };
}

/**
 * Starts `npm run dev` on a free port with a fresh state directory before the file's tests, and stops
 * it (Ctrl-C) after them. Start-up takes about 10–13 s, stopping 2–3 s; a file whose tests are all
 * skipped starts nothing. After the tests, the console output must not report an unhandled failure.
 */
export function useLocalRuntime(env: Record<string, string> = {}): LocalRuntime {
  const runtime = new LocalRuntime(env);
  beforeAll(async () => {
    runtime.stateDir = mkdtempSync(join(tmpdir(), 'invoicing-dev-'));
    runtime.port = await freePort();
    runtime.info = await runtime.start();
  });
  afterAll(async () => {
    if (runtime.stateDir === '') return;
    if (runtime.dev !== undefined) await runtime.stop();
    rmSync(runtime.stateDir, { recursive: true, force: true });
    expect(runtime.output).not.toMatch(/unhandled failure|uncaught exception/);
  });
  return runtime;
}

export const until = async (condition: () => boolean) => {
  for (let waited = 0; !condition(); waited += 100) {
    if (waited > 15_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

export const reachable = async (url: string) =>
  fetch(url, { method: 'POST' }).then(
    () => true,
    () => false,
  );
