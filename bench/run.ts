// npm run bench: every figure is a ratio to a floor measured in the same run (docs/performance.md).
import { createServer, Agent as HttpAgent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { attemptDelivery } from '#shared/webhooks/deliver';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ROUTES, type Route } from '#functions/routes';
import { ensureTable } from '#infra/local/create-table';
import {
  freePort,
  LOCAL_CREDENTIALS,
  startDynamoDbLocal,
  startSesEmulator,
  startSqsEmulator,
} from '#infra/local/emulators';
import { seedOrganization } from '#infra/local/seed';
import { correlated, createDb, query } from '#shared/data/table';
import { type IdPrefix, newId } from '#shared/domain/ids';
import { signAccessToken } from '#shared/auth/access-token';
import { generateSigningKeys } from '#shared/auth/signing-keys';
import { bundleHandler } from '#bench/bundle';
import { coldRun } from '#bench/cold';
import { startApiProcess, startBareHop } from '#bench/api-process';
import { type Interleaved, interleaved, interleavedMany, median, summarize } from '#bench/interleaved';
import { processCpuMicros } from '#bench/process-cpu';
import { createClient } from '#shared/data/client-changes';
import { createInvoice } from '#shared/data/invoices';
import { createInvoiceBody, newInvoiceContent } from '#shared/http/schemas/invoices';
import { createRecurringInvoice } from '#shared/data/recurring-invoices';
import { planRun, runOrganization } from '#shared/recurring/runner';
import { queueRun } from '#shared/recurring/queue';
import { organizationRun } from '#shared/workers/messages';
import { queueWorker } from '#shared/workers/queue-worker';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { createQueues } from '#infra/local/pipeline';
import { BY, indexQuery, invoiceKey, invoicesOfOrganization, paymentKey } from '#shared/data/keys';
import { rebuildRevenue } from '#shared/reports/rebuild';
import { readRevenue } from '#shared/data/revenue';
import { generateWebhookSecret } from '#shared/domain/webhook';
import { execFileSync } from 'node:child_process';
import { DOCUMENT_RENDERER } from '#functions/topology';
import { assetCommands, openApiCommands } from '#infra/constructs/service-function';
import { invokerFor } from '#shared/aws/lambda';
import { creditNoteWithOrganization } from '#shared/data/credit-notes';
import { invoiceWithOrganization } from '#shared/data/invoices';
import { documentRenderer } from '#shared/documents/renderer';
import { logoText, type RenderRequest } from '#shared/documents/render-requests';
import { E_INVOICE_FORMATS } from '#shared/domain/e-invoice-format';
import { austrianSeller, euInvoice, frenchBuyer } from '#test/support/eu-invoice';

const OUT = resolve('.bench');
const RESULTS = resolve('bench-results');
const SECTION_NAMES = ['bundles', 'throughput', 'documents', 'webhooks', 'recurring', 'revenue'] as const;
type Section = (typeof SECTION_NAMES)[number];
/**
 * `npm run bench -- <filter>…`: section names run those sections; any other word picks the routes
 * whose name holds it for the bundle rows (`npm run bench -- send pdf`). No word runs everything.
 */
const FILTER = process.argv.slice(2);
const routeWords = FILTER.filter((word) => !SECTION_NAMES.includes(word as Section));
const runs = (section: Section) =>
  FILTER.length === 0 || FILTER.includes(section) || (section === 'bundles' && routeWords.length > 0);
const benchedRoute = (name: string) => routeWords.length === 0 || routeWords.some((word) => name.includes(word));
const TABLE = 'invoicing-bench';
/** Pairs of every interleaved row, after one warm-up pair. */
const PAIRS = 15;
const PAIR_REQUESTS = 80;
const CONCURRENCY = 8;

type Row = {
  benchmark: string;
  unit: string;
  value: number;
  floor: number | null;
  ratio: number | null;
  /** Interquartile range of the pairs' ratios, for interleaved rows. */
  spread: [number, number] | null;
  target: string;
  ok: boolean;
};
const rows: Row[] = [];
// Each row is told as it is measured, so a run cut short still shows what it had.
const record = (measured: Row) => {
  rows.push(measured);
  const ratio = measured.ratio === null ? '' : `, ${measured.ratio.toFixed(2)}× the floor`;
  const verdict = measured.ok ? '' : ' (target not met)';
  process.stderr.write(`${measured.benchmark}: ${measured.value.toFixed(1)} ${measured.unit}${ratio}${verdict}\n`);
};
/** An interleaved row: the median ratio, with the pairs' spread beside it. */
const pairedRow = (benchmark: string, unit: string, measured: Interleaved, target: string, ok: boolean) =>
  record({
    benchmark,
    unit,
    value: measured.subject,
    floor: measured.floor,
    ratio: measured.ratio,
    spread: measured.spread,
    target,
    ok,
  });
