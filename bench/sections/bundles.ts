// Bundle size of every route, and its whole-process cold start against the floor in turns.
import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleHandler, bundleHandlers } from '#bench/bundle';
import { coldRun } from '#bench/cold';
import { type BenchContext, OUT, ownerToken, PAIRS, REFERENCE_PAIRS } from '#bench/context';
import { interleavedMany, interleavedRounds } from '#bench/interleaved';
import type { Rows } from '#bench/rows';
import { ROUTES, type Route } from '#functions/routes';
import { openApiCommands } from '#infra/constructs/service-function';
import type { IdPrefix } from '#shared/domain/ids';

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
  quotes: 'quo',
  exports: 'exp',
  members: 'usr',
  invitations: 'ivt',
};
const pathValue = (path: string, name: string) => {
  if (name === 'token') return UNKNOWN_TOKEN;
  if (name === 'series') return 'invoice';
  if (name === 'outcome') return 'pay';
  if (name === 'address') return encodeURIComponent('nobody@example.com');
  // Peppol routes answer 409 peppol_not_configured here: the bench runs no access point.
  if (name === 'participant_id') return encodeURIComponent('0208:0123456749');
  if (name === 'adapter') return 'storecove';
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
  Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, pathValue(route.path, name!)]));
// A read of something named answers 404: that checks each collection's id prefix, since every
// collection has a read. Writes answer as their empty body and the provider make them (400, 404, 409).
const expectedStatus = (route: Route) =>
  /\{(id|token)\}/.test(route.path) && ['GET', 'DELETE'].includes(route.method) ? [404] : undefined;

/** The API Gateway event of each route's first call, with the credential the route takes. */
async function routeEvents(context: BenchContext) {
  const { toApiGatewayEvent } = await import('#infra/local/api-server');
  const token = await ownerToken(context);
  return (route: Route) => {
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
          authorization: `Bearer ${route.credentials === 'user' ? token : context.tenants[0]!.apiKey}`,
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
}

const floorRun = () => coldRun(join(OUT, 'floor.mjs'), {});

export async function bundles(context: BenchContext): Promise<void> {
  const { pairedRow, row } = context.rows;
  const floorSize = await bundleHandler('bench/floor-handler.ts', join(OUT, 'floor.mjs'));
  // The same bytes under another name: the bench's own noise, which every other row is read against.
  copyFileSync(join(OUT, 'floor.mjs'), join(OUT, 'floor-copy.mjs'));
  const eventFor = await routeEvents(context);
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
    pairs: REFERENCE_PAIRS,
  });
  pairedRow(
    'cold start: the floor plus one GetItem vs the floor (what any route that reads the table pays)',
    'ms',
    firstRequest.wall,
    'reported',
    true,
  );
  const coldWalls = await routeRows(context, eventFor);
  summaryRows(context.rows, coldWalls);
  if (context.benchedRoute(SOURCE_MAP_ROUTE)) await sourceMapRow(context, eventFor);
}

const SOURCE_MAP_ROUTE = 'get-client';

/**
 * What Node's own source-map support would add to a route's cold start: with --enable-source-maps
 * it reads the map beside the bundle when it loads it. Deployed functions run without the flag.
 */
async function sourceMapRow(context: BenchContext, eventFor: (route: Route) => unknown) {
  const route = (ROUTES as readonly Route[]).find((candidate) => candidate.name === SOURCE_MAP_ROUTE)!;
  const file = join(OUT, 'mapped', `${route.name}.mjs`);
  await bundleHandler(`functions/${route.name}/handler.ts`, file, { sourceMap: true });
  const event = eventFor(route);
  const expected = expectedStatus(route);
  const cold = await interleavedMany(
    () => coldRun(file, event, expected),
    () => coldRun(file, event, expected, ['--enable-source-maps']),
    { pairs: REFERENCE_PAIRS },
  );
  context.rows.pairedRow(
    `cold start: ${route.name} with --enable-source-maps (Node reads the map as it loads the bundle) vs as deployed`,
    'ms',
    cold.wall,
    'reported',
    true,
  );
}

