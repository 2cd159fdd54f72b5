// npm run soak [-- <seconds>]: `npm run dev` under a steady mixed load for ten minutes (or the seconds
// given): creates, lists, sends, payments, and the webhook deliveries they cause to a receiver on
// 127.0.0.1. Reports errors (target 0), latency percentiles, deliveries received, and the memory of
// the dev server process: resident size sampled every 5 s, the lowest of each minute (what is left after
// garbage collection), the first minute after warm-up against the last. The local SES inbox keeps every
// e-mail by design: the soak empties it every minute, so what it measures is the service's own memory.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInvoicingClient } from '#client';
import { freePort } from '#infra/local/emulators';

const SECONDS = Number(process.argv[2] ?? 600);
const WARM_UP_SECONDS = Math.min(60, SECONDS / 5);
/** Requests per second, sent on a fixed schedule whatever the answers' latency (an open load). */
const RATE = 20;
/** The mix, by weight: what an integration does most. */
const MIX = {
  createInvoice: 30,
  listInvoices: 30,
  getInvoice: 10,
  sendInvoice: 10,
  recordPayment: 12,
  createClient: 8,
};

const port = await freePort();
const stateDir = mkdtempSync(join(tmpdir(), 'invoicing-soak-'));
const dev = spawn(process.execPath, ['--import', 'tsx', 'infra/local/dev.ts'], {
  env: { ...process.env, PORT: String(port), DEV_STATE_DIR: stateDir, LOG_LEVEL: 'error' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  dev.kill('SIGINT');
  return new Promise((done) => dev.once('exit', done));
};
for (let waited = 0; !existsSync(join(stateDir, 'dev.json')); waited += 250) {
  if (waited > 120_000 || dev.exitCode !== null) throw new Error('npm run dev did not start');
  await new Promise((done) => setTimeout(done, 250));
}
const info = JSON.parse(readFileSync(join(stateDir, 'dev.json'), 'utf8')) as {
  api_base_url: string;
  api_key: string;
  email_store_url: string;
};
const api = createInvoicingClient({ baseUrl: info.api_base_url, credential: info.api_key });

// A receiver for the events the load causes.
let delivered = 0;
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    delivered++;
    response.writeHead(204).end();
  });
});
await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
const kinds = ['invoice.created', 'invoice.sent', 'payment.received'] as const;
const subscription = await api.POST('/api/v1/webhooks/', {
  body: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, events: [...kinds] },
});
if (!subscription.data) throw new Error(`webhook: ${JSON.stringify(subscription.error)}`);

const clients: string[] = [];
const drafts: string[] = [];
const sent: string[] = [];
let expectedEvents = 0;
const line = { description: 'Soak', quantity: 2, unit_price: '50.00', tax_rate: '19' };
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

const operations: Record<keyof typeof MIX, () => Promise<{ ok: boolean; status: number }>> = {
  async createClient() {
    const { data, response } = await api.POST('/api/v1/clients/', {
      body: { name: `Soak ${clients.length}`, email: `soak${clients.length}@x.example`, country: 'DE' },
    });
    if (data) clients.push(data.id);
    return { ok: Boolean(data), status: response.status };
  },
  async createInvoice() {
    const { data, response } = await api.POST('/api/v1/invoices/', {
      body: { client: pick(clients)!, line_items: [line] },
    });
    if (data) {
      drafts.push(data.id);
      expectedEvents++;
    }
    return { ok: Boolean(data), status: response.status };
  },
  async listInvoices() {
    const { data, response } = await api.GET('/api/v1/invoices/', { params: { query: { limit: 25 } } });
    return { ok: Boolean(data), status: response.status };
  },
  async getInvoice() {
    const id = pick([...drafts, ...sent]);
    if (!id) return operations.listInvoices();
    const { data, response } = await api.GET('/api/v1/invoices/{id}/', { params: { path: { id } } });
    return { ok: Boolean(data), status: response.status };
  },
  async sendInvoice() {
    const id = drafts.shift();
    if (!id) return operations.createInvoice();
    const { data, response } = await api.POST('/api/v1/invoices/{id}/send/', { params: { path: { id } }, body: {} });
    if (data) {
      sent.push(id);
      expectedEvents++;
    }
    return { ok: Boolean(data), status: response.status };
  },
  async recordPayment() {
    const id = sent.shift();
    if (!id) return operations.sendInvoice();
    const { data, response } = await api.POST('/api/v1/invoices/{id}/payments/', {
      params: { path: { id } },
      body: { amount: '119.00', method: 'bank_transfer' },
    });
    if (data) expectedEvents++;
    return { ok: Boolean(data), status: response.status };
  },
};
const weighted = Object.entries(MIX).flatMap(([name, weight]) => Array(weight).fill(name) as (keyof typeof MIX)[]);

