import { App } from 'aws-cdk-lib';
import { InvoicingStack } from './stack.ts';

const app = new App();
new InvoicingStack(app, app.node.tryGetContext('stackName') ?? 'InvoicingService', {
  publicBaseUrl: app.node.tryGetContext('publicBaseUrl'),
  emailFrom: app.node.tryGetContext('emailFrom'),
  stripeSecretName: app.node.tryGetContext('stripeSecretName'),
  paymentsSandbox: String(app.node.tryGetContext('paymentsSandbox') ?? 'false') === 'true',
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
