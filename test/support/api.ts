// Calls route handlers in-process with the same API Gateway event the local server builds, against
// DynamoDB Local; plus helpers to inspect the table and count DynamoDB calls.
import { systemActor } from '#shared/domain/actor';
import { gunzipSync } from 'node:zlib';
import * as z from 'zod/mini';
import '#test/support/usage';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { inject } from 'vitest';
import { contractBreaches } from '#test/support/contract-check';
import { RESPONSES } from '#functions/responses';
import { ROUTES, type Route, type RouteName } from '#functions/routes';
import { toApiGatewayEvent } from '#infra/local/api-server';
import { seedOrganization, seedUser } from '#infra/local/seed';
import { signAccessToken, type AccessClaims } from '#shared/auth/access-token';
import { API_KEY_CACHE_MS } from '#shared/auth/api-key-cache';
import { correlated, createDb } from '#shared/data/table';
import { getMembership } from '#shared/data/users';
import { newId } from '#shared/domain/ids';

/** What a test writes straight to the table has no API request behind it. */
export const db = correlated(createDb(process.env.TABLE_NAME!), undefined, systemActor('test'));

/** An organization with an owner (who can sign in) and an API key with every API key scope. */
export async function newTenant(name = 'Tenant') {
  const owner = await seedUser(db, `${newId('usr').toLowerCase()}@example.com`);
  const organization = await seedOrganization(db, { name, owner });
  return {
    ...organization,
    owner,
    ownerToken: await accessToken({ userId: owner.id, organizationId: organization.id, role: 'owner' }),
  };
}

/**
 * An access token for the membership as it is stored now (its version), for tests that are not about
 * signing in. The role is the one given: a test may act as another role than the stored one.
 */
export async function accessToken(claims: Omit<AccessClaims, 'membershipVersion'>, ttlSeconds = 3600) {
  const env = process.env;
  const membership = await getMembership(db, claims.organizationId, claims.userId);
  const signed = { ...claims, membershipVersion: membership?.version ?? 0 };
  return signAccessToken(JSON.parse(env.ACCESS_TOKEN_PRIVATE_JWK!), signed, {
    issuer: 'invoicing-service',
    audience: 'invoicing-api',
    ttlSeconds,
  });
}

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

export type CallOptions = {
  token?: string | null;
  body?: unknown;
  raw?: string;
  /** A file as the body (an uploaded e-invoice), with its media type. */
  file?: { bytes: Uint8Array; type: string };
  headers?: Record<string, string>;
  query?: Record<string, string>;
  params?: Record<string, string>;
  sourceIp?: string;
};

export type CallResult = { status: number; headers: Record<string, string>; json: any; text: string; bytes: Buffer };

export async function call(name: RouteName, options: CallOptions = {}): Promise<CallResult> {
  const route = ROUTES.find((candidate) => candidate.name === name) as Route;
  const { handler } = (await import(`../../functions/${name}/handler.ts`)) as { handler: Handler };
  const path = route.path.replace(/\{(\w+)\}/g, (_, param: string) =>
    encodeURIComponent(options.params?.[param] ?? ''),
  );
  const url = new URL(`http://api.test${path}`);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const raw = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (raw !== undefined) headers['content-type'] ??= 'application/json';
  if (options.file) headers['content-type'] ??= options.file.type;
  const event = toApiGatewayEvent(
    {
      method: route.method,
      url,
      headers,
      body: options.file ? Buffer.from(options.file.bytes) : Buffer.from(raw ?? ''),
      host: 'api.test',
      sourceIp: options.sourceIp ?? '127.0.0.1',
    },
    route,
    options.params ?? {},
  );
  const result = await handler(event, { awsRequestId: 'test', getRemainingTimeInMillis: () => 10_000 } as Context);
  const bytes = Buffer.from(
    typeof result.body === 'string' ? result.body : '',
    result.isBase64Encoded ? 'base64' : 'utf8',
  );
  const answered = (result.headers ?? {}) as Record<string, string>;
  // As an HTTP client does: a gzip'd answer is read decompressed (bytes stay as they came).
  const text = (answered['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
  const json =
    text && String(answered['content-type'] ?? '').startsWith('application/json') ? JSON.parse(text) : undefined;
  const status = result.statusCode ?? 200;
  // Every answer, in every test, is checked against the route's response schema and the document.
  const declared = RESPONSES[name];
  if (declared && status < 300 && json !== undefined) {
    const checked = z.safeParse(declared, json);
    if (!checked.success)
      throw new Error(`${name} answered ${status} outside its response schema: ${z.prettifyError(checked.error)}`);
  }
  const breaches = contractBreaches(route, { status, headers: answered, text, json });
  if (breaches.length) throw new Error(`${name} answered ${status} outside docs/openapi.json: ${breaches.join('; ')}`);
  return { status, headers: answered, json, text, bytes };
}

const direct = new DynamoDBClient({ endpoint: inject('dynamoEndpoint') });

/**
 * Every item in the table but rate-limit windows (a refused attempt is still counted there, by
 * design), counted without going through the call counter.
 */
export async function tableItemCount(): Promise<number> {
  let count = 0;
  let start: Record<string, any> | undefined;
  do {
    const page = await direct.send(
      new ScanCommand({
        TableName: process.env.TABLE_NAME!,
        Select: 'COUNT',
        ExclusiveStartKey: start,
        FilterExpression: '#type <> :rate',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':rate': { S: 'rate_window' } },
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

async function callCounts(): Promise<Record<string, number>> {
  return (await fetch(`${inject('countingEndpoint')}/__calls`)).json() as Promise<Record<string, number>>;
}

/** DynamoDB calls made while `run` ran, by operation. */
export async function countDbCalls<T>(run: () => Promise<T>): Promise<{ result: T; calls: Record<string, number> }> {
  const before = await callCounts();
  const result = await run();
  const after = await callCounts();
  const calls = Object.fromEntries(
    Object.entries(after)
      .map(([op, n]) => [op, n - (before[op] ?? 0)])
      .filter(([, n]) => (n as number) > 0),
  );
  return { result, calls };
}

export const invoiceBody = (clientId: string, overrides: Record<string, unknown> = {}) => ({
  client: clientId,
  issue_date: '2026-11-01',
  due_date: '2026-12-01',
  line_items: [{ description: 'Design work', quantity: 3, unit_price: '19.99', tax_rate: '8.25' }],
  notes: 'Thank you',
  terms: 'Net 30',
  ...overrides,
});

/** Registers a user at the test identity provider and answers their password login's idp_token. */
export async function identityToken(user: { email: string; subject: string }): Promise<string> {
  const password = `pw-${user.subject}`;
  const post = (path: string, body: unknown) =>
    fetch(`${inject('idpUrl')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/users', { email: user.email, password, subject: user.subject });
  const login = await post('/login', { email: user.email, password });
  return ((await login.json()) as { idp_token: string }).idp_token;
}

/** A fresh client IP for tests that count attempts per IP. */
export const freshIp = () =>
  `127.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/** Waits until the per-instance memory of API keys has forgotten every key. */
export const forgetRecentKeys = () => new Promise((resolve) => setTimeout(resolve, API_KEY_CACHE_MS + 100));