const row = (benchmark: string, value: number, floor: number, unit: string, target: string, ok: boolean) =>
  record({
    benchmark,
    unit,
    value,
    floor: floor || null,
    ratio: floor ? value / floor : null,
    spread: null,
    target,
    ok,
  });

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
Object.assign(process.env, LOCAL_CREDENTIALS, { LOG_LEVEL: 'silent' });
const dynamo = await startDynamoDbLocal({ port: await freePort() });
try {
  await ensureTable(new DynamoDBClient({ endpoint: dynamo.endpoint }), TABLE);
  const apiPort = await freePort();
  const keys = await generateSigningKeys('ES256');
  Object.assign(process.env, {
    TABLE_NAME: TABLE,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    PUBLIC_BASE_URL: `http://127.0.0.1:${apiPort}`,
    CURSOR_SECRET: 'bench-cursor-secret-bench-cursor-secret-0000',
    ACCESS_TOKEN_PRIVATE_JWK: JSON.stringify(keys.privateJwk),
    ACCESS_TOKEN_PUBLIC_JWKS: JSON.stringify(keys.publicJwks),
    // Never fetched during the bench: no request carries a verifiable identity token.
    IDP_ISSUER: 'bench-idp',
    IDP_AUDIENCE: 'bench',
    IDP_JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json',
  });
  const db = correlated(createDb(TABLE), undefined);
  const tenants = await Promise.all(
    Array.from({ length: CONCURRENCY }, (_, index) =>
      seedOrganization(db, { name: `Bench ${index}`, owner: { id: newId('usr'), email: `bench${index}@example.com` } }),
    ),
  );

  if (runs('bundles')) {
    // 1. Bundle size of every route, and its whole-process cold start against the floor in turns.
    const floorSize = await bundleHandler('bench/floor-handler.ts', join(OUT, 'floor.mjs'));
    // The same bytes under another name: the bench's own noise, which every other row is read against.
    copyFileSync(join(OUT, 'floor.mjs'), join(OUT, 'floor-copy.mjs'));
    const { toApiGatewayEvent } = await import('#infra/local/api-server');
    const ownerToken = await signAccessToken(
      keys.privateJwk,
      { userId: tenants[0]!.ownerUserId, organizationId: tenants[0]!.id, role: 'owner' },
      { issuer: 'invoicing-service', audience: 'invoicing-api', ttlSeconds: 3600 },
    );
    // Every path parameter well-formed and unknown, its id prefix the one its collection takes: each
    // route's first call makes its real lookups (the credential, then the item) and answers 404, as a
    // link to something deleted would. A refusal of the id's form would time no lookup at all.
    const UNKNOWN_ULID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
    const UNKNOWN_TOKEN = 'UnknownPublicTokenUnknownPublicT';
    const ID_PREFIX: Record<string, IdPrefix> = {
      'api-keys': 'key',
      clients: 'cli',
      invoices: 'inv',
      'credit-notes': 'cn',
      'recurring-invoices': 'rec',
      webhooks: 'whk',
      deliveries: 'evt',
    };
    const pathValue = (path: string, name: string) => {
      if (name === 'token') return UNKNOWN_TOKEN;
      if (name === 'series') return 'invoice';
      if (name === 'outcome') return 'pay';
      if (path.includes('/checkout/')) return `chk_${UNKNOWN_TOKEN}`;
      const collection = path
        .slice(0, path.indexOf(`{${name}}`))
        .split('/')
        .at(-2)!;
      const prefix = ID_PREFIX[collection];
      if (!prefix) throw new Error(`no id prefix for {${name}} in ${path}`);
      return `${prefix}_${UNKNOWN_ULID}`;
    };
    const paramsOf = (route: Route) =>
      Object.fromEntries(
        [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, pathValue(route.path, name!)]),
      );
    // A read of something named answers 404: that checks each collection's id prefix, since every
    // collection has a read. Writes answer as their empty body and the provider make them (400, 404, 409).
    const expectedStatus = (route: Route) =>
      /\{(id|token)\}/.test(route.path) && ['GET', 'DELETE'].includes(route.method) ? [404] : undefined;
    const eventFor = (route: Route) => {
      const params = paramsOf(route);
      return toApiGatewayEvent(
        {
          method: route.method,
          // E-invoice downloads name the format they want; without it they refuse before any lookup.
          url: new URL(
            `http://127.0.0.1${route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!)}` +
              (route.path.endsWith('/e-invoice/') ? '?format=ubl' : ''),
          ),
          headers: {
            authorization: `Bearer ${route.credentials === 'user' ? ownerToken : tenants[0]!.apiKey}`,
            'content-type': 'application/json',
          },
          body: Buffer.from(route.method === 'GET' || route.method === 'DELETE' ? '' : '{}'),
          host: '127.0.0.1',
          sourceIp: '127.0.0.1',
        },
        route,
        params,
      );
    };
    const floorRun = () => coldRun(join(OUT, 'floor.mjs'), {});
    const control = await interleavedMany(floorRun, () => coldRun(join(OUT, 'floor-copy.mjs'), {}), { pairs: PAIRS });
    pairedRow(
      'cold start: floor vs a byte-identical copy (the bench’s noise)',
      'ms',
      control.wall,
      '1 ± 0.05',
      Math.abs(control.wall.ratio - 1) <= 0.05,
    );
    row('bundle size: floor (client only)', floorSize / 1024, 0, 'KB', '—', true);
    // The least a route that reads the table pays: the floor plus the SDK's first request.
    await bundleHandler('bench/floor-call-handler.ts', join(OUT, 'floor-call.mjs'));
    const firstRequest = await interleavedMany(floorRun, () => coldRun(join(OUT, 'floor-call.mjs'), {}), {
      pairs: PAIRS,
    });
    pairedRow(
      'cold start: the floor plus one GetItem vs the floor (what any route that reads the table pays)',
      'ms',
      firstRequest.wall,
      'reported',
      true,
    );
    const coldWalls: { name: string; wall: number; ratio: number }[] = [];
    for (const route of (ROUTES as readonly Route[]).filter((candidate) => benchedRoute(candidate.name))) {
      const file = join(OUT, `${route.name}.mjs`);
      const size = await bundleHandler(`functions/${route.name}/handler.ts`, file);
      // What the stack puts beside this bundle (infra/constructs/service-function.ts).
      if (route.servesOpenApi) execFileSync('sh', ['-c', openApiCommands(process.cwd(), OUT).join(' && ')]);
      row(`bundle size: ${route.name}`, size / 1024, 0, 'KB', '≤ 400 KB', size <= 400 * 1024);
      const event = eventFor(route);
      const cold = await interleavedMany(floorRun, () => coldRun(file, event, expectedStatus(route)), { pairs: PAIRS });
      pairedRow(
        `cold start (process, import + first call): ${route.name} vs node + client-only bundle`,
        'ms',
        cold.wall,
        '≤ 1.25×',
        cold.wall.ratio <= 1.25,
      );
      coldWalls.push({ name: route.name, wall: cold.wall.subject, ratio: cold.wall.ratio });
    }
    // Read against the floor that makes one request too: what a route adds beyond the SDK's first call.
    // Each is a ratio to the floor of its own pairs, so the quotient of the two ratios drifts with neither.
    if (coldWalls.length > 0) {
      const against = coldWalls
        .map((route) => ({ ...route, ratio: route.ratio / firstRequest.wall.ratio }))
        .sort((a, b) => a.ratio - b.ratio);
      const within = against.filter(({ ratio }) => ratio <= 1.25).length;
      const summary = (which: string, route: (typeof against)[number]) =>
        record({
          benchmark: `cold start against the floor plus one GetItem: ${which}`,
          unit: 'ms',
          value: route.wall,
          floor: firstRequest.wall.subject,
          ratio: route.ratio,
          spread: null,
          target: `reported: ${route.name}; ${within} of ${against.length} routes ≤ 1.25×`,
          ok: true,
        });
      summary('the median route', against[Math.floor(against.length / 2)]!);
      summary('the slowest', against.at(-1)!);
    }
  }
  /** Requests per second of `run`, issued by CONCURRENCY workers at once. */
  const rate = async (run: (worker: number) => Promise<unknown>, requests = PAIR_REQUESTS) => {
    let issued = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        while (issued < requests) {
          issued++;
          await run(worker);
        }
      }),
    );
    return requests / ((performance.now() - started) / 1000);
  };
  if (runs('throughput')) {
    // 2. Throughput through infra/local against raw DynamoDB calls from this process.

    const api = await startApiProcess(apiPort);
    const clients = await Promise.all(
      tenants.map(async (tenant) => {
        const response = await fetch(`${api.url}/api/v1/clients/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tenant.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Bench client', email: 'bench@example.com' }),
        });
        return ((await response.json()) as { id: string }).id;
      }),
    );
    /** Floor and subject in turns (F S F S …): the median of the pairs' ratios, and their spread. */
    const paired = (
      floor: (worker: number) => Promise<unknown>,
      subject: (worker: number) => Promise<unknown>,
      warmup = 1,
    ) =>
      interleaved(
        () => rate(floor, PAIR_REQUESTS),
        () => rate(subject, PAIR_REQUESTS),
        { pairs: PAIRS, warmup },
      );
    const invoiceBody = (worker: number) =>
      JSON.stringify({
        client: clients[worker],
        issue_date: '2026-11-01',
        due_date: '2026-12-01',
        line_items: [{ description: 'Consulting', quantity: 10, unit_price: '150.00', tax_rate: '10.00' }],
      });
    // node:http with kept-alive connections: the client's own cost stays small beside the server's.
    // node:http drops an idle connection a second before the server's announced keep-alive timeout only
    // when the agent has a timeout of its own; without one, a connection idle for just that long can be
    // reused as the server closes it (ECONNRESET).
    const keptAlive = (maxSockets?: number) => new HttpAgent({ keepAlive: true, maxSockets, timeout: 60_000 });
    const agent = keptAlive(CONCURRENCY);
    const viaServer =
      (base: string) =>
      (worker: number, method: string, path: string, body?: string, via = agent) =>
        new Promise<void>((resolve, reject) => {
          const req = httpRequest(
            `${base}${path}`,
            {
              method,
              agent: via,
              headers: {
                authorization: `Bearer ${tenants[worker]!.apiKey}`,
                ...(body ? { 'content-type': 'application/json' } : {}),
              },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () =>
                (res.statusCode ?? 500) >= 300
                  ? reject(new Error(`${method} ${path}: ${res.statusCode} ${Buffer.concat(chunks).toString('utf8')}`))
                  : resolve(),
              );
            },
          );
          req.on('error', reject);
          req.end(body);
        });
    const viaApi = viaServer(api.url);
    const rawTransact = (worker: number) => {
      const org = tenants[worker]!.id;
      const id = newId('inv');
      return db.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: TABLE,
                Key: { pk: `ORG#${org}`, sk: 'ORG' },
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            {
              Update: {
                TableName: TABLE,
                Key: { pk: `RAW#${org}`, sk: 'COUNTER' },
                UpdateExpression: 'ADD n :one',
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
            { Put: { TableName: TABLE, Item: { pk: `RAW#${org}`, sk: `INVOICE#${id}`, body: invoiceBody(worker) } } },
            { Put: { TableName: TABLE, Item: { pk: `RAW#${id}`, sk: 'PUBLIC' } } },
            { Put: { TableName: TABLE, Item: { pk: `RAW#${org}`, sk: `EVENT#${id}`, body: invoiceBody(worker) } } },
          ],
        }),
      );
    };
    const createViaApi = (worker: number) => viaApi(worker, 'POST', '/api/v1/invoices/', invoiceBody(worker));
    // A create's own DynamoDB work: read client and organization, allocate the number, one transaction.
    const createViaRepository = (worker: number) =>
      createInvoice(
        db,
        tenants[worker]!.id,
        newInvoiceContent(createInvoiceBody.parse(JSON.parse(invoiceBody(worker)))),
        `http://127.0.0.1:${apiPort}`,
      );
    const creates = await paired(createViaRepository, createViaApi);
    pairedRow(
      'create invoice with an API key via infra/local vs its 3 DynamoDB requests sent directly (8 orgs, 8 in flight)',
      'req/s',
      creates,
      '≥ 0.8×',
      creates.ratio >= 0.8,
    );
    const againstOneTransaction = await paired(rawTransact, createViaApi);
    pairedRow(
      'create invoice with an API key via infra/local vs one raw 5-item transaction (reference)',
      'req/s',
      againstOneTransaction,
      'reported',
      true,
    );
    // The raw rate is the SDK as it comes; the service's own `query()` leaves out the SDK's logger
    // middleware and resolves its middleware once (shared/data/table.ts), so the same Query through
    // it is reported beside.
    const stockClient = DynamoDBDocumentClient.from(new DynamoDBClient({}));
    const rawList = (worker: number) =>
      stockClient.send(
        new QueryCommand({
          TableName: TABLE,
          ...indexQuery(BY.invoicesByIssueDate, invoicesOfOrganization(tenants[worker]!.id)),
          ScanIndexForward: false,
          Limit: 25,
        }),
      );
    const listViaApi = (worker: number) => viaApi(worker, 'GET', '/api/v1/invoices/?limit=25');
    // The first lists of the run. DynamoDB Local's rate for this Query climbs for its first ~8 000 (from
    // about 500 to 900 a second here): 50 warm-up pairs, so the rows read the steady state, as DynamoDB is.
    // Each half runs as fast as one Node process can: the raw Query in this process, the list in the API
    // process. Their CPU per list, read in the same turns, tells what the row is made of.
    const cpu = { floor: [] as number[], subject: [] as number[] };
    const withCpu = (pid: number, into: number[], run: (worker: number) => Promise<unknown>) => async () => {
      const before = processCpuMicros(pid);
      const perSecond = await rate(run);
      const after = processCpuMicros(pid);
      if (before !== undefined && after !== undefined) into.push((after - before) / PAIR_REQUESTS);
      return perSecond;
    };
    const lists = await interleaved(
      withCpu(process.pid, cpu.floor, rawList),
      withCpu(api.pid, cpu.subject, listViaApi),
      { pairs: PAIRS, warmup: 50 },
    );
    pairedRow(
      'list invoices (25) with an API key via infra/local vs the raw Query (stock SDK client)',
      'req/s',
      lists,
      '≥ 0.8×',
      lists.ratio >= 0.8,
    );
    if (cpu.subject.length > 0)
      pairedRow(
        'CPU per list: the API process vs this process’s raw Query, in the same turns (reference)',
        'µs',
        summarize(cpu.floor.slice(-PAIRS), cpu.subject.slice(-PAIRS)),
        'reported: the API process’s part of the row above',
        true,
      );
    const serviceList = (worker: number) =>
      query(db, {
        ...indexQuery(BY.invoicesByIssueDate, invoicesOfOrganization(tenants[worker]!.id)),
        ScanIndexForward: false,
        Limit: 25,
      });
    const listsAgainstServiceClient = await paired(serviceList, listViaApi);
    pairedRow(
      'list invoices (25) with an API key via infra/local vs the same Query through the service’s client (reference)',
      'req/s',
      listsAgainstServiceClient,
      'reported',
      true,
    );
    // What the HTTP hop alone costs: the same Query behind a server that does nothing else, started now,
    // so warmed as long as the API was.
    const bareHop = await startBareHop(await freePort());
    const viaBareHop = viaServer(bareHop.url);
    const listsBehindBareHop = await paired(
      rawList,
      (worker) => viaBareHop(worker, 'GET', `/${tenants[worker]!.id}`),
      50,
    );
    await bareHop.stop();
    pairedRow(
      'list invoices (25) behind a bare HTTP hop (the same Query, its items as they are) vs the raw Query (stock SDK client) (reference)',
      'req/s',
      listsBehindBareHop,
      'reported',
      true,
    );
    // 2b. Concurrent creates in one organization: wall time against the same creates one after another
    // (and against raw transactions one after another), and DynamoDB requests per create.
    // As many connections as creates in flight: a burst of 200 is 200 requests at once.
    const burstAgent = keptAlive();
    const createOnce = () => viaApi(0, 'POST', '/api/v1/invoices/', invoiceBody(0), burstAgent);
    const elapsed = async (run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      return performance.now() - started;
    };
    const counting = correlated(createDb(TABLE), undefined);
    let requests = 0;
    for (const client of [counting.client, counting.queries])
      client.middlewareStack.add(
        (next) => async (args) => {
          requests++;
          return next(args);
        },
        { step: 'initialize', name: 'benchRequestCounter' },
      );
    const draft = {
      client_id: clients[0]!,
      issue_date: '2026-11-01',
      due_date: '2026-12-01',
      lines: [],
    };
    for (const burst of [10, 50, 200]) {
      // The burst of 200 takes seconds a half-pair: 5 pairs of it keep the bench within its ten minutes.
      const pairs = burst === 200 ? 5 : PAIRS;
      const sequentially = () =>
        elapsed(async () => {
          for (let i = 0; i < burst; i++) await createOnce();
        });
      const atOnce = () => elapsed(() => Promise.all(Array.from({ length: burst }, createOnce)));
      const concurrent = await interleaved(sequentially, atOnce, { pairs });
      pairedRow(
        `${burst} concurrent creates in one org: wall time vs the same one after another (${pairs} pairs)`,
        'ms',
        concurrent,
        '≤ 1.0×',
        concurrent.ratio <= 1,
      );
      if (burst === 50) {
        const raw = await interleaved(
          () =>
            elapsed(async () => {
              for (let i = 0; i < burst; i++) await rawTransact(0);
            }),
          atOnce,
          { pairs },
        );
        pairedRow(
          '50 concurrent creates in one org vs 50 raw transactions one after another',
          'ms',
          raw,
          '≤ 2×',
          raw.ratio <= 2,
        );
      }
      requests = 0;
      await Promise.all(
        Array.from({ length: burst }, () => createInvoice(counting, tenants[0]!.id, draft, 'http://127.0.0.1')),
      );
      row(
        `${burst} concurrent creates in one org: DynamoDB requests per create`,
        requests / burst,
        3,
        'requests',
        '≤ 3',
        requests / burst <= 3,
      );
    }
    agent.destroy();
    burstAgent.destroy();
    await api.stop();
  }

  if (runs('documents')) {
    // 3. Documents: each kind against the invoice PDF, drawn in this process; the hop to the renderer
    // (through the laptop's Lambda endpoint, as the routes call it) against drawing here; the renderer's
    // cold start against the floor, which is what the document routes no longer pay at theirs.
    // Issuing the invoice sends it: the API process gets the SES emulator as its mail service.
    const ses = await startSesEmulator(await freePort());
    process.env.AWS_ENDPOINT_URL_SES = ses.endpoint;
    const api = await startApiProcess(apiPort);
    const tenant = tenants[0]!;
    const ownerToken = await signAccessToken(
      keys.privateJwk,
      { userId: tenant.ownerUserId, organizationId: tenant.id, role: 'owner' },
      { issuer: 'invoicing-service', audience: 'invoicing-api', ttlSeconds: 3600 },
    );
    const send = async (method: string, path: string, body: unknown, credential = tenant.apiKey) => {
      const answer = await fetch(`${api.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await answer.json()) as { id: string };
      if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(json)}`);
      return json;
    };
    await send('PATCH', '/api/v1/organizations/me/', { ...austrianSeller, default_currency: 'EUR' }, ownerToken);
    const buyer = await send('POST', '/api/v1/clients/', frenchBuyer);
    const issued = await send('POST', '/api/v1/invoices/', {
      client: buyer.id,
      issue_date: '2026-11-02',
      due_date: '2026-12-02',
      buyer_reference: '991-01234-44',
      ...euInvoice(),
    });
    await send('POST', `/api/v1/invoices/${issued.id}/send/`, {});
    const note = await send('POST', `/api/v1/invoices/${issued.id}/credit-notes/`, {
      lines: [{ line: 0, quantity: 1 }],
      reason: 'order_change',
    });
    const found = (await invoiceWithOrganization(db, tenant.id, issued.id))!;
    const foundNote = (await creditNoteWithOrganization(db, tenant.id, note.id))!;
    const letterhead = { logo: logoText(found.logo), publicBaseUrl: `http://127.0.0.1:${apiPort}` };
    const invoicePdf: RenderRequest = { kind: 'invoice-pdf', invoice: found.invoice, ...letterhead };
    const { renderDocument } = await import('#shared/documents/render');
    /** Milliseconds per document, over five drawn one after another. */
    const perDocument = (draw: () => Promise<unknown>) => async () => {
      const started = performance.now();
      for (let i = 0; i < 5; i++) await draw();
      return (performance.now() - started) / 5;
    };
    const drawnHere = (request: RenderRequest) => perDocument(() => renderDocument(request));
    const kinds: [string, RenderRequest][] = [
      ...E_INVOICE_FORMATS.map((format): [string, RenderRequest] => [
        `e-invoice ${format}`,
        { kind: 'invoice-e-invoice', format, invoice: found.invoice, ...letterhead },
      ]),
      ['credit note PDF', { kind: 'credit-note-pdf', creditNote: foundNote.creditNote, ...letterhead }],
      [
        'credit note e-invoice ubl',
        { kind: 'credit-note-e-invoice', format: 'ubl', creditNote: foundNote.creditNote, ...letterhead },
      ],
      [
        'invoice e-mail (MIME, PDF attached)',
        {
          kind: 'invoice-email',
          invoice: found.invoice,
          overdueDays: 0,
          reminder: false,
          payOnline: false,
          mail: { from: 'Invoices <invoices@example.com>', to: 'compta@sgt.example' },
          ...letterhead,
        },
      ],
    ];
    // One pair: the invoice PDF, then every kind in turn; each kind is read against the PDF of its pair.
    const drawnKinds = await interleavedMany(
      async () => {
        const pdf = await drawnHere(invoicePdf)();
        return Object.fromEntries(kinds.map(([label]) => [label, pdf]));
      },
      async () => {
        const times: Record<string, number> = {};
        for (const [label, request] of kinds) times[label] = await drawnHere(request)();
        return times;
      },
      { pairs: PAIRS },
    );
    for (const [label] of kinds) {
      const drawn = drawnKinds[label]!;
      pairedRow(`document: ${label} vs the invoice PDF, drawn in process`, 'ms', drawn, 'reported', true);
    }
    const renderer = documentRenderer(
      invokerFor({ ...process.env, AWS_ENDPOINT_URL_LAMBDA: api.lambdaEndpoint }),
      DOCUMENT_RENDERER.handler,
    );
    const hop = await interleaved(
      drawnHere(invoicePdf),
      perDocument(() => renderer.render(invoicePdf)),
      { pairs: PAIRS },
    );
    pairedRow(
      'document renderer: invoice PDF through the Lambda endpoint vs drawn in process',
      'ms',
      hop,
      'reported',
      true,
    );
    await api.stop();
    await ses.stop();
    // The renderer's cold start, with its fonts beside it as the stack deploys it.
    const rendererFile = join(OUT, 'render-document', 'index.mjs');
    const rendererSize = await bundleHandler(`functions/${DOCUMENT_RENDERER.handler}/handler.ts`, rendererFile);
    execFileSync('sh', ['-c', assetCommands(process.cwd(), join(OUT, 'render-document')).join(' && ')]);
    row('bundle size: render-document (the document renderer)', rendererSize / 1024, 0, 'KB', '—', true);
    const floorFile = join(OUT, 'documents-floor.mjs');
    await bundleHandler('bench/floor-handler.ts', floorFile);
    const cold = await interleavedMany(
      () => coldRun(floorFile, {}),
      () => coldRun(rendererFile, JSON.parse(JSON.stringify(invoicePdf))),
      { pairs: PAIRS },
    );
    pairedRow(
      'cold start (process, import + first invoice PDF): render-document vs node + client-only bundle',
      'ms',
      cold.wall,
      'reported',
      true,
    );
    // What a document route saved at its cold start against what the hop adds to each of its calls.
    const saved = cold.wall.subject - cold.wall.floor;
    const added = hop.subject - hop.floor;
    row(
      'document renderer: added latency of the hop (warm) vs the cold start a document route no longer pays',
      added,
      saved,
      'ms',
      '< 1×',
      added < saved,
    );
  }
  if (runs('webhooks')) {
    // 3. Webhook deliveries to a loopback receiver against raw HTTP POSTs of the same body.
    const receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(204);
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const payload = JSON.stringify({
      id: 'evt_bench',
      type: 'invoice.paid',
      data: { object: { id: 'inv_bench', total_amount: '100.00' } },
    });
    const rawPost = () =>
      new Promise<void>((resolve, reject) => {
        const req = httpRequest(
          receiverUrl,
          { method: 'POST', headers: { 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            res.on('end', resolve);
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    const secret = generateWebhookSecret();
    const deliver = async () => {
      const attempt = await attemptDelivery({
        url: receiverUrl,
        secrets: [secret],
        messageId: 'evt_bench',
        body: payload,
        policy: { allowLoopbackHttp: true },
      });
      if (attempt.outcome !== 'delivered') throw new Error(`delivery failed: ${attempt.error}`);
    };
    const deliveries = await interleaved(
      () => rate(rawPost),
      () => rate(deliver),
      { pairs: PAIRS },
    );
    pairedRow('webhook deliveries to a loopback receiver', 'req/s', deliveries, '≥ 0.5×', deliveries.ratio >= 0.5);
    receiver.close();
  }
  if (runs('recurring')) {
    // 4. One recurring run with 5 000 due templates across 50 organizations.
    const RECURRING_ORGS = 50;
    const PER_ORG = 100;
    const orgs = await Promise.all(
      Array.from({ length: RECURRING_ORGS }, (_, index) =>
        seedOrganization(db, {
          name: `Recurring ${index}`,
          owner: { id: newId('usr'), email: `r${index}@example.com` },
        }),
      ),
    );
    const today = new Date().toISOString().slice(0, 10);
    let creating = 0;
    const templates = orgs.flatMap((org) => Array.from({ length: PER_ORG }, () => org));
    const clientsByOrg = new Map(
      await Promise.all(
        orgs.map(
          async (org) =>
            [org.id, (await createClient(db, org.id, { name: 'Subscriber', email: 's@example.com' })).id] as const,
        ),
      ),
    );
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (creating < templates.length) {
          const org = templates[creating++]!;
          await createRecurringInvoice(db, org.id, {
            client_id: clientsByOrg.get(org.id)!,
            frequency: 'monthly',
            interval: 1,
            start_date: today,
            due_in_days: 30,
            auto_send: false,
            line_items: [{ description: 'Plan', quantity: '1', unit_price: '10.00', tax_rate: '0.00' }],
          });
        }
      }),
    );
    // As in AWS: the runner queues one message per organization on the FIFO queue, and as many
    // workers as the stack reserves (10) take one message each.
    const sqsEmulator = await startSqsEmulator(await freePort());
    const sqs = new SQSClient({ endpoint: sqsEmulator.endpoint, useQueueUrlAsEndpoint: false });
    const { recurringRuns } = await createQueues(sqs, 'bench', 300);
    const WORKERS = 10;
    // A table handle of the run's own, its calls counted on both its clients (queries go through the
    // second, whose middleware is fixed at its first call).
    let calls = 0;
    const counted = correlated(createDb(TABLE), undefined);
    for (const client of [counted.client, counted.queries])
      client.middlewareStack.add(
        (next) => async (args) => {
          calls += 1;
          return next(args);
        },
        { step: 'initialize', name: 'benchCallCounter' },
      );
    const started = performance.now();
    const planned = await planRun(counted, new Date(), today);
    await queueRun(sqs, recurringRuns, planned);
    let generated = 0;
    let failures = 0;
    let handled = 0;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        const runWorker = queueWorker(
          'bench-recurring',
          { logLevel: 'silent', message: organizationRun, fifo: true },
          async (run) => {
            const result = await runOrganization(
              { db: counted, publicBaseUrl: `http://127.0.0.1:${apiPort}` },
              run,
              run.today!,
            );
            generated += result.generated;
            failures += result.failures;
          },
        );
        while (handled < planned.length) {
          const { Messages = [] } = await sqs.send(
            new ReceiveMessageCommand({
              QueueUrl: recurringRuns,
              MaxNumberOfMessages: 1,
              WaitTimeSeconds: 1,
              MessageSystemAttributeNames: ['All'],
            }),
          );
          for (const message of Messages) {
            const event = {
              Records: [{ messageId: message.MessageId!, body: message.Body!, attributes: message.Attributes ?? {} }],
            } as unknown as SQSEvent;
            const response = await runWorker(event);
            if (response.batchItemFailures.length === 0)
              await sqs.send(
                new DeleteMessageCommand({ QueueUrl: recurringRuns, ReceiptHandle: message.ReceiptHandle! }),
              );
            handled += 1;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    sqs.destroy();
    await sqsEmulator.stop();
    const templatesDue = planned.reduce((sum, run) => sum + run.recurring_ids.length, 0);
    record({
      benchmark:
        `recurring run via SQS (${WORKERS} workers): ` +
        `${generated} invoices from ${templatesDue} templates in ${RECURRING_ORGS} orgs`,
      unit: 's',
      value: seconds,
      floor: null,
      ratio: null,
      spread: null,
      target: `${(calls / Math.max(generated, 1)).toFixed(1)} calls/invoice`,
      ok: generated === RECURRING_ORGS * PER_ORG && failures === 0,
    });
  }
  if (runs('revenue')) {
    // 5. Revenue report latency with 100 and with 10 000 invoices in the organization (24 months, two
    // currencies, half of them paid). Aggregates come from the rebuild: what the events would add up to.
    const reportOrgs = await Promise.all(
      [100, 10_000].map(async (count, index) => {
        const org = await seedOrganization(db, {
          name: `Report ${index}`,
          owner: { id: newId('usr'), email: `report${index}@example.com` },
        });
        const items = Array.from({ length: count }, (_, n) => {
          const id = newId('inv');
          const year = 2025 + Math.floor((n % 24) / 12);
          const issue = `${year}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`;
          const invoice = {
            ...invoiceKey(org.id, id),
            type: 'invoice',
            organization_id: org.id,
            id,
            invoice_number: `INV-${String(n + 1).padStart(6, '0')}`,
            status: n % 2 ? 'paid' : 'sent',
            client_id: 'cli_bench',
            client_name: 'Bench client',
            issue_date: issue,
            due_date: issue,
            currency: n % 3 ? 'EUR' : 'USD',
            sent_at: `${issue}T09:00:00.000Z`,
            line_items: [
              {
                description: 'Consulting',
                quantity: '10',
                unit_price: '150.00',
                tax_rate: '10',
                net_minor: 150_000,
                tax_minor: 15_000,
                total_minor: 165_000,
              },
            ],
            subtotal_minor: 150_000,
            tax_amount_minor: 15_000,
            total_amount_minor: 165_000,
            amount_paid_minor: n % 2 ? 165_000 : 0,
            public_token: id,
            version: 2,
            created_at: `${issue}T09:00:00.000Z`,
            updated_at: `${issue}T09:00:00.000Z`,
          };
          const payment = {
            ...paymentKey(org.id, id, `pay_${id}`),
            type: 'payment',
            organization_id: org.id,
            id: `pay_${id}`,
            invoice_id: id,
            amount_minor: 165_000,
            currency: invoice.currency,
            paid_at: `${issue}T18:00:00.000Z`,
            method: 'bank_transfer',
            provider: 'manual',
            created_at: `${issue}T18:00:00.000Z`,
          };
          return n % 2 ? [invoice, payment] : [invoice];
        }).flat();
        for (let start = 0; start < items.length; start += 25) {
          await db.client.send(
            new BatchWriteCommand({
              RequestItems: { [TABLE]: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })) },
            }),
          );
        }
        await rebuildRevenue(db, org.id, { apply: true });
        return { org, count };
      }),
    );
    const { startApiServer } = await import('#infra/local/api-server');
    const reportApi = await startApiServer({ port: apiPort });
    /** The median latency of `count` reports in a row for the organization of `apiKey`. */
    const reportLatency = async (apiKey: string, count = 10) => {
      const times: number[] = [];
      for (let n = 0; n < count; n++) {
        const started = performance.now();
        const response = await fetch(
          `${reportApi.url}/api/v1/reports/revenue/?period=monthly&start_date=2025-01-01&end_date=2026-12-31`,
          { headers: { authorization: `Bearer ${apiKey}` } },
        );
        if (response.status !== 200) throw new Error(`report: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
      return median(times);
    };
    const [smallKey, largeKey] = [reportOrgs[0]!.org.apiKey, reportOrgs[1]!.org.apiKey];
    for (const key of [smallKey, largeKey]) await reportLatency(key, 20);
    const reports = await interleaved(
      () => reportLatency(smallKey),
      () => reportLatency(largeKey),
      { pairs: PAIRS },
    );
    pairedRow(
      'revenue report (24 months × 2 currencies), 10 reports a half-pair: 10 000 vs 100 invoices',
      'ms',
      reports,
      'flat (≤ 1.2×)',
      reports.ratio <= 1.2,
    );
    // The report's one Query, alone: how much of the difference is the table's (DynamoDB Local reads
    // a prefix of a partition more slowly the more items the partition holds).
    const queryLatency = async (organizationId: string) => {
      const times: number[] = [];
      for (let n = 0; n < 10; n++) {
        const started = performance.now();
        await readRevenue(db, organizationId);
        times.push(performance.now() - started);
      }
      return median(times);
    };
    const queries = await interleaved(
      () => queryLatency(reportOrgs[0]!.org.id),
      () => queryLatency(reportOrgs[1]!.org.id),
      { pairs: PAIRS },
    );
    pairedRow('the report’s Query alone: 10 000 vs 100 invoices in the partition', 'ms', queries, '—', true);
    await reportApi.stop();
  }
} finally {
  await dynamo.stop();
  rmSync(OUT, { recursive: true, force: true });
}

const cells = (r: Row) => [
  r.benchmark,
  `${r.value.toFixed(1)} ${r.unit}`,
  r.floor === null ? '—' : `${r.floor.toFixed(1)} ${r.unit}`,
  r.ratio === null
    ? '—'
    : `${r.ratio.toFixed(2)}${r.spread ? ` (${r.spread.map((q) => q.toFixed(2)).join('–')})` : ''}`,
  r.target,
];
const header = ['benchmark', 'value', 'floor', 'ratio (spread)', 'target'];
const widths = header.map((title, index) => Math.max(title.length, ...rows.map((r) => cells(r)[index]!.length)));
const line = (values: string[]) => values.map((cell, index) => cell.padEnd(widths[index]!)).join('  ');
console.log(`${line(header)}  met`);
for (const r of rows) console.log(`${line(cells(r))}  ${r.ok ? 'yes' : 'NO'}`);
// Every run is kept as JSON, so two runs can be compared (npm run bench:compare -- a.json b.json).
mkdirSync(RESULTS, { recursive: true });
const results = JSON.stringify({ at: new Date().toISOString(), filter: FILTER, rows }, null, 2);
const written = join(RESULTS, `${new Date().toISOString().replaceAll(':', '-')}.json`);
writeFileSync(written, results);
writeFileSync(join(RESULTS, 'latest.json'), results);
console.log(`\nwritten: ${written}`);
