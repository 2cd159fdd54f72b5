// The counts docs/deploy.md gives a first-time operator, read against the synthesized template of the
// deployments it describes, so the guide cannot go stale when a worker, a queue or a list is added.
import { readFileSync } from 'node:fs';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '#functions/jobs';
import { QUEUES } from '#functions/topology';
import { sandboxRecipientsOf } from '#infra/constructs/grants';
import { synthesizedWholeTemplate } from '#test/support/cloudformation';

const guide = readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
const EMAIL_FROM = 'Acme Billing <billing@acme.example>';

let plain: Template;
let stripe: Template;
let peppol: Template;
let receiving: Template;
beforeAll(() => {
  receiving = synthesizedWholeTemplate({ emailFrom: EMAIL_FROM, inboundEmailDomain: 'invoices.acme.example' });
  peppol = synthesizedWholeTemplate({
    emailFrom: EMAIL_FROM,
    peppol: { accessPoint: 'storecove', secretName: 'invoicing/peppol' },
  });
  plain = synthesizedWholeTemplate({ emailFrom: EMAIL_FROM }, { reserveConcurrency: 'true' });
  stripe = synthesizedWholeTemplate(
    { emailFrom: EMAIL_FROM, stripeSecretName: 'invoicing/stripe', sesSandboxRecipients: ['ap@customer.example'] },
    { reserveConcurrency: 'true' },
  );
}, 180_000);

/** The numbers the guide writes where `pattern` matches (it must, once). */
function stated(pattern: RegExp): number[] {
  const matches = [...guide.matchAll(new RegExp(pattern, 'g'))];
  expect(matches.length, `docs/deploy.md says ${pattern}`).toBe(1);
  return matches[0]!.slice(1).map(Number);
}

const resources = (template: Template, type: string) =>
  Object.entries(template.findResources(type)) as [string, { Properties: Record<string, any> }][];
const alarms = (template: Template) => resources(template, 'AWS::CloudWatch::Alarm');
const metricsOf = (alarm: { Properties: Record<string, any> }) =>
  alarm.Properties.Metrics ? alarm.Properties.Metrics.filter((metric: object) => 'MetricStat' in metric).length : 1;
const functions = (template: Template) => resources(template, 'AWS::Lambda::Function');

