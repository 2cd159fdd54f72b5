// npm run bench: every figure is a ratio to a floor measured in the same run (docs/performance.md).
// Each section is a file of bench/sections/; this one sets up what they share, runs those asked for,
// and writes their rows.
import { systemActor } from '#shared/domain/actor';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type BenchContext, type BenchSection, CONCURRENCY, OUT, TABLE } from '#bench/context';
import { collectRows, type Row, type Rows } from '#bench/rows';
import { bundles } from '#bench/sections/bundles';
import { cost } from '#bench/sections/cost';
import { documents } from '#bench/sections/documents';
import { exports } from '#bench/sections/exports';
import { archive } from '#bench/sections/archive';
import { peppol } from '#bench/sections/peppol';
import { inbox } from '#bench/sections/inbox';
import { recurring } from '#bench/sections/recurring';
import { revenue } from '#bench/sections/revenue';
import { throughput } from '#bench/sections/throughput';
import { webhooks } from '#bench/sections/webhooks';
import { ensureTable } from '#infra/local/create-table';
import {
  createBucket,
  freePort,
  LOCAL_CREDENTIALS,
  startDynamoDbLocal,
  startSqsEmulator,
} from '#infra/local/emulators';
import { startObjectStore } from '#infra/local/object-store';
import { seedOrganization } from '#infra/local/seed';
import { generateSigningKeys } from '#shared/auth/signing-keys';
import { correlated, createDb } from '#shared/data/table';
import { newId } from '#shared/domain/ids';

const RESULTS = resolve('bench-results');
const SECTION_NAMES = [
  'bundles',
  'throughput',
  'documents',
  'webhooks',
  'recurring',
  'revenue',
  'exports',
  'archive',
  'peppol',
  'inbox',
  'cost',
] as const;
type Section = (typeof SECTION_NAMES)[number];
const SECTIONS: Record<Section, BenchSection> = {
  bundles,
  throughput,
  documents,
  webhooks,
  recurring,
  revenue,
  exports,
  archive,
  peppol,
  inbox,
  cost,
};
/**
 * `npm run bench -- <filter>…`: section names run those sections; any other word picks the routes
 * whose name holds it for the bundle rows (`npm run bench -- send pdf`). No word runs everything.
 */
const FILTER = process.argv.slice(2);
const routeWords = FILTER.filter((word) => !SECTION_NAMES.includes(word as Section));
const runs = (section: Section) =>
  FILTER.length === 0 || FILTER.includes(section) || (section === 'bundles' && routeWords.length > 0);
const benchedRoute = (name: string) => routeWords.length === 0 || routeWords.some((word) => name.includes(word));

const ARCHIVE_BUCKET = 'invoicing-bench-archive';

/** The archive that issuing writes to, as on a laptop: the S3 emulator behind its Object Lock front. */
async function startArchive() {
  const emulator = await startSqsEmulator(await freePort());
  const front = await startObjectStore(emulator.endpoint, 0, { lockedBuckets: [ARCHIVE_BUCKET] });
  await createBucket(front.endpoint, ARCHIVE_BUCKET);
  Object.assign(process.env, { AWS_ENDPOINT_URL_S3: front.endpoint, ARCHIVE_BUCKET, S3_FORCE_PATH_STYLE: 'true' });
  return { stop: async () => (await front.stop(), await emulator.stop()) };
}

/** The table, the API's environment and the tenants every section shares. */
async function setUp(dynamoEndpoint: string, rows: Rows): Promise<BenchContext> {
  await ensureTable(new DynamoDBClient({ endpoint: dynamoEndpoint }), TABLE);
  const apiPort = await freePort();
  const keys = await generateSigningKeys('ES256');
  Object.assign(process.env, {
    TABLE_NAME: TABLE,
    AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint,
    PUBLIC_BASE_URL: `http://127.0.0.1:${apiPort}`,
    CURSOR_SECRET: 'bench-cursor-secret-bench-cursor-secret-0000',
    ACCESS_TOKEN_PRIVATE_JWK: JSON.stringify(keys.privateJwk),
    ACCESS_TOKEN_PUBLIC_JWKS: JSON.stringify(keys.publicJwks),
    // Never fetched during the bench: no request carries a verifiable identity token.
    IDP_ISSUER: 'bench-idp',
    IDP_AUDIENCE: 'bench',
    IDP_JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json',
    // Named only: the routes that read it answer 404 for an unknown export before reaching the bucket.
    EXPORT_BUCKET: 'invoicing-bench-exports',
  });
  const db = correlated(createDb(TABLE), undefined, systemActor('bench'));
  const tenants = await Promise.all(
    Array.from({ length: CONCURRENCY }, (_, index) =>
      seedOrganization(db, { name: `Bench ${index}`, owner: { id: newId('usr'), email: `bench${index}@example.com` } }),
    ),
  );
  return { db, apiPort, keys, tenants, rows, benchedRoute };
}

const rows = collectRows();
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
Object.assign(process.env, LOCAL_CREDENTIALS, { LOG_LEVEL: 'silent' });
const dynamo = await startDynamoDbLocal({ port: await freePort() });
const archiveBucket = await startArchive();
// How long each section took: the whole bench is held to ten minutes on a 2-core machine.
const took: Record<string, number> = {};
const started = performance.now();
try {
  const context = await setUp(dynamo.endpoint, rows);
  took.setup = (performance.now() - started) / 1000;
  for (const section of SECTION_NAMES) {
    if (!runs(section)) continue;
    const sectionStarted = performance.now();
    await SECTIONS[section](context);
    took[section] = (performance.now() - sectionStarted) / 1000;
  }
} finally {
  await archiveBucket.stop();
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
const widths = header.map((title, index) => Math.max(title.length, ...rows.all.map((r) => cells(r)[index]!.length)));
const line = (values: string[]) => values.map((cell, index) => cell.padEnd(widths[index]!)).join('  ');
console.log(`${line(header)}  met`);
for (const r of rows.all) console.log(`${line(cells(r))}  ${r.ok ? 'yes' : 'NO'}`);
// Every run is kept as JSON, so two runs can be compared (npm run bench:compare -- a.json b.json).
mkdirSync(RESULTS, { recursive: true });
const seconds = { ...took, total: (performance.now() - started) / 1000 };
console.log(
  `\nseconds: ${Object.entries(seconds)
    .map(([name, value]) => `${name} ${value.toFixed(0)}`)
    .join(', ')}`,
);
const results = JSON.stringify({ at: new Date().toISOString(), filter: FILTER, seconds, rows: rows.all }, null, 2);
const written = join(RESULTS, `${new Date().toISOString().replaceAll(':', '-')}.json`);
writeFileSync(written, results);
writeFileSync(join(RESULTS, 'latest.json'), results);
console.log(`\nwritten: ${written}`);
