// The one place that turns what a function declares it needs (a route's flags in functions/routes.ts,
// a job's in functions/jobs.ts, a queue worker's) into IAM grants, so the same need always gets the
// same statement, whichever construct builds the function.
import { type CfnResource, Names, Stack, Validations } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { Job } from '#functions/jobs';
import type { Route, TableAccess } from '#functions/routes';
import type { QueueSpec } from '#functions/topology';
import { grantTable, TABLE_ACTIONS } from '#infra/constructs/data';
import type { InvokedFunctionConstruct } from '#infra/constructs/invoked-function';
import type { ServiceFunction } from '#infra/constructs/service-function';

/** A function's declared needs, in the words of the route, job and queue tables. */
export type Needs = Pick<
  Route,
  | 'sendsEmail'
  | 'rendersDocuments'
  | 'usesStripe'
  | 'usesPeppol'
  | 'signsTokens'
  | 'signsCursors'
  | 'queuesDeliveries'
  | 'readsExports'
  | 'receivesInvoices'
  | 'readsIncoming'
  | 'archives'
> &
  Pick<Job, 'publishesEvents' | 'queuesRecurringRuns'> &
  Partial<
    Pick<
      QueueSpec['consumer'],
      'rendersDocuments' | 'sendsEmail' | 'retriesDeliveries' | 'writesExports' | 'queuesPeppolChecks'
    >
  > & {
    table?: TableAccess | keyof typeof TABLE_ACTIONS;
  };

/** What needs are granted on; an absent target grants nothing (no gateway without Stripe, a queue not built yet). */
export type GrantTargets = {
  table?: TableV2;
  sendEmail?: PolicyStatement;
  renderer?: InvokedFunctionConstruct;
  gateway?: InvokedFunctionConstruct;
  peppolGateway?: InvokedFunctionConstruct;
  signingKey?: ISecret;
  cursorKey?: ISecret;
  bus?: IEventBus;
  deliveryQueue?: IQueue;
  deliveryDeadLetters?: IQueue;
  recurringRuns?: IQueue;
  exportBucket?: IBucket;
  /** The Peppol queue: its worker puts its later looks at a sending on it. */
  peppolQueue?: IQueue;
  /** The e-invoice reader, for what receives invoices. */
  reader?: InvokedFunctionConstruct;
  incomingBucket?: IBucket;
  /** The Object Lock bucket of the archive. */
  archiveBucket?: IBucket;
};

type Grant<K extends keyof GrantTargets> = (
  fn: ServiceFunction,
  target: NonNullable<GrantTargets[K]>,
  needs: Needs,
) => void;

const GRANTS: { [K in keyof GrantTargets]-?: Grant<K> } = {
  table: (fn, table, { table: access = 'none' }) => {
    if (access !== 'none') grantTable(table, fn, TABLE_ACTIONS[access]);
  },
  sendEmail: (fn, statement, { sendsEmail }) => {
    if (sendsEmail) fn.addToRolePolicy(statement);
  },
  renderer: (fn, renderer, { rendersDocuments }) => {
    if (rendersDocuments) renderer.allow(fn);
  },
  gateway: (fn, gateway, { usesStripe }) => {
    if (usesStripe) gateway.allow(fn);
  },
  peppolGateway: (fn, gateway, { usesPeppol }) => {
    if (usesPeppol) gateway.allow(fn);
  },
  signingKey: (fn, secret, { signsTokens }) => {
    if (signsTokens) secret.grantRead(fn);
  },
  cursorKey: (fn, secret, { signsCursors }) => {
    if (signsCursors) secret.grantRead(fn);
  },
  bus: (fn, bus, { publishesEvents }) => {
    if (publishesEvents) bus.grantPutEventsTo(fn);
  },
  deliveryQueue: (fn, queue, { queuesDeliveries, retriesDeliveries }) => {
    if (queuesDeliveries) queue.grantSendMessages(fn);
    if (retriesDeliveries) queue.grant(fn, 'sqs:ChangeMessageVisibility');
  },
  deliveryDeadLetters: (fn, queue, { retriesDeliveries }) => {
    if (retriesDeliveries) queue.grantSendMessages(fn);
  },
  recurringRuns: (fn, queue, { queuesRecurringRuns }) => {
    if (queuesRecurringRuns) queue.grantSendMessages(fn);
  },
  peppolQueue: (fn, queue, { queuesPeppolChecks }) => {
    if (queuesPeppolChecks) queue.grantSendMessages(fn);
  },
  // Objects only (bucket/*): put and abort a multipart upload to write, get to sign a download link.
  exportBucket: (fn, bucket, { writesExports, readsExports }) =>
    grantObjects(
      fn,
      bucket,
      [
        ...(writesExports ? ['s3:PutObject', 's3:AbortMultipartUpload'] : []),
        ...(readsExports ? ['s3:GetObject'] : []),
      ],
      'Export files are keyed by organization and export id, written and read one by one: objects only, never the bucket',
    ),
  reader: (fn, reader, { receivesInvoices }) => {
    if (receivesInvoices) reader.allow(fn);
  },
  // Objects only: a receiver keeps the original (and deletes it again when the reader refuses the file).
  incomingBucket: (fn, bucket, { receivesInvoices, readsIncoming }) =>
    grantObjects(
      fn,
      bucket,
      [...(receivesInvoices ? ['s3:PutObject', 's3:DeleteObject'] : []), ...(readsIncoming ? ['s3:GetObject'] : [])],
      'Received documents are keyed by organization and the SHA-256 of their original, read and written one by one: objects only',
    ),
  // Objects only, and never a delete: each write sets its own lock (PutObjectRetention), reads serve and verify.
  archiveBucket: (fn, bucket, { archives }) =>
    grantObjects(
      fn,
      bucket,
      archives ? ['s3:PutObject', 's3:PutObjectRetention', 's3:GetObject'] : [],
      'Archived objects are keyed by organization, document and SHA-256, written and read one by one: objects only',
    ),
};