describe('docs/deploy.md, against the synthesized template', () => {
  it('counts the alarms as the stack raises them, with and without Stripe, with a Peppol access point or a receiving domain', () => {
    expect(
      stated(
        /\*\*Alarms\*\* \(all to the alarm topic; (\d+), or (\d+) with Stripe, three more with a Peppol access point, and three more with a receiving domain\)/,
      ),
    ).toEqual([alarms(plain).length, alarms(stripe).length]);
    expect(alarms(peppol).length).toBe(alarms(plain).length + 3);
    expect(alarms(receiving).length).toBe(alarms(plain).length + 3);
  });

  it('counts the dead-letter queues, each alarmed, in the alarm list and in the cost table', () => {
    const deadLetters = resources(plain, 'AWS::SQS::Queue').filter(([id]) => /Dlq[0-9A-F]{8}$/.test(id));
    const depthAlarms = alarms(plain).filter(([id]) => /DlqDepth[0-9A-F]{8}$/.test(id));
    expect(depthAlarms.length).toBe(deadLetters.length);
    const receivingDeadLetters = resources(receiving, 'AWS::SQS::Queue').filter(([id]) => /Dlq[0-9A-F]{8}$/.test(id));
    expect(stated(/a message in any of the (\d+) dead-letter queues \((\d+) with a receiving domain/)).toEqual([
      deadLetters.length,
      receivingDeadLetters.length,
    ]);
    const peppolDeadLetters = resources(peppol, 'AWS::SQS::Queue').filter(([id]) => /Dlq[0-9A-F]{8}$/.test(id));
    expect(stated(/(\d+) with a Peppol access point:\s+received documents/)).toEqual([peppolDeadLetters.length]);
    expect(stated(/(\d+) dead-letter alarms and (\d+) other single-metric alarms at \$0\.10/)).toEqual([
      depthAlarms.length,
      alarms(plain).filter(([, alarm]) => metricsOf(alarm) === 1).length - depthAlarms.length,
    ]);
    expect(stated(/(\d+) alarms on two-metric expressions at \$0\.20 \((\d+) with Stripe\)/)).toEqual([
      alarms(plain).filter(([, alarm]) => metricsOf(alarm) === 2).length,
      alarms(stripe).filter(([, alarm]) => metricsOf(alarm) === 2).length,
    ]);
    expect(alarms(plain).every(([, alarm]) => metricsOf(alarm) <= 2)).toBe(true);
  });

  it('counts the queues Lambda polls', () => {
    const polled = resources(plain, 'AWS::Lambda::EventSourceMapping').filter(
      ([, mapping]) => mapping.Properties.StartingPosition === undefined,
    );
    expect(stated(/long-polls each of the (\d+) worker queues/)).toEqual([polled.length]);
  });

  it('sums the reserved concurrency and the quota it needs, naming each queue worker with its share', () => {
    const sum = (template: Template) =>
      functions(template).reduce((total, [, fn]) => total + (fn.Properties.ReservedConcurrentExecutions ?? 0), 0);
    expect(sum(stripe)).toBe(sum(plain));
    expect(stated(/(\d+) in all\. Lambda keeps 100 unreserved, so this needs a quota of at least (\d+)/)).toEqual([
      sum(plain),
      sum(plain) + 100,
    ]);
    for (const { consumer } of Object.values(QUEUES))
      expect(guide, consumer.title).toContain(`${consumer.title.replace(/^the /, '')} ${consumer.maxConcurrency}`);
    expect(stated(/and 1 for each of the (\d+) scheduled jobs/)).toEqual([JOBS.length]);
  });

  it('counts the list functions that read the cursor key, where it rotates the key', () => {
    const signing = functions(plain).filter(([, fn]) => fn.Properties.Environment?.Variables?.CURSOR_SECRET_ARN);
    expect(stated(/the (\d+) list functions that sign cursors/)).toEqual([signing.length]);
    expect(stated(/The loop updates (\d+) functions\./)).toEqual([signing.length]);
  });

  it('lists every resource the stack retains, with how to delete it for good', () => {
    const section = guide.slice(guide.indexOf('## Tearing down'), guide.indexOf('## What an idle deployment costs'));
    const retained = [plain, receiving]
      .flatMap((template) =>
        Object.entries(template.toJSON().Resources as Record<string, { Type: string; DeletionPolicy?: string }>),
      )
      .filter(([, resource]) => resource.DeletionPolicy === 'Retain')
      .map(([id, resource]) => (resource.Type === 'AWS::S3::Bucket' ? id.replace(/[0-9A-F]{8}$/, '') : resource.Type))
      .sort();
    const named: Record<string, string> = {
      'AWS::Cognito::UserPool': '| the Cognito user pool',
      'AWS::DynamoDB::GlobalTable': '| the DynamoDB table',
      ExportsBucket: '| the S3 bucket of export files',
      IncomingBucket: '| the S3 bucket of received e-invoices',
      ArchiveBucket: '| the archive bucket',
    };
    for (const kind of retained) {
      expect(named[kind], `a row for ${kind} in the teardown table`).toBeDefined();
      expect(section).toContain(named[kind]);
    }
  });

  it("grants the sandbox's recipients given with -c sesSandboxRecipients, the sender still pinned", () => {
    const sendStatements = (template: Template) =>
      resources(template, 'AWS::IAM::Policy')
        .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement)
        .filter((statement: { Action: string | string[] }) => [statement.Action].flat().includes('ses:SendRawEmail'));
    const identities = (template: Template) =>
      new Set(
        sendStatements(template).flatMap((statement: { Resource: unknown[] }) =>
          statement.Resource.map((arn) => JSON.stringify(arn).match(/identity\/([^"]+)/)?.[1]).filter(Boolean),
        ),
      );
    expect(guide).toContain('-c sesSandboxRecipients=ap@customer.example');
    expect(identities(plain)).toEqual(new Set(['billing@acme.example', 'acme.example']));
    expect(identities(stripe)).toEqual(new Set(['billing@acme.example', 'acme.example', 'ap@customer.example']));
    for (const statement of sendStatements(stripe))
      expect(statement.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'billing@acme.example' } });
  });

  it('takes -c sesSandboxRecipients as addresses and domains only, never a pattern', () => {
    expect(sandboxRecipientsOf('ap@customer.example, customer2.example')).toEqual([
      'ap@customer.example',
      'customer2.example',
    ]);
    expect(sandboxRecipientsOf(undefined)).toBeUndefined();
    expect(() => sandboxRecipientsOf('*')).toThrow(/addresses and domains/);
    expect(() => sandboxRecipientsOf('ap@customer.example,*@other.example')).toThrow(/\*@other\.example/);
  });
});
