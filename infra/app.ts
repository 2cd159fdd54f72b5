import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { sandboxRecipientsOf } from '#infra/constructs/grants';
import { InvoicingStack, type PeppolAccessPointProps } from '#infra/stack';

const app = new App();
// `-c bundle=false` (npm test): the templates without bundling the functions. Every handler's bundling
// is tested on its own (test/infra/bundling.test.ts, the bundle tests); a deploy always bundles.
if (app.node.tryGetContext('bundle') === 'false') app.node.setContext('aws:cdk:bundling-stacks', []);

/** A whole-number context value (`-c name=100`), or undefined when not given. */
function numberContext(name: string): number | undefined {
  const value = app.node.tryGetContext(name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(String(value))) throw new Error(`-c ${name} must be a whole number, not ${JSON.stringify(value)}`);
  return Number(value);
}
/** `-c peppolAccessPoint=storecove|phoss-ap|none` with its secret's name (and phoss-ap's address); none by default. */
function peppolContext(): PeppolAccessPointProps | undefined {
  const accessPoint = String(app.node.tryGetContext('peppolAccessPoint') ?? 'none');
  if (accessPoint === 'none') return undefined;
  if (accessPoint !== 'storecove' && accessPoint !== 'phoss-ap')
    throw new Error(`-c peppolAccessPoint takes storecove, phoss-ap or none, not ${JSON.stringify(accessPoint)}`);
  const secretName = app.node.tryGetContext('peppolSecretName');
  if (!secretName)
    throw new Error(`-c peppolAccessPoint=${accessPoint} needs -c peppolSecretName=<a Secrets Manager secret>`);
  const url = app.node.tryGetContext('peppolAccessPointUrl');
  if (url !== undefined && !/^https:\/\/[^\s/]+/.test(String(url)))
    throw new Error('-c peppolAccessPointUrl must be an https:// address');
  const smlZone = app.node.tryGetContext('peppolSmlZone');
  return { accessPoint, secretName: String(secretName), url, smlZone };
}
/** `-c inboundEmailDomain=invoices.example.com`: a domain name, checked; undefined when not given. */
function domainContext(name: string): string | undefined {
  const value = app.node.tryGetContext(name);
  if (value === undefined || value === '') return undefined;
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(String(value)))
    throw new Error(`-c ${name} must be a lower-case domain name, not ${JSON.stringify(value)}`);
  return String(value);
}
new InvoicingStack(app, app.node.tryGetContext('stackName') ?? 'InvoicingService', {
  publicBaseUrl: app.node.tryGetContext('publicBaseUrl'),
  emailFrom: app.node.tryGetContext('emailFrom'),
  sesSandboxRecipients: sandboxRecipientsOf(app.node.tryGetContext('sesSandboxRecipients')),
  stripeSecretName: app.node.tryGetContext('stripeSecretName'),
  paymentsSandbox: String(app.node.tryGetContext('paymentsSandbox') ?? 'false') === 'true',
  alarmEmail: app.node.tryGetContext('alarmEmail'),
  apiRateLimit: numberContext('apiRateLimit'),
  auditRetentionDays: numberContext('auditRetentionDays'),
  invitationUrl: app.node.tryGetContext('invitationUrl'),
  apiBurstLimit: numberContext('apiBurstLimit'),
  peppol: peppolContext(),
  inboundEmailDomain: domainContext('inboundEmailDomain'),
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});

// cdk-nag's rule packs run at every synth and deploy: an unacknowledged finding fails it.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