/** `actions` on the bucket's objects (never the bucket itself), with cdk-nag told why the wildcard is right. */
function grantObjects(fn: ServiceFunction, bucket: IBucket, actions: string[], reason: string): void {
  if (actions.length === 0) return;
  fn.addToRolePolicy(new PolicyStatement({ actions, resources: [bucket.arnForObjects('*')] }));
  Validations.of(fn).acknowledge({ id: `AwsSolutions-IAM5[Resource::<${bucketArnName(fn, bucket)}>/*]`, reason });
}

/** A bucket's ARN as cdk-nag names it: its logical id in its own stack, a reference parameter in a nested one. */
function bucketArnName(fn: ServiceFunction, bucket: IBucket): string {
  const cfn = bucket.node.defaultChild as CfnResource;
  return Stack.of(fn) === Stack.of(bucket)
    ? `${Stack.of(bucket).getLogicalId(cfn)}.Arn`
    : `referenceto${Names.uniqueId(cfn)}Arn`;
}

/**
 * Grants `fn` each of its `needs` on the matching target. Statements follow the order of `targets`' keys: each
 * construct keeps the order its deployed policies have, since reordering them would rewrite every role's policy.
 */
export function grantNeeds(fn: ServiceFunction, needs: Needs, targets: GrantTargets): void {
  const grant = <K extends keyof GrantTargets>(key: K) => {
    const target = targets[key];
    if (target) (GRANTS[key] as Grant<K>)(fn, target, needs);
  };
  for (const key of Object.keys(targets) as (keyof GrantTargets)[]) grant(key);
}

const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * SES sending from the configured sender ("Name <address>") only: its address or its domain identity,
 * through the service's configuration set (SES authorizes a sending on the configuration set too).
 *
 * In the SES sandbox, SES also authorizes a sending against the identity of each verified recipient, so
 * a deployment in the sandbox names the identities it mails (`-c sesSandboxRecipients=…`, docs/deploy.md).
 * They add resources only: the sender stays pinned by `ses:FromAddress`, and out of the sandbox SES never
 * authorizes against a recipient, so production may send nothing it could not send without them.
 */
export function sendEmailStatement(
  scope: Construct,
  emailFrom: string,
  configurationSetName: string,
  sandboxRecipients: readonly string[] = [],
): PolicyStatement {
  const sender = addressOf(emailFrom);
  const { partition, region, account } = Stack.of(scope);
  const identity = (name: string) => `arn:${partition}:ses:${region}:${account}:identity/${name}`;
  const identities = [sender, sender.split('@')[1]!, ...sandboxRecipients];
  return new PolicyStatement({
    actions: ['ses:SendRawEmail'],
    resources: [
      ...[...new Set(identities)].map(identity),
      `arn:${partition}:ses:${region}:${account}:configuration-set/${configurationSetName}`,
    ],
    conditions: { StringEquals: { 'ses:FromAddress': sender } },
  });
}

/** A verified SES identity a sandbox deployment mails: an address or a domain, never a pattern. */
const SES_IDENTITY = /^([^\s@*,]+@)?[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

/** `-c sesSandboxRecipients=a@customer.example,customer2.example`, checked; undefined when not given. */
export function sandboxRecipientsOf(value: unknown): string[] | undefined {
  if (value === undefined || value === '') return undefined;
  const names = String(value)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const wrong = names.filter((name) => !SES_IDENTITY.test(name));
  if (wrong.length > 0)
    throw new Error(`-c sesSandboxRecipients takes addresses and domains, comma-separated; not ${wrong.join(', ')}`);
  return names;
}