const rss = () => {
  const status = readFileSync(`/proc/${dev.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
};
const memory: { at: number; mb: number }[] = [];
const latencies: number[] = [];
const failures = new Map<string, number>();
const fail = (what: string) => {
  failures.set(what, (failures.get(what) ?? 0) + 1);
};
for (let i = 0; i < 3; i++) await operations.createClient();

const started = performance.now();
const sampler = setInterval(() => memory.push({ at: (performance.now() - started) / 1000, mb: rss() }), 5000);
const clearStore = new URL('/clear-store', info.email_store_url);
const inboxCleaner = setInterval(() => void fetch(clearStore, { method: 'POST' }).catch(() => undefined), 60_000);
const inFlight = new Set<Promise<void>>();
for (let sentCount = 0; (performance.now() - started) / 1000 < SECONDS; sentCount++) {
  const due = started + (sentCount * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((done) => setTimeout(done, wait));
  const name = pick(weighted)!;
  const begun = performance.now();
  const request = operations[name]()
    .then(
      ({ ok, status }) => {
        if (!ok) fail(`${name} ${status}`);
      },
      (error: Error) => fail(`${name} ${error.message}`),
    )
    .finally(() => {
      if ((begun - started) / 1000 >= WARM_UP_SECONDS) latencies.push(performance.now() - begun);
      inFlight.delete(request);
    });
  inFlight.add(request);
}
await Promise.all(inFlight);
clearInterval(sampler);
clearInterval(inboxCleaner);
// Deliveries trail the requests by the pipeline's polling: wait for them, at most a minute.
for (let waited = 0; delivered < expectedEvents && waited < 60_000; waited += 500)
  await new Promise((done) => setTimeout(done, 500));

const percentile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)]!;
const settled = memory.filter((sample) => sample.at >= WARM_UP_SECONDS);
const minute = Math.max(1, Math.round(60 / 5));
const floorOf = (samples: typeof memory) => Math.min(...samples.map((sample) => sample.mb));
const [early, late] = [floorOf(settled.slice(0, minute)), floorOf(settled.slice(-minute))];
const requests = latencies.length;
const errors = [...failures.values()].reduce((sum, n) => sum + n, 0);
const result = {
  at: new Date().toISOString(),
  seconds: SECONDS,
  rate: RATE,
  requests,
  errors,
  failures: Object.fromEntries(failures),
  latency_ms: { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: Math.max(...latencies) },
  webhook_deliveries: { expected: expectedEvents, received: delivered },
  server_rss_mb: { after_warm_up: early, at_end: late, growth: late / early - 1, samples: memory },
};
console.log(
  [
    `soak: ${SECONDS} s at ${RATE} req/s against npm run dev (${requests} requests after a ${WARM_UP_SECONDS} s warm-up)`,
    `errors: ${errors} (target 0)${errors ? ` ${JSON.stringify(result.failures)}` : ''}`,
    `latency: p50 ${result.latency_ms.p50.toFixed(1)} ms, p99 ${result.latency_ms.p99.toFixed(1)} ms, max ${result.latency_ms.max.toFixed(0)} ms`,
    `webhook deliveries: ${delivered} received of ${expectedEvents} events`,
    `server memory (RSS, lowest of a minute): ${early.toFixed(0)} MB after warm-up, ${late.toFixed(0)} MB at the end (${(result.server_rss_mb.growth * 100).toFixed(1)} %; target flat: within 10 %)`,
  ].join('\n'),
);
mkdirSync(resolve('bench-results'), { recursive: true });
writeFileSync(resolve('bench-results', `soak-${result.at.replaceAll(':', '-')}.json`), JSON.stringify(result, null, 2));
receiver.close();
await stop();
rmSync(stateDir, { recursive: true, force: true });
process.exit(errors === 0 && delivered >= expectedEvents && result.server_rss_mb.growth <= 0.1 ? 0 : 1);
