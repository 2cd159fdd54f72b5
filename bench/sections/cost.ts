// What AWS would charge: the requests, capacity, bytes and durations measured through the laptop's
// runtime (bench/cost-child.ts) priced at on-demand list prices, for 1 000 invoices issued, sent, paid
// and announced to a webhook; and the monthly cost of the stack with nothing to do, read off its
// synthesized template (alarms, secrets, dashboard, queue pollers, schedules).
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import type { CostMeasurement, Usage } from '#bench/cost-child';
import type { BenchContext } from '#bench/context';
import { JOBS } from '#functions/jobs';
import { ROUTES } from '#functions/routes';
import { DOCUMENT_RENDERER, PAYMENT_GATEWAY } from '#functions/topology';
import { DEFAULT_MEMORY_MB } from '#infra/constructs/service-function';
import { InvoicingStack } from '#infra/stack';

/**
 * us-east-1 on-demand list prices from the AWS pricing pages (DynamoDB after its November 2024
 * reduction), recorded on the date below; free tiers left out. Change them here, with the date.
 */
export const PRICES = {
  recorded: '2026-11-26',
  region: 'us-east-1',
  dynamoWriteUnit: 0.625 / 1e6,
  dynamoReadUnit: 0.125 / 1e6,
  lambdaRequest: 0.2 / 1e6,
  lambdaArmGbSecond: 0.0000133334,
  httpApiRequest: 1.0 / 1e6,
  sesMessage: 0.1 / 1000,
  sesAttachmentGb: 0.12,
  sqsRequest: 0.4 / 1e6,
  eventBridgeEvent: 1.0 / 1e6,
  alarmMonth: 0.1,
  secretMonth: 0.4,
  dashboardMonth: 3,
} as const;

const INVOICES = 1000;
/** Lambda's pollers of an idle SQS event source: five, each long-polling 20 s (AWS's documented start). */
const IDLE_RECEIVES_PER_SOURCE_MONTH = 5 * 3 * 60 * 24 * 30;

export async function cost(context: BenchContext): Promise<void> {
  const measured = await measure();
  const scale = INVOICES / measured.invoices;
  const parts = priced(measured.perSample, scale);
  const total = Object.values(parts).reduce((sum, value) => sum + value, 0);
  const delivered = measured.perSample.deliveries >= measured.invoices * 3;
  const label = `${INVOICES} invoices issued, e-mailed with their PDF, paid, every event delivered to a webhook`;
  const perInvoice = (value: number) => value / measured.invoices;
  const usage = measured.perSample;
  for (const [what, value, unit] of [
    ['DynamoDB write request units', perInvoice(usage.writeUnits), 'WRU'],
    ['DynamoDB read request units', perInvoice(usage.readUnits), 'RRU'],
    ['Lambda GB-seconds', perInvoice(gbSeconds(usage)), 'GB-s'],
    ['Lambda invocations', perInvoice(Object.values(usage.functions).reduce((n, f) => n + f.invocations, 0)), 'calls'],
    ['e-mail bytes (with the PDF)', perInvoice(usage.emailBytes) / 1024, 'KB'],
    ['webhook deliveries', perInvoice(usage.deliveries), 'calls'],
  ] as const)
    context.rows.row(`per invoice issued, sent and paid: ${what}`, value, 0, unit, 'reported', delivered);
  // In US cents: the parts of 1 000 invoices are fractions of a dollar.
  for (const [part, dollars] of Object.entries(parts))
    context.rows.row(`cost of ${label}: ${part}`, dollars * 100, 0, '¢', 'reported', delivered);
  context.rows.row(
    `cost of ${label}: total (${PRICES.region} list prices recorded ${PRICES.recorded})`,
    total * 100,
    0,
    '¢',
    'reported',
    delivered,
  );
  const idle = idleMonth(measured.jobRun);
  for (const [part, dollars] of Object.entries(idle))
    context.rows.row(`fixed monthly cost of an idle stack: ${part}`, dollars, 0, 'USD', 'reported', true);
  context.rows.row(
    'fixed monthly cost of an idle stack: total',
    Object.values(idle).reduce((sum, value) => sum + value, 0),
    0,
    'USD',
    'reported',
    true,
  );
}

async function measure(): Promise<CostMeasurement> {
  const child = fork(fileURLToPath(new URL('../cost-child.ts', import.meta.url)), [], {
    env: { ...process.env, LOG_LEVEL: 'silent' },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as CostMeasurement));
    child.once('exit', (code) => reject(new Error(`the cost measurement exited with ${code}`)));
  });
}

/** The memory each function is given in the stack, in MB. */
const memoryMb = (name: string) =>
  ({
    [DOCUMENT_RENDERER.handler]: DOCUMENT_RENDERER.memorySize,
    [PAYMENT_GATEWAY.handler]: PAYMENT_GATEWAY.memorySize,
  })[name] ?? DEFAULT_MEMORY_MB;

const callsOf = (usage: Usage, match: (call: string) => boolean) =>
  Object.entries(usage.calls)
    .filter(([call]) => match(call))
    .reduce((sum, [, count]) => sum + count, 0);

