// One recurring run with 5 000 due templates across 50 organizations.
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { collecting, putAll } from '#bench/bulk';
import { type BenchContext, CONCURRENCY, countedDb } from '#bench/context';
import { freePort, startSqsEmulator } from '#infra/local/emulators';
import { createQueues } from '#infra/local/pipeline';
import { seedOrganization } from '#infra/local/seed';
import { createClient } from '#shared/clients/create-client';
import { createRecurringInvoice } from '#shared/invoicing/create-recurring-invoice';
import { storedLineInput } from '#shared/domain/invoice';
import type { CorrelatedDb } from '#shared/data/table';
import { newId } from '#shared/domain/ids';
import { queueRun } from '#shared/recurring/queue';
import { type OrganizationRun, planRun, runOrganization } from '#shared/recurring/runner';
import { organizationRun } from '#shared/workers/messages';
import { queueWorker } from '#shared/workers/queue-worker';

const RECURRING_ORGS = 50;
const PER_ORG = 100;
const WORKERS = 10;

export async function recurring(context: BenchContext): Promise<void> {
  const today = await seedTemplates(context.db);
  // As in AWS: the runner queues one message per organization on the FIFO queue, and as many
  // workers as the stack reserves (10) take one message each.
  const sqsEmulator = await startSqsEmulator(await freePort());
  const sqs = new SQSClient({ endpoint: sqsEmulator.endpoint, useQueueUrlAsEndpoint: false });
  const { recurringRuns } = await createQueues(sqs, 'bench', 300);
  // A table handle of the run's own, so its calls alone are counted.
  const counted = countedDb('benchCallCounter');
  const started = performance.now();
  const planned = await planRun(counted.db, new Date(), today);
  await queueRun(sqs, recurringRuns, planned);
  const { generated, failures } = await drainRuns(sqs, recurringRuns, planned, counted.db, context.apiPort);
  const seconds = (performance.now() - started) / 1000;
  sqs.destroy();
  await sqsEmulator.stop();
  const templatesDue = planned.reduce((sum, run) => sum + run.recurring_ids.length, 0);
  const callsPerInvoice = counted.calls / Math.max(generated, 1);
  const itemsPerInvoice = Math.round(counted.transactItems / Math.max(generated, 1));
  const floor = await rawTransactionsSeconds(context.db, itemsPerInvoice, generated);
  context.rows.row(
    `recurring run via SQS (${WORKERS} workers): ${generated} invoices from ${templatesDue} templates in ` +
      `${RECURRING_ORGS} orgs, ${callsPerInvoice.toFixed(2)} DynamoDB calls per invoice; floor: as many bare ` +
      `transactions of its ${itemsPerInvoice} items`,
    seconds,
    floor,
    's',
    '≤ 20 s, ≤ 2 calls/invoice',
    generated === RECURRING_ORGS * PER_ORG && failures === 0 && seconds <= 20 && callsPerInvoice <= 2,
  );
}

/** Samples per floor: enough transactions for a steady rate, scaled to the run's invoice count. */
const FLOOR_SAMPLE = 500;

/**
 * What DynamoDB itself takes for `count` transactions of `items` conditional Puts each, issued by
 * WORKERS at once: the least a run that writes each invoice in one such transaction can take.
 */
async function rawTransactionsSeconds(db: CorrelatedDb, items: number, count: number): Promise<number> {
  const run = randomUUID();
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (issued < FLOOR_SAMPLE) {
        const transaction = issued++;
        await db.client.send(
          new TransactWriteCommand({
            TransactItems: Array.from({ length: items }, (_, item) => ({
              Put: {
                TableName: db.table,
                Item: {
                  pk: `BENCH#${run}#${transaction % RECURRING_ORGS}`,
                  sk: `${transaction}#${item}`,
                  size: 'x'.repeat(300),
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            })),
          }),
        );
      }
    }),
  );
  return ((performance.now() - started) / 1000) * (count / FLOOR_SAMPLE);
}

/** RECURRING_ORGS organizations with PER_ORG monthly templates each, all starting today; answers today. */
async function seedTemplates(db: CorrelatedDb): Promise<string> {
  const orgs = await Promise.all(
    Array.from({ length: RECURRING_ORGS }, (_, index) =>
      seedOrganization(db, {
        name: `Recurring ${index}`,
        owner: { id: newId('usr'), email: `r${index}@example.com` },
      }),
    ),
  );
  const today = new Date().toISOString().slice(0, 10);
  let creating = 0;
  const templates = orgs.flatMap((org) => Array.from({ length: PER_ORG }, () => org));
  const clientsByOrg = new Map(
    await Promise.all(
      orgs.map(
        async (org) =>
          [org.id, (await createClient(db, org.id, { name: 'Subscriber', email: 's@example.com' })).id] as const,
      ),
    ),
  );
  // Made by the service's own operation, written in batches: the run reads what the API would store.
  const seeding = collecting(db);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (creating < templates.length) {
        const org = templates[creating++]!;
        await createRecurringInvoice(seeding.db, org.id, {
          client_id: clientsByOrg.get(org.id)!,
          frequency: 'monthly',
          interval: 1,
          start_date: today,
          due_in_days: 30,
          auto_send: false,
          lines: [storedLineInput({ description: 'Plan', quantity: '1', unit_price: '10.00', tax_rate: '0.00' })],
        });
      }
    }),
  );
  await putAll(db, seeding.items);
  return today;
}

/** WORKERS workers taking one message each from the queue until every planned run is handled. */
async function drainRuns(
  sqs: SQSClient,
  queueUrl: string,
  planned: OrganizationRun[],
  db: CorrelatedDb,
  apiPort: number,
) {
  let generated = 0;
  let failures = 0;
  let handled = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      const runWorker = queueWorker(
        'bench-recurring',
        { logLevel: 'silent', message: organizationRun, fifo: true },
        async (run) => {
          const result = await runOrganization({ db, publicBaseUrl: `http://127.0.0.1:${apiPort}` }, run, run.today!);
          generated += result.generated;
          failures += result.failures;
        },
      );
      while (handled < planned.length) {
        const { Messages = [] } = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: 1,
            WaitTimeSeconds: 1,
            MessageSystemAttributeNames: ['All'],
          }),
        );
        for (const message of Messages) {
          const event = {
            Records: [{ messageId: message.MessageId!, body: message.Body!, attributes: message.Attributes ?? {} }],
          } as unknown as SQSEvent;
          const response = await runWorker(event);
          if (response.batchItemFailures.length === 0)
            await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle! }));
          handled += 1;
        }
      }
    }),
  );
  return { generated, failures };
}
