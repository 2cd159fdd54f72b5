// The HTTP API: one function and one route per entry of functions/routes.ts, each granted only the
// table access its entry declares; only the token endpoints may read the signing key.
import { CfnOutput, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ROUTES, servedRoutes, type Route } from '../../functions/routes.ts';
import type { PaymentProvider } from '../../shared/payments/provider.ts';
import { ServiceFunction } from './service-function.ts';

export type ApiProps = {
  table: TableV2;
  environment: Record<string, string>;
  publicBaseUrl?: string;
  signing: { secret: ISecret; publicJwks: string };
  identityProvider: Record<'IDP_ISSUER' | 'IDP_AUDIENCE' | 'IDP_JWKS_URL', string>;
  /** Sender of invoice e-mails, "Name <address>"; its address or domain must be verified in SES. */
  emailFrom: string;
  /** A secret with {"secret_key", "webhook_secret"}, where the provider is Stripe. */
  stripeSecret?: ISecret;
  paymentProvider: PaymentProvider;
  /** The list cursors' HMAC key, read by the list functions at cold start. */
  cursorSecret: ISecret;
};

/** Wiring that exists only once the event pipeline does: the delivery queue, for the retry route. */
export type ApiPipelineWiring = { deliveryQueue: IQueue };

const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

export const logicalId = (name: string) => name.split('-').map((part) => part[0]!.toUpperCase() + part.slice(1)).join('');

/** API Gateway HTTP APIs route `/x/` to the route `/x`, and refuse route paths ending in '/'. */
export const gatewayPath = (route: Route) => route.path.replace(/\/$/, '');

export class ApiConstruct extends Construct {
  readonly httpApi: HttpApi;
  readonly functions: Record<string, ServiceFunction> = {};

  /** Gives the routes that queue deliveries the delivery queue (the pipeline is built after the API). */
  connectPipeline({ deliveryQueue }: ApiPipelineWiring): void {
    for (const route of ROUTES as readonly Route[]) {
      if (!route.queuesDeliveries) continue;
      const fn = this.functions[route.name]!;
      fn.addEnvironment('WEBHOOK_DELIVERY_QUEUE_URL', deliveryQueue.queueUrl);
      deliveryQueue.grantSendMessages(fn);
    }
  }
  /** What every function of the service needs to load its configuration (no secrets). */
  readonly sharedEnvironment: Record<string, string>;
  /** SES sending from the configured sender only, for every function that sends invoices. */
  readonly sendEmail: PolicyStatement;

  constructor(scope: Construct, id: string, { table, environment, publicBaseUrl, signing, identityProvider, emailFrom, stripeSecret, paymentProvider, cursorSecret }: ApiProps) {
    super(scope, id);
    this.httpApi = new HttpApi(this, 'HttpApi', { description: 'Invoicing service API' });
    const baseUrl = publicBaseUrl ?? this.httpApi.apiEndpoint;
    this.sharedEnvironment = { ...environment, PUBLIC_BASE_URL: baseUrl, ACCESS_TOKEN_PUBLIC_JWKS: signing.publicJwks, EMAIL_FROM: emailFrom, PAYMENT_PROVIDER: paymentProvider };
    const sender = addressOf(emailFrom);
    const { partition, region, account } = Stack.of(this);
    const sendFromIdentity = this.sendEmail = new PolicyStatement({
      actions: ['ses:SendRawEmail'],
      resources: [`arn:${partition}:ses:${region}:${account}:identity/${sender}`, `arn:${partition}:ses:${region}:${account}:identity/${sender.split('@')[1]}`],
      conditions: { StringEquals: { 'ses:FromAddress': sender } },
    });

    for (const route of servedRoutes(paymentProvider)) {
      const fn = new ServiceFunction(this, logicalId(route.name), {
        entry: `functions/${route.name}/handler.ts`,
        environment: {
          ...this.sharedEnvironment, TABLE_NAME: table.tableName,
          ...(route.signsTokens ? { ...identityProvider, ACCESS_TOKEN_PRIVATE_JWK_SECRET_ARN: signing.secret.secretArn } : {}),
          ...(route.usesStripe && stripeSecret ? { STRIPE_SECRET_ARN: stripeSecret.secretArn } : {}),
          ...(route.signsCursors ? { CURSOR_SECRET_ARN: cursorSecret.secretArn } : {}),
        },
      });
      if (route.sendsEmail) fn.addToRolePolicy(sendFromIdentity);
      if (route.usesStripe) stripeSecret?.grantRead(fn);
      if (route.table === 'readWrite') table.grantReadWriteData(fn);
      if (route.table === 'read') table.grant(fn, 'dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable', 'dynamodb:UpdateItem');
      if (route.signsTokens) signing.secret.grantRead(fn);
      if (route.signsCursors) cursorSecret.grantRead(fn);
      this.functions[route.name] = fn;
      this.httpApi.addRoutes({
        path: gatewayPath(route),
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${logicalId(route.name)}Integration`, fn),
      });
    }
    new CfnOutput(scope, 'ApiUrl', { value: `${this.httpApi.apiEndpoint}/api/v1/` });
  }
}
