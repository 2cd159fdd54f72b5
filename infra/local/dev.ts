// `npm run dev`: DynamoDB Local, the SES and SQS emulators, the table, demo data and every route of
// functions/routes.ts over HTTP. State lives in DEV_STATE_DIR (default .local); a second start
// reuses it. Ctrl-C stops every child process.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import {
  busTargets,
  createQueues,
  emailEventTarget,
  startConsumers,
  startEventBus,
  startStreamPoller,
} from '#infra/local/pipeline';
import { LOCAL_CONFIGURATION_SET, startSesEventSource } from '#infra/local/ses-events';
import { startEcbFeed } from '#infra/local/ecb-feed';
import { ensureTable } from '#infra/local/create-table';
import { startLambdaEndpoint } from '#infra/local/lambda-endpoint';
import { DOCUMENT_RENDERER, E_INVOICE_READER, PAYMENT_GATEWAY, PEPPOL_GATEWAY } from '#functions/topology';
import {
  LOCAL_PEPPOL_KEYS,
  localGatewayEnvironment,
  MADE_UP_PARTICIPANTS,
  startPeppolNetwork,
} from '#infra/local/peppol-network';
import { DEMO_SELLERS } from '#infra/local/demo-sellers';
import {
  createBucket,
  readerEnvironment,
  freePort,
  portNear,
  javaProblem,
  LOCAL_CREDENTIALS,
  startDynamoDbLocal,
  startSesEmulator,
  startSqsEmulator,
  type Stoppable,
} from '#infra/local/emulators';
import { JOBS } from '#functions/jobs';
import { startIdentityProvider } from '#infra/local/identity-provider';
import { DEV_IDP_AUDIENCE, DEV_IDP_ISSUER, seedDemo, type DemoData } from '#infra/local/seed';
import { seedDemoInvoices } from '#infra/local/demo-invoices';
import { startObjectStore } from '#infra/local/object-store';
import { startInboundSmtp } from '#infra/local/inbound-smtp';
import { inboundAddressOf } from '#shared/domain/inbound-address';
import { generateSigningKeys, type SigningKeys } from '#shared/auth/signing-keys';
import type { PaymentProvider } from '#shared/payments/provider';

const TABLE_NAME = 'invoicing-local';
const EXPORT_BUCKET = 'invoicing-local-exports';
const INCOMING_BUCKET = 'invoicing-local-incoming';
// Written as a bucket with Object Lock in compliance mode is (infra/local/object-store.ts lockedWriteRefusal).
const ARCHIVE_BUCKET = 'invoicing-local-archive';
// Each organization receives e-invoices by e-mail at <its id>@ this domain (infra/local/inbound-smtp.ts).
const INBOUND_EMAIL_DOMAIN = process.env.INBOUND_EMAIL_DOMAIN ?? 'invoices.localhost';

const problem = javaProblem();
if (problem) {
  console.error(problem);
  process.exit(1);
}

const stateDir = resolve(process.env.DEV_STATE_DIR ?? '.local');
mkdirSync(join(stateDir, 'dynamodb'), { recursive: true });
const apiPort = Number(process.env.PORT ?? 3000);

const running: Stoppable[] = [];
/** Last started, first stopped, one after another: the API's last usage batch still reaches DynamoDB Local. */
const stopAll = async () => {
  for (const service of running.reverse()) await service.stop().catch(() => undefined);
};
// Nothing that fails inside the local runtime ends it: it is logged, and the message or event that
// failed stays where it was for its retry, as in AWS. (Should the process end anyway, DynamoDB Local
// ends with it: see emulators.ts.)
process.on('unhandledRejection', (reason) => console.error('local runtime: unhandled failure:', reason));
process.on('uncaughtException', (error) => console.error('local runtime: uncaught exception:', error));
// Started by `npm run dev`, whose npm may be killed outright: when the parent goes, so does this.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stopAll().then(() => process.exit(1));
}, 1000).unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log('\nStopping…');
    void stopAll().then(() => process.exit(0));
  });
}

