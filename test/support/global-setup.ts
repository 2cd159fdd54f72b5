// Starts, once for the whole run: DynamoDB Local in memory behind a proxy that counts calls per
// operation (each file makes its own table: test/support/environment.ts), the service's signing keys and the dev identity
// provider (with registration switched on, so tests can add their own users).
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SQSClient } from '@aws-sdk/client-sqs';
import type { TestProject } from 'vitest/node';
import {
  freePort,
  LOCAL_CREDENTIALS,
  startDynamoDbLocal,
  startSesEmulator,
  startSqsEmulator,
  createBucket,
  readerEnvironment,
} from '#infra/local/emulators';
import { startIdentityProvider } from '#infra/local/identity-provider';
import { startLambdaEndpoint } from '#infra/local/lambda-endpoint';
import { createQueues, emailEventTarget } from '#infra/local/pipeline';
import { LOCAL_CONFIGURATION_SET, startSesEventSource } from '#infra/local/ses-events';
import { startEcbFeed } from '#infra/local/ecb-feed';
import {
  LOCAL_PEPPOL_KEYS,
  localGatewayEnvironment,
  MADE_UP_PARTICIPANTS,
  startPeppolNetwork,
} from '#infra/local/peppol-network';
import { E_INVOICE_READER, PEPPOL_GATEWAY } from '#functions/topology';
import { TEST_ARCHIVE_BUCKET, TEST_INCOMING_BUCKET } from '#test/support/buckets';
import { startObjectStore } from '#infra/local/object-store';
import { DEV_IDP_AUDIENCE, DEV_IDP_ISSUER } from '#infra/local/seed';
import { generateSigningKeys } from '#shared/auth/signing-keys';
import { chromiumPath, MISSING_BROWSER } from '#test/support/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    countingEndpoint: string;
    idpUrl: string;
    sesEndpoint: string;
    sqsEndpoint: string;
    s3Endpoint: string;
    recurringRunQueue: string;
    emailStatusQueue: string;
    peppolQueue: string;
    incomingPeppolQueue: string;
    ecbRatesUrl: string;
    signingKeys: string;
    lambdaEndpoint: string;
    /** The local Peppol network's URLs (infra/local/peppol-network.ts), as JSON. */
    peppolNetwork: string;
  }
}

/** Forwards to DynamoDB Local and counts requests by X-Amz-Target; GET /__calls reads the counts. */
function countingProxy(target: string): Promise<Server> {
  const counts: Record<string, number> = {};
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    if (req.url === '/__calls') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(counts));
    }
    const operation = String(req.headers['x-amz-target'] ?? 'unknown')
      .split('.')
      .pop()!;
    counts[operation] = (counts[operation] ?? 0) + 1;
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 500, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export default async function setup(project: TestProject) {
  // One line on the browser tests; CI must run them, so there a missing browser fails the run.
  if (!chromiumPath && process.env.CI) throw new Error(`CI runs the browser tests, but ${MISSING_BROWSER}`);
  console.log(chromiumPath ? `browser tests: ${chromiumPath}` : `browser tests skipped: ${MISSING_BROWSER}`);
  Object.assign(process.env, LOCAL_CREDENTIALS);
  const dynamo = await startDynamoDbLocal({ port: await freePort() });
  const proxy = await countingProxy(dynamo.endpoint);
  const idp = await startIdentityProvider({
    port: 0,
    issuer: DEV_IDP_ISSUER,
    audience: DEV_IDP_AUDIENCE,
    keys: await generateSigningKeys('RS256'),
    users: [],
    allowRegistration: true,
  });
  const sqs = await startSqsEmulator(await freePort());
  project.provide('sqsEndpoint', sqs.endpoint);
  // Handlers read queue URLs from the environment at load, so the queues exist before any test file.
  const sqsClient = new SQSClient({ endpoint: sqs.endpoint, useQueueUrlAsEndpoint: false });
  const queues = await createQueues(sqsClient, 'invoicing-test');
  // S3 through the front that checks signatures as S3 does (infra/local/object-store.ts).
  const objectStore = await startObjectStore(sqs.endpoint, await freePort(), { lockedBuckets: [TEST_ARCHIVE_BUCKET] });
  project.provide('s3Endpoint', objectStore.endpoint);
  await createBucket(objectStore.endpoint, 'invoicing-test-exports');
  await createBucket(objectStore.endpoint, TEST_INCOMING_BUCKET);
  await createBucket(objectStore.endpoint, TEST_ARCHIVE_BUCKET);
  project.provide('recurringRunQueue', queues.recurringRuns);
  project.provide('emailStatusQueue', queues.emailStatus);
  project.provide('peppolQueue', queues.peppol);
  // As on a laptop: the emulator keeps the mail, and e-mails sent through the configuration set
  // (only where a test sets EMAIL_CONFIGURATION_SET) have their SES events put on the status queue.
  const sesEmulator = await startSesEmulator(await freePort());
  const ses = await startSesEventSource({
    port: 0,
    emulator: sesEmulator.endpoint,
    publish: emailEventTarget(sqsClient, queues, LOCAL_CONFIGURATION_SET),
  });
  project.provide('sesEndpoint', ses.endpoint);
  const ecbFeed = await startEcbFeed();
  project.provide('ecbRatesUrl', ecbFeed.url);
  project.provide('dynamoEndpoint', dynamo.endpoint);
  project.provide('countingEndpoint', `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
  project.provide('idpUrl', idp.loginUrl.replace(/\/login$/, ''));
  project.provide('signingKeys', JSON.stringify(await generateSigningKeys('ES256')));
  // The document renderer runs here, once for the whole run, behind the laptop's Lambda Invoke API.
  process.env.LOG_LEVEL ??= 'silent';
  // The Peppol network every Peppol test talks to, driven by the gateway as Storecove (a file may start its own).
  const peppol = await startPeppolNetwork({
    participants: MADE_UP_PARTICIPANTS,
    ...LOCAL_PEPPOL_KEYS,
    legalEntities: [1],
    reportDelayMs: 100,
  });
  const { baseUrl, storecoveUrl, phossApUrl, smpUrl, receivedUrl, faultUrl, deliverUrl, deliveredUrl } = peppol;
  project.provide(
    'peppolNetwork',
    JSON.stringify({ baseUrl, storecoveUrl, phossApUrl, smpUrl, receivedUrl, faultUrl, deliverUrl, deliveredUrl }),
  );
  project.provide('incomingPeppolQueue', queues.incomingPeppol);
  const lambda = await startLambdaEndpoint({
    environments: {
      [PEPPOL_GATEWAY.handler]: localGatewayEnvironment(
        peppol,
        'storecove',
        { default: 1 },
        {
          s3Endpoint: objectStore.endpoint,
          bucket: TEST_INCOMING_BUCKET,
          sqsEndpoint: sqs.endpoint,
          queueUrl: queues.incomingPeppol,
        },
      ),
      [E_INVOICE_READER.handler]: readerEnvironment(objectStore.endpoint, TEST_INCOMING_BUCKET),
    },
  });
  project.provide('lambdaEndpoint', lambda.endpoint);
  return async () => {
    await idp.stop();
    await lambda.stop();
    await peppol.stop();
    await ses.stop();
    await sesEmulator.stop();
    await ecbFeed.stop();
    sqsClient.destroy();
    await objectStore.stop();
    await sqs.stop();
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
    await dynamo.stop();
  };
}
