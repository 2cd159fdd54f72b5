// Entry of the cost measurement (bench/sections/cost.ts), in a process of its own: the laptop's runtime
// wired as `npm run dev` wires it (API, renderer, SES with its event source, bus, queues and every
// consumer), then invoices created, sent and paid over HTTP while every AWS SDK call of the process is
// counted — DynamoDB with the capacity it reports, e-mails with their bytes — and every function timed.
import { type RawEmail, SesSender } from '#shared/aws/ses';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DOCUMENT_RENDERER, PAYMENT_GATEWAY } from '#functions/topology';
import { JOBS } from '#functions/jobs';
import { startEcbFeed } from '#infra/local/ecb-feed';
import { ensureTable } from '#infra/local/create-table';
import {
  createBucket,
  freePort,
  LOCAL_CREDENTIALS,
  startDynamoDbLocal,
  startSesEmulator,
  startSqsEmulator,
} from '#infra/local/emulators';
import { startLambdaEndpoint } from '#infra/local/lambda-endpoint';
import {
  busTargets,
  createQueues,
  emailEventTarget,
  startConsumers,
  startEventBus,
  startStreamPoller,
} from '#infra/local/pipeline';
import { LOCAL_CONFIGURATION_SET, startSesEventSource } from '#infra/local/ses-events';
import { seedOrganization } from '#infra/local/seed';
import { createDb } from '#shared/data/table';
import { newId } from '#shared/domain/ids';

export type Usage = {
  /** AWS SDK calls by `Service.Operation`; SQS receives only those that brought messages. */
  calls: Record<string, number>;
  readUnits: number;
  writeUnits: number;
  eventsPublished: number;
  emails: number;
  emailBytes: number;
  /** Invocations and summed duration (ms) by function; the routes timed as their HTTP requests. */
  functions: Record<string, { invocations: number; ms: number }>;
  deliveries: number;
};
/** What SAMPLE invoices used, and what one run of each scheduled job uses in an idle stack. */
export type CostMeasurement = { invoices: number; perSample: Usage; jobRun: Usage };

const SAMPLE = Number(process.env.BENCH_COST_INVOICES ?? 20);
const usage = (): Usage => ({
  calls: {},
  readUnits: 0,
  writeUnits: 0,
  eventsPublished: 0,
  emails: 0,
  emailBytes: 0,
  functions: {},
  deliveries: 0,
});
let measured = usage();
let counting = false;
const timed = (name: string, ms: number) => {
  if (!counting) return;
  const entry = (measured.functions[name] ??= { invocations: 0, ms: 0 });
  entry.invocations += 1;
  entry.ms += ms;
};

// Every SDK client of the process shares smithy's Client: its `send` sees every call.
type Sent = { input: Record<string, unknown>; constructor: { name: string } };
const Client = Object.getPrototypeOf(DynamoDBClient.prototype).constructor as {
  prototype: { send(this: { config: { serviceId: string } }, command: Sent, ...rest: unknown[]): Promise<unknown> };
};
const send = Client.prototype.send;
Client.prototype.send = async function (command, ...rest) {
  const service = this.config.serviceId;
  const operation = command.constructor.name.replace(/Command$/, '');
  if (service === 'DynamoDB') command.input.ReturnConsumedCapacity ??= 'TOTAL';
  const started = performance.now();
  const output = (await send.call(this, command, ...rest)) as Record<string, unknown>;
  if (!counting || service === 'DynamoDB Streams') return output; // Lambda's stream reads are not billed
  if (operation === 'ReceiveMessage' && !(output.Messages as unknown[] | undefined)?.length) return output;
  measured.calls[`${service}.${operation}`] = (measured.calls[`${service}.${operation}`] ?? 0) + 1;
  if (service === 'DynamoDB') addCapacity(operation, output.ConsumedCapacity);
  if (operation === 'PutEvents') measured.eventsPublished += (command.input.Entries as unknown[]).length;
  if (service === 'Lambda' && operation === 'Invoke')
    timed(String(command.input.FunctionName), performance.now() - started);
  return output;
};

// E-mails go to SES's Query API signed by the service itself (shared/aws/ses.ts), not through an SDK client.
const sendRawEmail = SesSender.prototype.sendRawEmail;
SesSender.prototype.sendRawEmail = async function (this: SesSender, email: RawEmail) {
  const messageId = await sendRawEmail.call(this, email);
  if (counting) {
    measured.calls['SES.SendRawEmail'] = (measured.calls['SES.SendRawEmail'] ?? 0) + 1;
    measured.emails += 1;
    measured.emailBytes += email.raw.length;
  }
  return messageId;
};

const READS = new Set(['GetItem', 'Get', 'BatchGetItem', 'BatchGet', 'Query', 'Scan', 'TransactGetItems']);
function addCapacity(operation: string, consumed: unknown) {
  const units = [consumed ?? []]
    .flat()
    .reduce((sum: number, item) => sum + Number((item as { CapacityUnits?: number }).CapacityUnits ?? 0), 0);
  if (READS.has(operation)) measured.readUnits += units;
  else measured.writeUnits += units;
}

// A DynamoDB Local of its own: the scheduled jobs and the stream see only what this measurement
// writes, never the other sections' tens of thousands of items (DynamoDB Local's stream reads slow
// down with everything its tables ever wrote).
const TABLE = 'invoicing-cost';
const dynamo = await startDynamoDbLocal({ port: await freePort() });
Object.assign(process.env, { TABLE_NAME: TABLE, AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint });
await ensureTable(new DynamoDBClient({ endpoint: dynamo.endpoint }), TABLE);