try {
  // Each service on a port derived from PORT, so URLs stay the same from one start to the next.
  const dynamo = await startDynamoDbLocal({
    port: await portNear(apiPort + 1, 'DynamoDB Local'),
    dataDir: join(stateDir, 'dynamodb'),
  });
  running.push(dynamo);
  // The emulator keeps the mail; in front of it, the configuration set's events (infra/local/ses-events.ts).
  const sesEmulator = await startSesEmulator(await freePort());
  running.push(sesEmulator);
  const sqs = await startSqsEmulator(await portNear(apiPort + 3, 'SQS emulator'));
  running.push(sqs);
  // S3 is the emulator's too, behind a front that checks signatures as S3 does (tampered links are refused).
  const objectStore = await startObjectStore(sqs.endpoint, await portNear(apiPort + 6, 'Object store'), {
    lockedBuckets: [ARCHIVE_BUCKET],
  });
  running.push(objectStore);

  // Generated on first start and kept with the state: cursor key, token signing key, IdP key.
  const secretsFile = join(stateDir, 'secrets.json');
  if (!existsSync(secretsFile)) {
    const secrets = {
      cursorSecret: randomBytes(32).toString('base64url'),
      signing: await generateSigningKeys('ES256'),
      identityProvider: await generateSigningKeys('RS256'),
    };
    writeFileSync(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
  }
  const secrets = JSON.parse(readFileSync(secretsFile, 'utf8')) as {
    cursorSecret: string;
    signing: SigningKeys;
    identityProvider: SigningKeys;
  };

  const apiBaseUrl = `http://127.0.0.1:${apiPort}`;
  const sqsClient = new SQSClient({
    endpoint: sqs.endpoint,
    useQueueUrlAsEndpoint: false,
    region: LOCAL_CREDENTIALS.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const queues = await createQueues(sqsClient);
  // The emulator keeps objects in memory: export files last as long as `npm run dev` runs.
  await createBucket(objectStore.endpoint, EXPORT_BUCKET);
  await createBucket(objectStore.endpoint, INCOMING_BUCKET);
  await createBucket(objectStore.endpoint, ARCHIVE_BUCKET);
  const bus = await startEventBus(sqsClient, busTargets(queues));
  running.push(bus);
  const ses = await startSesEventSource({
    port: await portNear(apiPort + 2, 'E-mail inbox'),
    emulator: sesEmulator.endpoint,
    publish: emailEventTarget(sqsClient, queues, LOCAL_CONFIGURATION_SET),
  });
  running.push(ses);
  const sesStore = `${ses.endpoint}/store`;
  const idpPort = await portNear(apiPort + 4, 'Identity provider');
  // PEPPOL_ACCESS_POINT=phoss-ap npm run dev drives the network as phoss-ap instead of Storecove.
  const accessPoint = process.env.PEPPOL_ACCESS_POINT === 'phoss-ap' ? 'phoss-ap' : 'storecove';
  // The Peppol network: both access points' APIs and the SMP, with made-up companies and (below) the demo organizations.
  const peppol = await startPeppolNetwork({
    port: await portNear(apiPort + 7, 'Peppol network'),
    participants: [...MADE_UP_PARTICIPANTS],
    ...LOCAL_PEPPOL_KEYS,
    legalEntities: [1],
    reportDelayMs: 2000,
    hangMs: 25_000,
    doorbellUrl: `${apiBaseUrl}/api/v1/peppol/status/storecove/`,
    // The demo organizations receive at the access point the gateway drives.
    receivesAt: accessPoint,
    forwardingUrl: `${apiBaseUrl}/api/v1/peppol/inbound/phoss-ap/`,
  });
  running.push(peppol);
  // The Lambda Invoke API for the functions the routes invoke (the document renderer, the gateways), loaded on first call.
  const lambda = await startLambdaEndpoint({
    port: await portNear(apiPort + 5, 'Lambda endpoint'),
    environments: {
      [PEPPOL_GATEWAY.handler]: localGatewayEnvironment(
        peppol,
        accessPoint,
        { default: 1 },
        {
          s3Endpoint: objectStore.endpoint,
          bucket: INCOMING_BUCKET,
          sqsEndpoint: sqs.endpoint,
          queueUrl: queues.incomingPeppol,
        },
      ),
      [E_INVOICE_READER.handler]: readerEnvironment(objectStore.endpoint, INCOMING_BUCKET),
    },
  });
  running.push(lambda);
  // SES receiving's stand-in: SMTP on 127.0.0.1, each message to the incoming bucket and a notification on its queue.
  const smtp = await startInboundSmtp({
    port: await portNear(apiPort + 25, 'Inbound SMTP'),
    domain: INBOUND_EMAIL_DOMAIN,
    objectStore: objectStore.endpoint,
    bucket: INCOMING_BUCKET,
    sqs: sqsClient,
    queueUrl: queues.incomingEmail,
  });
  running.push(smtp);
  // The ECB's rate feed, from the fixture: nothing here reaches the internet.
  const ecbFeed = await startEcbFeed({ redate: true });
  running.push(ecbFeed);
  Object.assign(process.env, LOCAL_CREDENTIALS, {
    ACCESS_TOKEN_PRIVATE_JWK: JSON.stringify(secrets.signing.privateJwk),
    ACCESS_TOKEN_PUBLIC_JWKS: JSON.stringify(secrets.signing.publicJwks),
    IDP_ISSUER: DEV_IDP_ISSUER,
    IDP_AUDIENCE: DEV_IDP_AUDIENCE,
    IDP_JWKS_URL: `http://127.0.0.1:${idpPort}/.well-known/jwks.json`,
    TABLE_NAME,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    AWS_ENDPOINT_URL_SES: ses.endpoint,
    EMAIL_CONFIGURATION_SET: LOCAL_CONFIGURATION_SET,
    ECB_RATES_URL: ecbFeed.url,
    AWS_ENDPOINT_URL_SQS: sqs.endpoint,
    AWS_ENDPOINT_URL_S3: objectStore.endpoint,
    EXPORT_BUCKET,
    INCOMING_BUCKET,
    ARCHIVE_BUCKET,
    INBOUND_EMAIL_DOMAIN,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ENDPOINT_URL_EVENTBRIDGE: bus.endpoint,
    AWS_ENDPOINT_URL_LAMBDA: lambda.endpoint,
    DOCUMENT_RENDERER_FUNCTION: DOCUMENT_RENDERER.handler,
    PAYMENT_GATEWAY_FUNCTION: PAYMENT_GATEWAY.handler,
    PEPPOL_GATEWAY_FUNCTION: PEPPOL_GATEWAY.handler,
    E_INVOICE_READER_FUNCTION: E_INVOICE_READER.handler,
    WEBHOOK_DELIVERY_QUEUE_URL: queues.delivery,
    WEBHOOK_DELIVERY_DLQ_URL: queues.deliveryDlq,
    RECURRING_RUN_QUEUE_URL: queues.recurringRuns,
    PEPPOL_QUEUE_URL: queues.peppol,
    // A sending's status is looked at after 2 s, then 4, 8…: a faulted sending settles within half a minute.
    PEPPOL_CHECK_SECONDS: process.env.PEPPOL_CHECK_SECONDS ?? '2',
    WEBHOOK_ALLOW_LOOPBACK_HTTP: process.env.WEBHOOK_ALLOW_LOOPBACK_HTTP ?? 'true',
    // The laptop takes payments through the sandbox unless given Stripe test keys.
    PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER ?? (process.env.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox'),
    PUBLIC_BASE_URL: apiBaseUrl,
    CURSOR_SECRET: secrets.cursorSecret,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    // EMF metric lines mean something to CloudWatch only; the laptop's console is spared them.
    POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
  });

  const dynamoClient = new DynamoDBClient({ endpoint: dynamo.endpoint });
  const table = await ensureTable(dynamoClient, TABLE_NAME);
  const seedFile = join(stateDir, 'seed.json');
  const fresh = table === 'created' || !existsSync(seedFile);
  if (fresh) {
    const { createDb } = await import('#shared/data/table');
    writeFileSync(seedFile, JSON.stringify(await seedDemo(createDb(TABLE_NAME)), null, 2), { mode: 0o600 });
  }
  const demo = JSON.parse(readFileSync(seedFile, 'utf8')) as DemoData;
  // The demo organizations are on the network under the ids their seller profiles carry.
  const sellers = Object.values(DEMO_SELLERS);
  demo.organizations.forEach((organization, index) => {
    const id = sellers[index]?.peppol_id;
    if (id)
      peppol.participants.push({
        id,
        organization_id: organization.id,
        name: organization.name,
        document_types: ['invoice', 'credit_note'],
      });
  });

  const idp = await startIdentityProvider({
    port: idpPort,
    issuer: DEV_IDP_ISSUER,
    audience: DEV_IDP_AUDIENCE,
    keys: secrets.identityProvider,
    users: demo.users.map(({ email, password, subject }) => ({ email, password, subject })),
  });
  running.push(idp);

  const { runJob, startApiServer } = await import('#infra/local/api-server');
  const api = await startApiServer({ port: apiPort, paymentProvider: process.env.PAYMENT_PROVIDER as PaymentProvider });
  running.push(api);

  // The event pipeline: stream → publisher → bus → fan-out queue → fan-out → delivery queue → delivery,
  // and bus → revenue queue → revenue aggregator.
  const handlerOf = async <T>(name: string) =>
    ((await import(`../../functions/${name}/handler.ts`)) as { handler: T }).handler;
  running.push(await startStreamPoller(dynamo.endpoint, TABLE_NAME, await handlerOf('event-publisher')));
  // Every queue of functions/topology.ts with its consumer: the webhook fan-out and delivery, the
  // revenue aggregator, and the recurring worker behind the runner's FIFO queue.
  running.push(...(await startConsumers(sqsClient, queues, handlerOf)));

  // The laptop's EventBridge schedules: each job on its local interval.
  for (const job of JOBS) {
    const timer = setInterval(() => {
      runJob(job.name).catch((error) => console.error(`job ${job.name} failed:`, error));
    }, job.localEverySeconds * 1000);
    running.push({ stop: async () => clearInterval(timer) });
  }
  // Today's exchange rates at once, not an hour from now.
  await runJob('exchange-rate-fetcher');

  // A new database gets clients and an invoice in every status, made through the API just started.
  const invoicesFile = join(stateDir, 'demo-invoices.json');
  if (fresh) {
    const invoices = await seedDemoInvoices(api.url, demo.organizations[0]!.apiKey);
    await runJob('overdue-sweeper');
    writeFileSync(invoicesFile, JSON.stringify(invoices, null, 2));
  }
  const demoInvoices = existsSync(invoicesFile) ? JSON.parse(readFileSync(invoicesFile, 'utf8')) : {};

  const dev = {
    api_base_url: api.url,
    idp_login_url: idp.loginUrl,
    users: demo.users.map(({ email, password, organizations }) => ({
      email,
      password,
      organizations: organizations.map((membership) => membership.id),
    })),
    reference_url: `${api.url}/reference/`,
    openapi_url: `${api.url}/api/v1/openapi.json`,
    api_key: demo.organizations[0]!.apiKey,
    invoices: demoInvoices,
    email_store_url: sesStore,
    email_viewer_url: ses.endpoint,
    sqs_endpoint: sqs.endpoint,
    lambda_endpoint: lambda.endpoint,
    // The export bucket's store, as S3 answers: signed requests only (infra/local/object-store.ts).
    object_store_endpoint: objectStore.endpoint,
    export_bucket: EXPORT_BUCKET,
    incoming_bucket: INCOMING_BUCKET,
    // The archive, to read (and, to see verify find it, tamper with) what is kept: docs/archive.md.
    archive: {
      endpoint: objectStore.endpoint,
      bucket: ARCHIVE_BUCKET,
      region: LOCAL_CREDENTIALS.AWS_REGION,
      access_key_id: LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID,
      secret_access_key: LOCAL_CREDENTIALS.AWS_SECRET_ACCESS_KEY,
      force_path_style: true,
    },
    // E-invoices by e-mail: SMTP to an organization's address lands in its inbox.
    inbound_smtp: {
      host: '127.0.0.1',
      port: smtp.port,
      domain: INBOUND_EMAIL_DOMAIN,
      addresses: demo.organizations.map(({ id }) => ({
        organization_id: id,
        address: inboundAddressOf(id, INBOUND_EMAIL_DOMAIN),
      })),
    },
    queues,
    dynamodb_endpoint: dynamo.endpoint,
    table_name: TABLE_NAME,
    organizations: demo.organizations.map(({ id, name, apiKey }) => ({ id, name, api_key: apiKey })),
    peppol: {
      base_url: peppol.baseUrl,
      access_point: accessPoint,
      participants: peppol.participants,
      received_url: peppol.receivedUrl,
      fault_url: peppol.faultUrl,
      // POST a document here (?from=…&to=…) and it arrives in that organization's inbox; GET what was delivered.
      deliver_url: peppol.deliverUrl,
      delivered_url: peppol.deliveredUrl,
    },
  };
  writeFileSync(join(stateDir, 'dev.json'), `${JSON.stringify(dev, null, 2)}\n`, { mode: 0o600 });

  const jobSchedules = JOBS.map((job) => `${job.name} every ${job.localEverySeconds} s`).join(', ');
  console.log(`
Invoicing service is running (state in ${stateDir}, ${table === 'created' ? 'new database' : 'reused database'})
  API             ${api.url}/api/v1/
  API reference   ${dev.reference_url}   (OpenAPI: ${dev.openapi_url})
  API key         ${dev.api_key}   (organization ${demo.organizations[0]!.name})
  Sign in         POST ${idp.loginUrl} {"email": "${demo.users[0]!.email}", "password": "${demo.users[0]!.password}"}
  E-mail inbox    ${ses.endpoint}   (raw: ${sesStore})
  E-invoices in   SMTP 127.0.0.1:${smtp.port}, to ${dev.inbound_smtp.addresses[0]!.address} (${demo.organizations[0]!.name})
  SQS endpoint    ${sqs.endpoint}
  Lambda (Invoke) ${lambda.endpoint}   (${DOCUMENT_RENDERER.handler}, ${PAYMENT_GATEWAY.handler}, ${PEPPOL_GATEWAY.handler})
  Peppol network  ${peppol.baseUrl}   (as ${accessPoint}; received: ${peppol.receivedUrl})
                  ${peppol.participants.map((participant) => `${participant.id} ${participant.name}`).join('\n                  ')}
  DynamoDB Local  ${dynamo.endpoint}   (table ${TABLE_NAME})
  Jobs            ${jobSchedules}; run one now: npm run tick -- <job>
  Details         ${join(stateDir, 'dev.json')}
Press Ctrl-C to stop.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll();
  process.exit(1);
}
