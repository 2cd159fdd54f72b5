// An integrator calling the API over HTTP: paging by next links, routing details, answers shaped as
// API Gateway shapes them (Content-Length, request ids), and API-key usage counted from the routes.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect, it } from 'vitest';
import { LOCAL_CREDENTIALS } from '#infra/local/emulators';
import { useLocalRuntime } from '#test/e2e/support/local-runtime';

const runtime = useLocalRuntime();
const { api } = runtime;

it('follows next links, which are absolute URLs of this server', async () => {
  const own = runtime.info.organizations[2]!.api_key;
  for (let i = 0; i < 3; i++)
    await api('POST', '/api/v1/clients/', { token: own, body: { name: `P${i}`, email: `p${i}@x.example` } });
  const first = await api('GET', '/api/v1/clients/?limit=2', { token: own });
  expect(first.json.next.startsWith(`${runtime.info.api_base_url}/api/v1/clients/?`)).toBe(true);
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
  const { info } = runtime;
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

it('answers with the body’s length in bytes, never chunked, as API Gateway does', async () => {
  const { info } = runtime;
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