// The laptop's AWS, as infra/local/dev.ts starts it.
const sesEmulator = await startSesEmulator(await freePort());
const sqsEmulator = await startSqsEmulator(await freePort());
const sqs = new SQSClient({
  endpoint: sqsEmulator.endpoint,
  useQueueUrlAsEndpoint: false,
  region: LOCAL_CREDENTIALS.AWS_REGION,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const queues = await createQueues(sqs, `cost${Date.now()}`);
const bus = await startEventBus(sqs, busTargets(queues));
const ses = await startSesEventSource({
  port: await freePort(),
  emulator: sesEmulator.endpoint,
  publish: emailEventTarget(sqs, queues, LOCAL_CONFIGURATION_SET),
});
const lambda = await startLambdaEndpoint();
const ecbFeed = await startEcbFeed({ redate: true });
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (counting) measured.deliveries += 1;
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const apiPort = await freePort();
Object.assign(process.env, {
  AWS_ENDPOINT_URL_SES: ses.endpoint,
  EMAIL_CONFIGURATION_SET: LOCAL_CONFIGURATION_SET,
  AWS_ENDPOINT_URL_SQS: sqsEmulator.endpoint,
  AWS_ENDPOINT_URL_EVENTBRIDGE: bus.endpoint,
  AWS_ENDPOINT_URL_LAMBDA: lambda.endpoint,
  DOCUMENT_RENDERER_FUNCTION: DOCUMENT_RENDERER.handler,
  PAYMENT_GATEWAY_FUNCTION: PAYMENT_GATEWAY.handler,
  WEBHOOK_DELIVERY_QUEUE_URL: queues.delivery,
  WEBHOOK_DELIVERY_DLQ_URL: queues.deliveryDlq,
  RECURRING_RUN_QUEUE_URL: queues.recurringRuns,
  PEPPOL_QUEUE_URL: queues.peppol,
  WEBHOOK_ALLOW_LOOPBACK_HTTP: 'true',
  PUBLIC_BASE_URL: `http://127.0.0.1:${apiPort}`,
  POWERTOOLS_METRICS_DISABLED: 'true',
  ECB_RATES_URL: ecbFeed.url,
  AWS_ENDPOINT_URL_S3: sqsEmulator.endpoint,
  EXPORT_BUCKET: 'cost-exports',
  S3_FORCE_PATH_STYLE: 'true',
});
await createBucket(sqsEmulator.endpoint, 'cost-exports');
const { runJob, startApiServer } = await import('#infra/local/api-server');
const api = await startApiServer({ port: apiPort });
const handlerOf = async <T>(name: string) => {
  const { handler } = (await import(`../functions/${name}/handler.ts`)) as { handler: (event: unknown) => Promise<T> };
  return async (event: unknown) => {
    const started = performance.now();
    const result = await handler(event);
    timed(name, performance.now() - started);
    return result;
  };
};
const loops = [
  await startStreamPoller(dynamo.endpoint, TABLE, await handlerOf('event-publisher')),
  ...(await startConsumers(sqs, queues, handlerOf)),
];

const organization = await seedOrganization(createDb(TABLE), {
  name: 'Cost',
  owner: { id: newId('usr'), email: 'cost@example.com' },
});
const request = async (route: string, method: string, path: string, body?: unknown) => {
  const started = performance.now();
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${organization.apiKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { id: string; total_amount: string };
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${JSON.stringify(json)}`);
  timed(route, performance.now() - started);
  return json;
};
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
await request('create-webhook', 'POST', '/api/v1/webhooks/', { url: receiverUrl, events: ['*'] });
const client = await request('create-client', 'POST', '/api/v1/clients/', {
  name: 'Cost Client GmbH',
  email: 'ap@cost-client.example',
});

// Each scheduled job once, as its schedule runs it in a stack with nothing to do.
counting = true;
for (const job of JOBS) {
  const started = performance.now();
  await runJob(job.name);
  timed(job.name, performance.now() - started);
}
counting = false;
const jobRun = measured;

// Measured from here: what 1 000 invoices cost is this sample's, scaled.
measured = usage();
counting = true;
for (let n = 0; n < SAMPLE; n++) {
  const invoice = await request('create-invoice', 'POST', '/api/v1/invoices/', {
    client: client.id,
    line_items: [{ description: 'Consulting', quantity: 8, unit_price: '120.00', tax_rate: '19' }],
  });
  await request('send-invoice', 'POST', `/api/v1/invoices/${invoice.id}/send/`, {});
  await request('record-payment', 'POST', `/api/v1/invoices/${invoice.id}/payments/`, {
    amount: invoice.total_amount,
    method: 'bank_transfer',
  });
}
// Until the pipeline is quiet: no delivery or function ran for two seconds.
for (let last = '', quiet = 0; quiet < 10; ) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  const now = JSON.stringify(measured.functions) + measured.deliveries;
  quiet = last === now ? quiet + 1 : 0;
  last = now;
}
counting = false;
process.send?.({ invoices: SAMPLE, perSample: measured, jobRun } satisfies CostMeasurement);
for (const loop of loops) await loop.stop();
await Promise.all([
  api.stop(),
  lambda.stop(),
  ecbFeed.stop(),
  ses.stop(),
  bus.stop(),
  sqsEmulator.stop(),
  sesEmulator.stop(),
]);
await dynamo.stop();
receiver.close();
process.exit(0);