const gbSeconds = (usage: Usage) =>
  Object.entries(usage.functions).reduce((sum, [name, { ms }]) => sum + (ms / 1000) * (memoryMb(name) / 1024), 0);

function lambdaDollars(usage: Usage, scale = 1) {
  const invocations = Object.values(usage.functions).reduce((sum, { invocations }) => sum + invocations, 0);
  return scale * (invocations * PRICES.lambdaRequest + gbSeconds(usage) * PRICES.lambdaArmGbSecond);
}

function priced(usage: Usage, scale: number): Record<string, number> {
  const routes = Object.keys(usage.functions).filter((name) => ROUTES.some((route) => route.name === name));
  const apiRequests = routes.reduce((sum, name) => sum + usage.functions[name]!.invocations, 0);
  return {
    'DynamoDB (request units)':
      scale * (usage.writeUnits * PRICES.dynamoWriteUnit + usage.readUnits * PRICES.dynamoReadUnit),
    'Lambda (requests and GB-seconds, arm64)': lambdaDollars(usage, scale),
    'API Gateway (HTTP API requests)': scale * apiRequests * PRICES.httpApiRequest,
    'SES (messages and attachment bytes)':
      scale * (usage.emails * PRICES.sesMessage + (usage.emailBytes / 1024 ** 3) * PRICES.sesAttachmentGb),
    'SQS (sends, receives with messages, deletes)':
      scale * callsOf(usage, (call) => call.startsWith('SQS.')) * PRICES.sqsRequest,
    'EventBridge (events published)': scale * usage.eventsPublished * PRICES.eventBridgeEvent,
  };
}

/** Runs a month of an EventBridge schedule takes: the expressions functions/jobs.ts uses. */
export function runsPerMonth(schedule: string): number {
  const rate = /^rate\((\d+) minutes?\)$/.exec(schedule);
  if (rate) return (30 * 24 * 60) / Number(rate[1]);
  const cron = /^cron\((\S+) (\S+) \S+ \S+ (\S+) \S+\)$/.exec(schedule);
  if (!cron) throw new Error(`no monthly count for the schedule ${schedule}`);
  const [, minutes, hours, weekdays] = cron;
  const perHour = minutes!.split(',').length;
  const perDay = hours === '*' ? 24 : hours!.split(',').length;
  const days = weekdays === 'MON-FRI' ? (30 * 5) / 7 : 30;
  return perHour * perDay * days;
}

/** The stack's resources that cost money while nothing happens, from its synthesized templates. */
function idleMonth(jobRun: Usage): Record<string, number> {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  new InvoicingStack(app, 'InvoicingService');
  const directory = app.synth().directory;
  const counts = new Map<string, number>();
  for (const file of readdirSync(directory).filter((name) => name.endsWith('.template.json'))) {
    const { Resources = {} } = JSON.parse(readFileSync(join(directory, file), 'utf8')) as {
      Resources?: Record<string, { Type: string; Properties?: { EventSourceArn?: unknown } }>;
    };
    for (const resource of Object.values(Resources)) {
      const sqsSource =
        resource.Type === 'AWS::Lambda::EventSourceMapping' &&
        !JSON.stringify(resource.Properties?.EventSourceArn).includes('StreamArn');
      const key = sqsSource ? 'sqs-source' : resource.Type;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const count = (type: string) => counts.get(type) ?? 0;
  const jobs = JOBS.reduce((sum, job) => sum + runsPerMonth(job.schedule), 0);
  // Each job's own duration; the DynamoDB units of one run of all jobs, shared out evenly.
  const jobLambda = JOBS.reduce((sum, job) => {
    const run = jobRun.functions[job.name];
    return sum + (run ? lambdaDollars({ ...jobRun, functions: { [job.name]: run } }) * runsPerMonth(job.schedule) : 0);
  }, 0);
  const jobUnits =
    ((jobRun.writeUnits * PRICES.dynamoWriteUnit + jobRun.readUnits * PRICES.dynamoReadUnit) / JOBS.length) * jobs;
  return {
    [`CloudWatch alarms (${count('AWS::CloudWatch::Alarm')})`]: count('AWS::CloudWatch::Alarm') * PRICES.alarmMonth,
    [`Secrets Manager secrets (${count('AWS::SecretsManager::Secret')})`]:
      count('AWS::SecretsManager::Secret') * PRICES.secretMonth,
    [`CloudWatch dashboard (${count('AWS::CloudWatch::Dashboard')}, beyond an account's three free)`]:
      count('AWS::CloudWatch::Dashboard') * PRICES.dashboardMonth,
    [`idle SQS pollers of ${count('sqs-source')} queue event sources`]:
      count('sqs-source') * IDLE_RECEIVES_PER_SOURCE_MONTH * PRICES.sqsRequest,
    [`scheduled jobs (${Math.round(jobs)} runs of ${JOBS.length} jobs, each run as measured idle)`]:
      jobLambda + jobUnits,
  };
}
