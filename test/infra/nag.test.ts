// cdk-nag's AWS Solutions and Serverless rule packs over the whole stack, nested stacks included:
// no finding left unacknowledged (each acknowledgment carries its reason where it is made).
import { App, Stack } from 'aws-cdk-lib';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { InvoicingStack, type InvoicingStackProps } from '#infra/stack';

/** Every unacknowledged finding of both packs, as "rule path", for a stack built into a fresh app. */
function findings(build: (app: App) => void, context: Record<string, string> = {}): string[] {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...context } });
  build(app);
  app.synth();
  return [new AwsSolutionsChecks(), new ServerlessChecks()].flatMap((pack) =>
    pack
      .validateScope(app)
      .violations.flatMap((violation) =>
        violation.violatingResources.map((resource) => `${violation.ruleName} ${resource.constructPath}`),
      ),
  );
}

const stack = (props: InvoicingStackProps) => (app: App) => new InvoicingStack(app, 'Nag', props);

describe('cdk-nag', () => {
  it.each([
    ['the default deployment', {}, {}],
    [
      'a Stripe and Storecove deployment with alarm e-mails',
      {
        stripeSecretName: 'invoicing/stripe',
        alarmEmail: 'ops@acme.example',
        peppol: { accessPoint: 'storecove', secretName: 'invoicing/peppol' },
      },
      {},
    ],
    ['a test-mode deployment with reserved concurrency', { paymentsSandbox: true }, { reserveConcurrency: 'true' }],
  ] as const)('finds nothing unacknowledged in %s', (_name, props, context) => {
    expect(findings(stack(props), context)).toEqual([]);
  });

  it('does find what nobody acknowledged', () => {
    const found = findings((app) => {
      new InvoicingStack(app, 'Nag', {});
      new Queue(new Stack(app, 'Careless'), 'Plain');
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^AwsSolutions-SQS3 Careless\/Plain/),
        expect.stringMatching(/^AwsSolutions-SQS4 Careless\/Plain/),
      ]),
    );
  });
});
