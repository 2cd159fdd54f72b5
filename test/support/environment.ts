// Runs in each test worker before any test file is imported: handlers read their configuration at
// module load, so the environment must point at the emulators first. Each file gets a table of its
// own, made from the shared definition and dropped when the file ends: what a test scans or counts
// is what its file wrote, however many files ran before it.
import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, inject } from 'vitest';
import { ensureTable } from '#infra/local/create-table';
import { LOCAL_CREDENTIALS } from '#infra/local/emulators';
import { DEV_IDP_AUDIENCE, DEV_IDP_ISSUER } from '#infra/local/seed';
import { DOCUMENT_RENDERER, E_INVOICE_READER, PAYMENT_GATEWAY, PEPPOL_GATEWAY } from '#functions/topology';
import { TEST_ARCHIVE_BUCKET, TEST_INCOMING_BUCKET } from '#test/support/buckets';

const keys = JSON.parse(inject('signingKeys')) as { privateJwk: unknown; publicJwks: unknown };

Object.assign(process.env, LOCAL_CREDENTIALS, {
  TABLE_NAME: `invoicing-test-${randomUUID().slice(0, 8)}`,
  AWS_ENDPOINT_URL_DYNAMODB: inject('countingEndpoint'),
  AWS_ENDPOINT_URL_SES: inject('sesEndpoint'),
  AWS_ENDPOINT_URL_SQS: inject('sqsEndpoint'),
  // The SQS emulator answers S3 too, behind a front that refuses what is not signed (infra/local/object-store.ts).
  AWS_ENDPOINT_URL_S3: inject('s3Endpoint'),
  EXPORT_BUCKET: 'invoicing-test-exports',
  INCOMING_BUCKET: TEST_INCOMING_BUCKET,
  ARCHIVE_BUCKET: TEST_ARCHIVE_BUCKET,
  INBOUND_EMAIL_DOMAIN: 'invoices.test',
  S3_FORCE_PATH_STYLE: 'true',
  AWS_ENDPOINT_URL_LAMBDA: inject('lambdaEndpoint'),
  DOCUMENT_RENDERER_FUNCTION: DOCUMENT_RENDERER.handler,
  PAYMENT_GATEWAY_FUNCTION: PAYMENT_GATEWAY.handler,
  PEPPOL_GATEWAY_FUNCTION: PEPPOL_GATEWAY.handler,
  E_INVOICE_READER_FUNCTION: E_INVOICE_READER.handler,
  RECURRING_RUN_QUEUE_URL: inject('recurringRunQueue'),
  PEPPOL_QUEUE_URL: inject('peppolQueue'),
  EMAIL_FROM: 'Acme Billing <billing@acme.example>',
  ECB_RATES_URL: inject('ecbRatesUrl'),
  PUBLIC_BASE_URL: 'http://invoices.test',
  PAYMENT_PROVIDER: 'sandbox',
  CURSOR_SECRET: 'test-cursor-secret-test-cursor-secret-0123',
  LOG_LEVEL: 'silent',
  // Metrics are printed as EMF lines in Lambda; the tests that read them switch them on.
  POWERTOOLS_METRICS_DISABLED: 'true',
  ACCESS_TOKEN_PRIVATE_JWK: JSON.stringify(keys.privateJwk),
  ACCESS_TOKEN_PUBLIC_JWKS: JSON.stringify(keys.publicJwks),
  IDP_ISSUER: DEV_IDP_ISSUER,
  IDP_AUDIENCE: DEV_IDP_AUDIENCE,
  IDP_JWKS_URL: `${inject('idpUrl')}/.well-known/jwks.json`,
});
// Mail goes through the configuration set (and its events onto the status queue) only in the files that say so.
delete process.env.EMAIL_CONFIGURATION_SET;

const tables = new DynamoDBClient({ endpoint: inject('dynamoEndpoint') });
await ensureTable(tables, process.env.TABLE_NAME!);
afterAll(async () => {
  await tables.send(new DeleteTableCommand({ TableName: process.env.TABLE_NAME! }));
  tables.destroy();
});
