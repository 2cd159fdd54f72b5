// `npm run dev` as a newcomer runs it: a child process with a fresh state directory, driven over
// HTTP only. Covers the README's curl flow, routing details, restart with the same state and Ctrl-C.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { freePort, LOCAL_CREDENTIALS } from '#infra/local/emulators';
import { ROUTES } from '#functions/routes';
import { launchChromium, noBrowser } from '#test/support/browser';
import { checkedClient } from '#test/support/checked-client';

const TSX = join(process.cwd(), 'node_modules/tsx/dist/cli.mjs');
/** Screenshots are kept under .artifacts/. */
const ARTIFACTS = join(process.cwd(), '.artifacts');
/** Short, so the flow below can watch an access token expire. */
const ACCESS_TTL = 2;
const stateDir = mkdtempSync(join(tmpdir(), 'invoicing-dev-'));
let port: number;
let dev: ChildProcess;
let output = '';
type DevJson = {
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
};
let info: DevJson;

async function startDev(): Promise<DevJson> {
  rmSync(join(stateDir, 'dev.json'), { force: true });
  // As package.json's `npm run dev` does: one Node process, no launcher in between.
  dev = spawn(process.execPath, ['--import', 'tsx', 'infra/local/dev.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DEV_STATE_DIR: stateDir,
      LOG_LEVEL: 'warn',
      ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TTL),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  dev.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  for (let waited = 0; !existsSync(join(stateDir, 'dev.json')); waited += 200) {
    if (dev.exitCode !== null || waited > 90_000) throw new Error(`npm run dev did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return JSON.parse(readFileSync(join(stateDir, 'dev.json'), 'utf8')) as DevJson;
}

async function stopDev(): Promise<number | null> {
  if (dev.exitCode !== null || dev.signalCode !== null) return dev.exitCode;
  const exited = new Promise<number | null>((resolve) => dev.once('exit', (code) => resolve(code)));
  dev.kill('SIGINT');
  return exited;
}

/** The typed client for one credential (the demo organization's API key unless given; null: none). */
const sdk = (credential: string | null = info.api_key) =>
  checkedClient({ baseUrl: info.api_base_url, credential: credential ?? undefined });

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

/**
 * A request by method and address: through the typed client when the address is a route of the
 * document (so its answer is checked against it), else with plain fetch (unknown paths, methods).
 */
const api = async (
  method: string,
  path: string,
  {
    body,
    token = info.api_key,
    headers = {},
  }: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
) => {
  const url = new URL(path, info.api_base_url);
  const found = routeAt(method, url.pathname);
  if (found) {
    const query = Object.fromEntries(url.searchParams);
    const { response, data, error } = await sdk(token).request(
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

const until = async (condition: () => boolean) => {
  for (let waited = 0; !condition(); waited += 100) {
    if (waited > 15_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const reachable = async (url: string) =>
  fetch(url, { method: 'POST' }).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  port = await freePort();
  info = await startDev();
});

afterAll(async () => {
  await stopDev();
  rmSync(stateDir, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('writes dev.json with the API URL, an API key and the e-mail store', async () => {
    expect(info.api_base_url).toBe(`http://127.0.0.1:${port}`);
    expect(info.api_key).toMatch(/^inv_live_/);
    expect((await fetch(info.email_store_url)).status).toBe(200);
    expect(info.organizations.length).toBeGreaterThanOrEqual(3);
  });

  it('seeds a new database with an invoice in every status, and puts each service on a port after PORT', async () => {
    const statuses = ['draft', 'sent', 'partially_paid', 'paid', 'overdue', 'credited', 'void'];
    expect(Object.keys(info.invoices)).toEqual(statuses);
    for (const status of statuses) {
      const invoice = await api('GET', `/api/v1/invoices/${info.invoices[status]}/`);
      expect([invoice.status, invoice.json.status]).toEqual([200, status]);
    }
    const store = (await (await fetch(info.email_store_url)).json()) as { emails: unknown[] };
    expect(store.emails.length).toBeGreaterThanOrEqual(6);
    // Ports follow PORT unless one was taken (then the console says so).
    const services = [info.dynamodb_endpoint, info.email_store_url, info.sqs_endpoint, info.idp_login_url];
    services.forEach((url, index) => {
      if (!output.includes(`port ${port + index + 1} is taken`))
        expect(new URL(url).port).toBe(String(port + index + 1));
    });
  });

  it('prints a ready access token with `npm run token`, as the README uses it', async () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [TSX, 'infra/local/token.ts', ...args], {
        env: { ...process.env, DEV_STATE_DIR: stateDir },
        encoding: 'utf8',
      });
    const access = run().stdout.trim();
    const organizations = await api('GET', '/api/v1/users/me/organizations/', { token: access });
    expect(organizations.status).toBe(200);
    const second = JSON.parse(run(info.users[1]!.email, '--json').stdout);
    expect(Object.keys(second).sort()).toEqual(['access', 'access_expires', 'organization', 'refresh']);
    expect(second.organization.role).toBe('owner');
    const unknown = run('nobody@example.com');
    expect([unknown.status, unknown.stderr]).toEqual([1, expect.stringContaining('No demo user nobody@example.com')]);
  });

  it('serves the README flow through the typed client: create a client, create an invoice, list invoices', async () => {
    const api = sdk();
    const client = await api.POST('/api/v1/clients/', {
      body: { name: 'Acme Corp', email: 'billing@acme.example', country: 'US' },
    });
    expect(client.response.status).toBe(201);
    const invoice = await api.POST('/api/v1/invoices/', {
      body: {
        client: client.data!.id,
        issue_date: '2026-11-01',
        due_date: '2026-12-01',
        line_items: [{ description: 'Consulting', quantity: 10, unit_price: '150.00', tax_rate: '10.00' }],
      },
    });
    expect(invoice.response.status).toBe(201);
    expect(invoice.data).toMatchObject({
      status: 'draft',
      subtotal: '1500.00',
      tax_amount: '150.00',
      total_amount: '1650.00',
    });
    expect(invoice.data!.public_url.startsWith(`${info.api_base_url}/`)).toBe(true);
    const list = await api.GET('/api/v1/invoices/', { params: { query: { status: 'draft', limit: 100 } } });
    expect(list.data!.results.map((listed) => listed.id)).toContain(invoice.data!.id);
    // Refusals come back typed too: the error envelope with its documented code.
    const missing = await api.GET('/api/v1/invoices/{id}/', { params: { path: { id: `inv_${'0'.repeat(26)}` } } });
    expect([missing.response.status, missing.error?.error.code]).toEqual([404, 'not_found']);
    // The client gives every POST its own Idempotency-Key: a retry of the same call is a new request.
    const again = await api.POST('/api/v1/clients/', { body: { name: 'Acme Corp', email: 'billing@acme.example' } });
    expect(again.data!.id).not.toBe(client.data!.id);
    // A draft has no e-invoice yet: files come back as text or blobs (parseAs), refusals as JSON.
    const draft = await api.GET('/api/v1/invoices/{id}/e-invoice/', {
      params: { path: { id: invoice.data!.id }, query: { format: 'ubl' } },
      parseAs: 'text',
    });
    expect([draft.response.status, draft.error?.error.code]).toEqual([409, 'invalid_state']);
  });

  it('follows next links, which are absolute URLs of this server', async () => {
    const own = info.organizations[2]!.api_key;
    for (let i = 0; i < 3; i++)
      await api('POST', '/api/v1/clients/', { token: own, body: { name: `P${i}`, email: `p${i}@x.example` } });
    const first = await api('GET', '/api/v1/clients/?limit=2', { token: own });
    expect(first.json.next.startsWith(`${info.api_base_url}/api/v1/clients/?`)).toBe(true);
    const second = await api('GET', first.json.next, { token: own });
    expect(second.status).toBe(200);
    expect(second.json.results.length).toBeGreaterThan(0);
  });

  it('serves paths without the trailing slash too; answers unknown paths and methods with the envelope', async () => {
    expect((await api('GET', '/api/v1/organizations/me')).status).toBe(200);
    const unknown = await api('GET', '/api/v1/nothing-here/');
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 'not_found']);
    const wrongMethod = await api('PUT', '/api/v1/invoices/', { body: {} });
    expect([wrongMethod.status, wrongMethod.json.error.code]).toEqual([405, 'method_not_allowed']);
  });

  it('counts API-key requests from the routes’ output within seconds', async () => {
    const own = info.organizations[2] ?? info.organizations[0]!;
    for (let i = 0; i < 3; i++) expect((await api('GET', '/api/v1/clients/', { token: own.api_key })).status).toBe(200);
    const table = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: info.dynamodb_endpoint,
        region: 'us-east-1',
        credentials: {
          accessKeyId: LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID,
          secretAccessKey: LOCAL_CREDENTIALS.AWS_SECRET_ACCESS_KEY,
        },
      }),
    );
    const day = `uses_${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`;
    let counted = 0;
    for (let waited = 0; counted < 3 && waited < 10_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const { Items = [] } = await table.send(
        new QueryCommand({
          TableName: info.table_name,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :keys)',
          ExpressionAttributeValues: { ':pk': `ORG#${own.id}`, ':keys': 'APIKEY#' },
        }),
      );
      counted = Items.reduce((sum, item) => sum + Number(item[day] ?? 0), 0);
    }
    expect(counted).toBeGreaterThanOrEqual(3);
  });

  it('runs a scheduled job on demand, as `npm run tick` does', async () => {
    const response = await fetch(`${info.api_base_url}/__local/jobs/overdue-sweeper/`, {
      method: 'POST',
      body: JSON.stringify({ today: '2026-01-01' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ moved: expect.any(Number), examined: expect.any(Number) });
    const unknown = await fetch(`${info.api_base_url}/__local/jobs/no-such-job/`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    const jobs = 'overdue-sweeper, recurring-runner, outbox-sweeper, number-sweeper';
    expect((await unknown.json()).error.message).toContain(jobs);
    const tick = spawnSync(process.execPath, [TSX, 'infra/local/tick.ts', 'no-such-job'], {
      env: { ...process.env, DEV_STATE_DIR: stateDir },
      encoding: 'utf8',
    });
    expect([tick.status, tick.stderr.trim()]).toEqual([
      1,
      'There is no job named "no-such-job". ' +
        `Say which job: npm run tick -- <${jobs.replaceAll(', ', ' | ')}> [YYYY-MM-DD]`,
    ]);
  });

  it('runs a monthly recurring invoice with auto_send through three months on `npm run tick`', async () => {
    const own = info.organizations[1]!.api_key;
    const client = await api('POST', '/api/v1/clients/', {
      token: own,
      body: { name: 'Subscriber', email: 'subscriber@monthly.example' },
    });
    const template = await api('POST', '/api/v1/recurring-invoices/', {
      token: own,
      body: {
        client: client.json.id,
        frequency: 'monthly',
        start_date: '2027-01-31',
        auto_send: true,
        line_items: [{ description: 'Monthly plan', quantity: 1, unit_price: '49.00', tax_rate: '20' }],
      },
    });
    expect(template.status).toBe(201);
    // The tick only queues the organization's run; the worker behind the FIFO queue generates it.
    let generated = { json: { results: [] as { invoice_number: string; status: string; total_amount: string }[] } };
    for (const [month, today] of ['2027-01-31', '2027-02-28', '2027-03-31'].entries()) {
      const tick = await fetch(`${info.api_base_url}/__local/jobs/recurring-runner/`, {
        method: 'POST',
        body: JSON.stringify({ today }),
      });
      expect(tick.status).toBe(200);
      expect(await tick.json()).toMatchObject({ organizations: expect.any(Number), messages: expect.any(Number) });
      for (
        let waited = 0;
        generated.json.results.filter((invoice) => invoice.status === 'sent').length < month + 1;
        waited += 200
      ) {
        if (waited > 15_000) throw new Error(`the run of ${today} did not finish`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        generated = await api('GET', `/api/v1/recurring-invoices/${template.json.id}/invoices/`, { token: own });
      }
    }
    const numbers = generated.json.results
      .map((invoice) => Number(invoice.invoice_number.slice(4)))
      .sort((a, b) => a - b);
    expect(numbers).toHaveLength(3);
    expect(numbers[2]! - numbers[0]!).toBe(2);
    expect(
      generated.json.results.every((invoice) => invoice.status === 'sent' && invoice.total_amount === '58.80'),
    ).toBe(true);
    const store = (await (await fetch(info.email_store_url)).json()) as { emails: { destination: { to: string[] } }[] };
    expect(store.emails.filter((email) => email.destination.to.includes('subscriber@monthly.example'))).toHaveLength(3);
  });

  it('answers with the body’s length in bytes, never chunked, as API Gateway does', async () => {
    const answers = {
      page: await fetch(new URL('/api/v1/invoices/?limit=3', info.api_base_url), {
        headers: { authorization: `Bearer ${info.api_key}` },
      }),
      refusal: await fetch(new URL('/api/v1/invoices/', info.api_base_url)),
      unknownPath: await fetch(new URL('/api/v1/nothing-here/', info.api_base_url)),
      referencePage: await fetch(new URL('/reference/', info.api_base_url)),
      referenceScript: await fetch(new URL('/reference/scalar.js', info.api_base_url)),
    };
    for (const [name, answer] of Object.entries(answers)) {
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(answer.headers.get('transfer-encoding'), name).toBeNull();
      expect(Number(answer.headers.get('content-length')), name).toBe(bytes.length);
      expect(bytes.length, name).toBeGreaterThan(0);
    }
  });

  it('puts a request id on every answer, errors included', async () => {
    const ok = await api('GET', '/api/v1/organizations/me/');
    const unauthorised = await api('GET', '/api/v1/invoices/', { token: null });
    expect(ok.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('runs the spec’s sign-in flow: login, exchange, call, expiry, refresh, switch, refusal', async () => {
    const [first, second] = info.users;
    const login = async (email: string, password: string) => {
      const response = await fetch(info.idp_login_url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      return {
        status: response.status,
        json: (await response.json()) as { idp_token?: string; error?: { code: string } },
      };
    };
    const wrong = await login(first!.email, 'not-the-password');
    expect([wrong.status, wrong.json.error?.code]).toEqual([401, 'invalid_credentials']);

    const {
      json: { idp_token },
    } = await login(first!.email, first!.password);
    const exchanged = await api('POST', '/api/v1/users/auth/exchange/', { token: null, body: { idp_token } });
    expect(exchanged.status).toBe(200);
    expect(exchanged.json.access_expires).toBe(ACCESS_TTL);
    const home = exchanged.json.organization.id;
    expect((await api('GET', '/api/v1/invoices/', { token: exchanged.json.access })).status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, (ACCESS_TTL + 6) * 1000)); // TTL plus the 5 s clock allowance
    const expired = await api('GET', '/api/v1/invoices/', { token: exchanged.json.access });
    expect([expired.status, expired.json.error.code]).toEqual([401, 'token_expired']);
    expect(Date.parse(expired.json.error.details.expired_at)).toBeLessThan(Date.now());

    const refreshed = await api('POST', '/api/v1/users/auth/refresh/', {
      token: null,
      body: { refresh: exchanged.json.refresh },
    });
    expect(refreshed.status).toBe(200);
    expect((await api('GET', '/api/v1/invoices/', { token: refreshed.json.access })).status).toBe(200);
    expect(
      (await api('POST', '/api/v1/users/auth/refresh/', { token: null, body: { refresh: exchanged.json.refresh } }))
        .status,
    ).toBe(200);

    const target = first!.organizations.find((id) => id !== home)!;
    const {
      json: { idp_token: again },
    } = await login(first!.email, first!.password);
    const switched = await api('POST', '/api/v1/users/auth/exchange/', {
      token: null,
      body: { idp_token: again, organization_id: target },
    });
    expect(switched.json.organization.id).toBe(target);
    const organizations = await api('GET', '/api/v1/users/me/organizations/', { token: switched.json.access });
    const active = organizations.json.filter((organization: { is_active: boolean }) => organization.is_active);
    expect(active.map((organization: { id: string }) => organization.id)).toEqual([target]);
    expect(organizations.json.map((organization: { id: string }) => organization.id).sort()).toEqual(
      [...first!.organizations].sort(),
    );

    const foreign = second!.organizations.find((id) => !first!.organizations.includes(id))!;
    const denied = await api('POST', '/api/v1/users/auth/exchange/', {
      token: null,
      body: { idp_token: again, organization_id: foreign },
    });
    expect([denied.status, denied.json.error.code]).toEqual([403, 'organization_access_denied']);
  });

  it.skipIf(noBrowser)(
    'serves the OpenAPI document and a reference page that shows every route, with nothing fetched from outside',
    async () => {
      const committed = JSON.parse(readFileSync('docs/openapi.json', 'utf8'));
      const served = await api('GET', '/api/v1/openapi.json', { token: null });
      expect(served.json).toEqual(committed);
      const summaries = Object.values(committed.paths as Record<string, Record<string, { summary: string }>>).flatMap(
        (item) => Object.values(item).map((operation) => operation.summary),
      );
      expect(summaries.length).toBeGreaterThan(60);
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        const outside: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).hostname !== '127.0.0.1') outside.push(request.url());
        });
        await page.goto(`${info.api_base_url}/reference/`, { waitUntil: 'networkidle' });
        await page.waitForFunction(() => document.body.innerText.includes('Create invoice'));
        const text = await page.evaluate(() => document.body.innerText);
        expect(summaries.filter((summary) => !text.includes(summary))).toEqual([]);
        expect(outside).toEqual([]);
      } finally {
        await browser.close();
      }
      // The same page as a static site, for any web server.
      const site = mkdtempSync(join(tmpdir(), 'reference-'));
      const written = spawnSync(process.execPath, [TSX, 'infra/openapi/write-reference.ts', site], {
        encoding: 'utf8',
      });
      expect(written.status, written.stderr).toBe(0);
      expect(readFileSync(join(site, 'index.html'), 'utf8')).toMatch(/data-url="openapi.json"[\s\S]*src="scalar.js"/);
      expect(JSON.parse(readFileSync(join(site, 'openapi.json'), 'utf8'))).toEqual(committed);
      rmSync(site, { recursive: true, force: true });
    },
  );

  it.skipIf(noBrowser)(
    'shows the public page in a real browser, and its Pay button leads to a paid invoice',
    async () => {
      const client = await api('POST', '/api/v1/clients/', {
        body: { name: 'Browser Buyer', email: 'buyer@browser.example' },
      });
      const { json: invoice } = await api('POST', '/api/v1/invoices/', {
        body: {
          client: client.json.id,
          issue_date: '2026-11-01',
          due_date: '2026-12-01',
          notes: 'Thanks for your business',
          line_items: [
            { description: 'Consulting', quantity: 10, unit_price: '150.00', tax_rate: '10.00' },
            { description: 'Travel', quantity: 1, unit_price: '99.99', tax_rate: '0' },
          ],
        },
      });
      expect(
        (await api('POST', `/api/v1/invoices/${invoice.id}/send/`, { body: { email: 'buyer@browser.example' } }))
          .status,
      ).toBe(200);

      const browser = await launchChromium({
        args: [
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
      try {
        const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
        const answer = await page.goto(invoice.public_url);
        expect(answer!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(answer!.headers()['referrer-policy']).toBe('no-referrer');
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Invoice ${invoice.invoice_number}`);
        expect(await page.getByTestId('total').textContent()).toBe('$1,749.99');
        expect(await page.getByTestId('due').textContent()).toBe('$1,749.99');
        expect(await page.getByTestId('mark').count()).toBe(0); // neither paid nor void: no mark
        mkdirSync(ARTIFACTS, { recursive: true });
        await page.screenshot({ path: join(ARTIFACTS, 'public-invoice.png'), fullPage: true });

        // Framed by another page, the invoice (and its Pay button) is not shown at all.
        const framing = await browser.newPage();
        await framing.setContent(`<iframe src="${invoice.public_url}" width="600" height="600"></iframe>`);
        await framing.waitForTimeout(1000);
        const framed = framing.frames().find((frame) => frame !== framing.mainFrame());
        expect(
          (await framed
            ?.getByTestId('total')
            .count()
            .catch(() => 0)) ?? 0,
        ).toBe(0);
        await framing.close();

        await page.getByRole('button', { name: /^Pay / }).click();
        await page.waitForURL(/\/sandbox\/checkout\//);
        expect(await page.getByTestId('checkout-amount').textContent()).toBe('1749.99 USD');
        await page.getByRole('button', { name: 'Pay', exact: true }).click();
        await page.waitForURL(/payment=succeeded/);
        expect(await page.getByRole('status').textContent()).toContain('payment was received');
        expect(await page.getByTestId('mark').textContent()).toBe('PAID');
        await page.screenshot({ path: join(ARTIFACTS, 'public-invoice-paid.png'), fullPage: true });
      } finally {
        await browser.close();
      }
      const paid = await api('GET', `/api/v1/invoices/${invoice.id}/`);
      expect(paid.json).toMatchObject({ status: 'paid', amount_paid: '1749.99', amount_due: '0.00' });
    },
  );

  it('keeps the revenue report up to date from the event pipeline, seconds behind the writes', async () => {
    const own = info.organizations[1]!.api_key;
    const client = await api('POST', '/api/v1/clients/', {
      token: own,
      body: { name: 'Reported', email: 'r@x.example' },
    });
    const { json: invoice } = await api('POST', '/api/v1/invoices/', {
      token: own,
      body: {
        client: client.json.id,
        issue_date: '2024-02-10',
        due_date: '2024-03-10',
        currency: 'GBP',
        line_items: [{ description: 'x', quantity: 2, unit_price: '30.00', tax_rate: '0' }],
      },
    });
    expect(
      (await api('POST', `/api/v1/invoices/${invoice.id}/send/`, { token: own, body: { email: 'r@x.example' } }))
        .status,
    ).toBe(200);
    expect(
      (
        await api('POST', `/api/v1/invoices/${invoice.id}/payments/`, {
          token: own,
          body: { amount: '25.00', method: 'cash', paid_at: '2024-03-05T12:00:00Z' },
        })
      ).status,
    ).toBe(201);
    const query = '/api/v1/reports/revenue/?period=quarterly&start_date=2024-01-01&end_date=2024-03-31&currency=GBP';
    let seen = await api('GET', query, { token: own });
    for (let waited = 0; seen.json.totals[0]?.payment_count !== 1; waited += 200) {
      if (waited > 20_000) throw new Error(`the report did not catch up: ${JSON.stringify(seen.json)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      seen = await api('GET', query, { token: own });
    }
    expect(seen.json.rows).toEqual([
      {
        period_start: '2024-01-01',
        period_end: '2024-03-31',
        currency: 'GBP',
        invoiced: '60.00',
        credited: '0.00',
        collected: '25.00',
        refunded: '0.00',
        outstanding: '35.00',
        overdue: '35.00',
        invoice_count: 1,
        payment_count: 1,
      },
    ]);
    // The rebuild command, against this running stack, finds the aggregates the pipeline kept right.
    const { TABLE_NAME: _table, AWS_ENDPOINT_URL_DYNAMODB: _endpoint, ...env } = process.env;
    const rebuild = spawnSync(process.execPath, [TSX, 'infra/ops/rebuild-revenue.ts', info.organizations[1]!.id], {
      env: { ...env, DEV_STATE_DIR: stateDir },
      encoding: 'utf8',
    });
    expect(rebuild.status, rebuild.stderr).toBe(0);
    expect(rebuild.stdout).toMatch(/\d+ month\(s\) recomputed, 0 difference\(s\)/);
  });

  it('delivers the invoice’s events to a subscriber, each verifiable with the subscription’s secret', async () => {
    const received: { headers: Record<string, string>; body: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ headers: req.headers as Record<string, string>, body });
        res.writeHead(204);
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const own = info.organizations[2]!.api_key;
      const subscription = await api('POST', '/api/v1/webhooks/', {
        token: own,
        body: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`, events: ['*'] },
      });
      expect(subscription.status).toBe(201);
      const client = await api('POST', '/api/v1/clients/', {
        token: own,
        body: { name: 'Hooked', email: 'h@x.example' },
      });
      const { json: invoice } = await api('POST', '/api/v1/invoices/', {
        token: own,
        body: {
          client: client.json.id,
          line_items: [{ description: 'x', quantity: 1, unit_price: '10.00', tax_rate: '0' }],
        },
      });
      await api('POST', `/api/v1/invoices/${invoice.id}/send/`, { token: own, body: { email: 'h@x.example' } });
      await api('POST', `/api/v1/invoices/${invoice.id}/payments/`, {
        token: own,
        body: { amount: '10.00', method: 'cash' },
      });
      const wanted = ['invoice.created', 'invoice.sent', 'payment.received', 'invoice.paid'];
      for (let waited = 0; waited < 20_000; waited += 200) {
        const kinds = received.map((delivery) => JSON.parse(delivery.body).type as string);
        if (wanted.every((kind) => kinds.includes(kind))) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const verifier = new Webhook(subscription.json.secret);
      const events = received.map(
        (delivery) =>
          verifier.verify(delivery.body, delivery.headers) as {
            id: string;
            type: string;
            data: { object: { id: string } };
          },
      );
      const forInvoice = events.filter(
        (event) => event.data.object.id === invoice.id || event.type === 'payment.received',
      );
      for (const kind of wanted)
        expect(
          forInvoice.map((event) => event.type),
          kind,
        ).toContain(kind);
      for (const delivery of received) expect(delivery.headers['webhook-id']).toBe(JSON.parse(delivery.body).id);
      const deliveredIds = received.map((delivery) => delivery.headers['webhook-id']);
      expect(new Set(deliveredIds).size).toBe(deliveredIds.length);

      const ping = await api('POST', `/api/v1/webhooks/${subscription.json.id}/test/`, { token: own });
      expect(ping.status).toBe(202);
      await until(() => received.some((delivery) => delivery.headers['webhook-id'] === ping.json.event_id));
      const log = await api('GET', `/api/v1/webhooks/${subscription.json.id}/deliveries/`, { token: own });
      expect(log.json.results.map((delivery: { event_type: string }) => delivery.event_type)).toContain('ping');
      const retried = await api(
        'POST',
        `/api/v1/webhooks/${subscription.json.id}/deliveries/${ping.json.event_id}/retry/`,
        { token: own },
      );
      expect(retried.status).toBe(202);
      await until(
        () => received.filter((delivery) => delivery.headers['webhook-id'] === ping.json.event_id).length === 2,
      );
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('carries any stored text byte-exact through the event pipeline to a receiver, and keeps running', async () => {
    const text =
      'emoji 😀 only · 𐀀 𠀀 \u{E0001}\u{10FFFD} · controls \t\n\r\u007f\u0085' +
      ' · RTL \u200f\u202eLTR\u202c' +
      ' · ZWJ 👩\u200d💻 · \ufffd · Łódź Café ✓ · Tiếng Việt · 中文';
    const bodies: Buffer[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks));
        res.writeHead(204);
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const subscription = await api('POST', '/api/v1/webhooks/', {
        body: {
          url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/unicode`,
          events: ['client.created'],
        },
      });
      expect(subscription.status).toBe(201);
      const created = await api('POST', '/api/v1/clients/', { body: { name: text, email: 'unicode@x.example' } });
      expect(created.status).toBe(201);
      expect((await api('GET', `/api/v1/clients/${created.json.id}/`)).json.name).toBe(text);
      const delivered = () =>
        bodies
          .map((body) => JSON.parse(body.toString('utf8')))
          .find((event) => event.data.object.id === created.json.id);
      await until(() => delivered() !== undefined);
      expect(delivered().data.object.name).toBe(text);
      // What no XML 1.0 document can carry (a lone surrogate, C0 controls, U+FFFE) is refused where it
      // arrives, with the field named, and nothing is written.
      for (const unfit of ['half \ud83d a pair', 'bell \u0007', 'escape \u001b[31m', 'not \ufffe']) {
        const refused = await api('POST', '/api/v1/clients/', { body: { name: unfit, email: 'unfit@x.example' } });
        expect([refused.status, refused.json.error.code, Object.keys(refused.json.error.details.fields)]).toEqual([
          400,
          'validation_error',
          ['name'],
        ]);
      }
      // The sweeper's tick reads the same events again; the runtime lives on.
      expect((await fetch(`${info.api_base_url}/__local/jobs/outbox-sweeper/`, { method: 'POST' })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 3500));
      expect(dev.exitCode).toBeNull();
      expect(output).not.toMatch(/unhandled failure|uncaught exception/);
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('stops every child on Ctrl-C and reuses the state on the next start', async () => {
    const client = await api('POST', '/api/v1/clients/', { body: { name: 'Survivor', email: 's@x.example' } });
    expect(await stopDev()).toBe(0);
    expect(await reachable(info.dynamodb_endpoint)).toBe(false);
    expect(await reachable(info.api_base_url)).toBe(false);
    const again = await startDev();
    expect(output).toContain('reused database');
    expect(again.api_key).toBe(info.api_key);
    // The same addresses, and the demo invoices are not made twice.
    expect([again.email_store_url, again.idp_login_url, again.invoices]).toEqual([
      info.email_store_url,
      info.idp_login_url,
      info.invoices,
    ]);
    info = again;
    const fetched = await api('GET', `/api/v1/clients/${client.json.id}/`);
    expect(fetched.json.name).toBe('Survivor');
  });

  it('leaves no child behind even when it is killed outright', async () => {
    expect(await reachable(info.dynamodb_endpoint)).toBe(true);
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    dev.kill('SIGKILL');
    await exited;
    for (let waited = 0; await reachable(info.dynamodb_endpoint); waited += 200) {
      if (waited > 10_000) throw new Error('DynamoDB Local outlived npm run dev');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  it('without Java, stops with one sentence saying what to install', () => {
    const bin = mkdtempSync(join(tmpdir(), 'no-java-'));
    symlinkSync(process.execPath, join(bin, 'node'));
    const result = spawnSync(process.execPath, [TSX, 'infra/local/dev.ts'], {
      env: { ...process.env, PATH: bin, DEV_STATE_DIR: join(bin, 'state') },
      encoding: 'utf8',
    });
    rmSync(bin, { recursive: true, force: true });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^DynamoDB Local needs Java 17 or newer: install .*\.$/);
  });
});
