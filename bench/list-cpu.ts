// `npm run bench:list-cpu`: CPU per list of 25 invoices, step by step, in this process alone (DynamoDB
// Local runs in its own): the raw Query, the repository, the shaping and the whole route handler. On
// two cores shared by three busy processes these figures read four to five times larger; here each
// step's cost stands apart (bench/NOTES.md, 2026-11-25).
import { systemActor } from '#shared/domain/actor';
import { openSync, writeSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { median } from '#bench/interleaved';
import { ensureTable } from '#infra/local/create-table';
import { freePort, LOCAL_CREDENTIALS, startDynamoDbLocal } from '#infra/local/emulators';
import { seedOrganization } from '#infra/local/seed';
import { generateSigningKeys } from '#shared/auth/signing-keys';
import { correlated, createDb, query } from '#shared/data/table';
import { newId } from '#shared/domain/ids';
import { BY, indexQuery, invoicesOfOrganization } from '#shared/data/keys';

const TABLE = 'invoicing-list-cpu';
const BASE_URL = 'http://127.0.0.1:3999';
const CURSOR_SECRET = 'bench-cursor-secret-bench-cursor-secret-0000';
const LISTS = 2000;
const IN_FLIGHT = 4;

Object.assign(process.env, LOCAL_CREDENTIALS, { LOG_LEVEL: 'silent' });
const dynamo = await startDynamoDbLocal({ port: await freePort() });
try {
  await ensureTable(new DynamoDBClient({ endpoint: dynamo.endpoint }), TABLE);
  const keys = await generateSigningKeys('ES256');
  Object.assign(process.env, {
    TABLE_NAME: TABLE,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    PUBLIC_BASE_URL: BASE_URL,
    CURSOR_SECRET,
    ACCESS_TOKEN_PRIVATE_JWK: JSON.stringify(keys.privateJwk),
    ACCESS_TOKEN_PUBLIC_JWKS: JSON.stringify(keys.publicJwks),
    IDP_ISSUER: 'bench-idp',
    IDP_AUDIENCE: 'bench',
    IDP_JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json',
  });
  // Imported once the environment is set: the handler reads its configuration at import.
  const { createClient } = await import('#shared/clients/create-client');
  const { createInvoice } = await import('#shared/invoicing/create-invoice');
  const { listInvoices } = await import('#shared/data/invoices');
  const { createInvoiceBody, newInvoiceContent } = await import('#shared/http/schemas/invoices');
  const { invoiceResource } = await import('#shared/domain/resources/invoice');
  const { pageResponse } = await import('#shared/http/pagination');
  const { toApiGatewayEvent } = await import('#infra/local/api-server');
  const { routeNamed } = await import('#functions/routes');
  const { handler } = await import('#functions/list-invoices/handler');

  const db = correlated(createDb(TABLE), undefined, systemActor('bench'));
  const organization = await seedOrganization(db, {
    name: 'CPU',
    owner: { id: newId('usr'), email: 'cpu@example.com' },
  });
  const client = await createClient(db, organization.id, { name: 'Bench client', email: 'bench@example.com' } as never);
  const body = { client: client.id, issue_date: '2026-11-01', due_date: '2026-12-01' };
  const line = { description: 'Consulting', quantity: 10, unit_price: '150.00', tax_rate: '10.00' };
  for (let i = 0; i < 30; i++)
    await createInvoice(
      { db, publicBaseUrl: BASE_URL },
      organization.id,
      newInvoiceContent(createInvoiceBody.parse({ ...body, line_items: [line] })),
    );

  const stock = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const page = {
    ...indexQuery(BY.invoicesByIssueDate, invoicesOfOrganization(organization.id)),
    ScanIndexForward: false,
    Limit: 25,
  };
  const stockQuery = () => stock.send(new QueryCommand({ TableName: TABLE, ...page }));
  const serviceQuery = () => query(db, page);
  const link = { secret: CURSOR_SECRET, scope: 'bench', baseUrl: BASE_URL, path: '/api/v1/invoices/', query: {} };
  const route = routeNamed('list-invoices');
  const event = () =>
    toApiGatewayEvent(
      {
        method: 'GET',
        url: new URL(`${BASE_URL}/api/v1/invoices/?limit=25`),
        headers: { authorization: `Bearer ${organization.apiKey}`, host: '127.0.0.1:3999' },
        body: Buffer.alloc(0),
        host: '127.0.0.1:3999',
        sourceIp: '127.0.0.1',
      },
      route,
      {},
    );
  const lambdaContext = { awsRequestId: 'bench', getRemainingTimeInMillis: () => 29_000 } as Context;
  // The usage line goes to standard output, as in Lambda; here to /dev/null, so it costs its write.
  const devNull = openSync('/dev/null', 'w');
  const terminal = process.stdout.write;
  process.stdout.write = ((chunk: string) => writeSync(devNull, chunk) > 0) as typeof process.stdout.write;
  const steps: [string, () => Promise<unknown>][] = [
    ['the Query, stock client', stockQuery],
    ['the Query, the service’s `query()`', serviceQuery],
    ['that, and JSON.stringify of its items', async () => JSON.stringify((await serviceQuery()).Items)],
    [
      'listInvoices (the Query, its items read as invoices)',
      () => listInvoices(db, organization.id, {}, { limit: 25 }),
    ],
    [
      'that, and 25 resources, the signed cursor and JSON.stringify of the page',
      async () => {
        const page = await listInvoices(db, organization.id, {}, { limit: 25 });
        return JSON.stringify(pageResponse(page, link, (invoice) => invoiceResource(invoice, BASE_URL)));
      },
    ],
    [
      'the list route’s handler, from the API Gateway event to its result',
      async () => {
        const result = await handler(event(), lambdaContext);
        if (result.statusCode !== 200) throw new Error(`the list answered ${result.statusCode}: ${result.body}`);
      },
    ],
  ];
  const perList = new Map<string, number[]>(steps.map(([name]) => [name, []]));
  // Six rounds of every step in turn; the first warms the JIT and is not counted.
  for (let round = 0; round < 6; round++)
    for (const [name, run] of steps) {
      let started = 0;
      const before = process.cpuUsage();
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (started++ < LISTS) await run();
        }),
      );
      const used = process.cpuUsage(before);
      if (round > 0) perList.get(name)!.push((used.user + used.system) / LISTS);
    }
  process.stdout.write = terminal;
  for (const [name, values] of perList) console.log(`${median(values).toFixed(0).padStart(5)} µs  ${name}`);
} finally {
  await dynamo.stop();
}