type ColdWall = { name: string; wall: number; floor: number; ratio: number };

/** What a route may add to the least any route that reads the table pays: the floor plus one GetItem. */
const COLD_TARGET = 1.1;

const floorCallWall = () => coldRun(join(OUT, 'floor-call.mjs'), {}).wall;

/** Routes a round of the floor plus one GetItem serves (bench/interleaved.ts `interleavedRounds`). */
const ROUND = 4;
/**
 * Pairs per route: 8 rounds (and one to warm up) of 4 routes and a floor, the 94 routes in about 3
 * minutes. Fewer made consecutive runs disagree on more route rows (bench/NOTES.md, 2026-11-27).
 */
const ROUTE_PAIRS = 8;

/**
 * Each benched route's bundle size, and its cold start in rounds with the floor plus one GetItem,
 * held to COLD_TARGET. Paired with a process that reads the table too, a slow spell of DynamoDB
 * Local falls on both halves of a pair, as a slow spell of the machine does.
 */
async function routeRows(context: BenchContext, eventFor: (route: Route) => unknown): Promise<ColdWall[]> {
  const { pairedRow, row } = context.rows;
  const coldWalls: ColdWall[] = [];
  const benched = (ROUTES as readonly Route[]).filter((candidate) => context.benchedRoute(candidate.name));
  const sizes = await bundleHandlers(
    Object.fromEntries(benched.map((route) => [route.name, `functions/${route.name}/handler.ts`])),
    OUT,
  );
  // What the stack puts beside the OpenAPI route's bundle (infra/constructs/service-function.ts).
  if (benched.some((route) => route.servesOpenApi))
    execFileSync('sh', ['-c', openApiCommands(process.cwd(), OUT).join(' && ')]);
  for (let start = 0; start < benched.length; start += ROUND) {
    const round = benched.slice(start, start + ROUND);
    const runs = round.map((route) => {
      const event = eventFor(route);
      return () => coldRun(join(OUT, `${route.name}.mjs`), event, expectedStatus(route)).wall;
    });
    const colds = await interleavedRounds(floorCallWall, runs, { pairs: ROUTE_PAIRS });
    round.forEach((route, index) => {
      const size = sizes.get(route.name)!;
      const cold = colds[index]!;
      row(`bundle size: ${route.name}`, size / 1024, 0, 'KB', '≤ 400 KB', size <= 400 * 1024);
      pairedRow(
        `cold start (process, import + first call): ${route.name} vs node + the floor plus one GetItem`,
        'ms',
        cold,
        `≤ ${COLD_TARGET}×`,
        cold.ratio <= COLD_TARGET,
      );
      coldWalls.push({ name: route.name, wall: cold.subject, floor: cold.floor, ratio: cold.ratio });
    });
  }
  return coldWalls;
}

/** The median route and the slowest, each against the floor plus one GetItem of its own pairs. */
function summaryRows({ record }: Rows, coldWalls: ColdWall[]) {
  if (coldWalls.length === 0) return;
  const sorted = [...coldWalls].sort((a, b) => a.ratio - b.ratio);
  const within = sorted.filter(({ ratio }) => ratio <= COLD_TARGET).length;
  const summary = (which: string, route: ColdWall) =>
    record({
      benchmark: `cold start against the floor plus one GetItem: ${which}`,
      unit: 'ms',
      value: route.wall,
      floor: route.floor,
      ratio: route.ratio,
      spread: null,
      target: `≤ ${COLD_TARGET}× (${route.name}; ${within} of ${sorted.length} routes within)`,
      ok: route.ratio <= COLD_TARGET,
    });
  summary('the median route', sorted[Math.floor(sorted.length / 2)]!);
  summary('the slowest', sorted.at(-1)!);
}
