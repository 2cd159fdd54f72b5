// The HTTP API: one function and one route per entry of functions/routes.ts, each granted only the
// table access its entry declares; only the token endpoints may read the signing key. Each route
// costs up to eight resources, so the routes live in nested stacks, one per concern (ROUTE_STACKS),
// and every template stays far below CloudFormation's 500 (docs/architecture.md).
import { CfnOutput, CfnParameter, Duration, NestedStack, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { MathExpression } from 'aws-cdk-lib/aws-cloudwatch';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ROUTES, servedRoutes, type Route } from '#functions/routes';
import type { PaymentProvider } from '#shared/payments/provider';
import type { AlarmsConstruct } from '#infra/constructs/alarms';
import type { InvokedFunctionConstruct } from '#infra/constructs/invoked-function';
import { grantNeeds, sendEmailStatement } from '#infra/constructs/grants';
import { ServiceFunction } from '#infra/constructs/service-function';

export type ApiProps = {
  table: TableV2;
  environment: Record<string, string>;
  publicBaseUrl?: string;
  signing: { secret: ISecret; publicJwks: string };
  identityProvider: Record<'IDP_ISSUER' | 'IDP_AUDIENCE' | 'IDP_JWKS_URL', string>;
  /** Sender of invoice e-mails, "Name <address>"; its address or domain must be verified in SES. */
  emailFrom: string;
  /** The SES configuration set every e-mail goes through (infra/constructs/email-events.ts). */
  emailConfigurationSet: string;
  /** In the SES sandbox: the verified recipients' identities SES also authorizes a sending against. */
  sesSandboxRecipients?: readonly string[];
  /** Where the provider is Stripe: the function that talks to Stripe for the routes marked `usesStripe`. */
  gateway?: InvokedFunctionConstruct;
  /** Where the deployment has a Peppol access point: the function that drives it for the routes marked `usesPeppol`. */
  peppolGateway?: InvokedFunctionConstruct;
  paymentProvider: PaymentProvider;
  /** The list cursors' HMAC key, read by the list functions at cold start. */
  cursorSecret: ISecret;
  /** The routes to deploy: the provider's served routes (tests add hypothetical ones to check the limits). */
  routes?: readonly Route[];
  alarms: AlarmsConstruct;
  /** The function that draws documents for the routes marked `rendersDocuments`. */
  renderer: InvokedFunctionConstruct;
  /** Where export files are; get-export signs links to them. */
  exportBucket: IBucket;
  /** The e-invoice reader and the bucket received e-invoices are kept in (routes marked `receivesInvoices`, `readsIncoming`). */
  incoming: { reader: InvokedFunctionConstruct; bucket: IBucket };
  /** The archive's Object Lock bucket (routes marked `archives`). */
  archiveBucket: IBucket;
  /** Requests per second across the API, and the burst above it, before API Gateway answers 429. */
  throttle: { rateLimit: number; burstLimit: number };
};

/**
 * One JSON line per request from API Gateway; the function's own request line (same request id) adds the caller and
 * organization.
 */
const ACCESS_LOG_FORMAT = JSON.stringify({
  request_id: '$context.requestId',
  route: '$context.routeKey',
  method: '$context.httpMethod',
  path: '$context.path',
  status: '$context.status',
  latency_ms: '$context.responseLatency',
  integration_latency_ms: '$context.integrationLatency',
  integration_error: '$context.integrationErrorMessage',
  ip: '$context.identity.sourceIp',
  user_agent: '$context.identity.userAgent',
  response_bytes: '$context.responseLength',
  time: '$context.requestTime',
});

/**
 * The nested stack of each first path segment; an unlisted segment gets a stack named after it. Keep each
 * under 37 routes (up to 8 resources each: below 300). Never rename a stack or move a route to another:
 * CloudFormation creates the route in its new stack before it deletes the old one, a duplicate route key.
 */
export const ROUTE_STACKS: Record<string, string> = {
  users: 'AccessRoutes',
  '.well-known': 'AccessRoutes',
  organizations: 'AccessRoutes',
  'api-keys': 'AccessRoutes',
  invitations: 'AccessRoutes',
  'audit-log': 'AccessRoutes',
  clients: 'BillingRoutes',
  invoices: 'BillingRoutes',
  'number-series': 'BillingRoutes',
  reports: 'BillingRoutes',
  'recurring-invoices': 'AutomationRoutes',
  events: 'AutomationRoutes',
  webhooks: 'AutomationRoutes',
  'email-suppressions': 'AutomationRoutes',
  'exchange-rates': 'BillingRoutes',
  exports: 'BillingRoutes',
  quotes: 'QuotesRoutes',
  public: 'PublicRoutes',
  payments: 'PublicRoutes',
  peppol: 'PeppolRoutes',
  'incoming-invoices': 'InboxRoutes',
  archive: 'ArchiveRoutes',
  'bank-statements': 'ReconciliationRoutes',
  'bank-transactions': 'ReconciliationRoutes',
  // The names they had as unlisted segments: deployed stacks keep them.
  'credit-notes': 'CreditNotesRoutes',
  'openapi.json': 'OpenapijsonRoutes',
};

export const routeStackOf = (route: Route): string => {
  const segment = route.path.split('/')[3]!;
  return ROUTE_STACKS[segment] ?? `${logicalId(segment.replace(/[^a-z0-9-]/g, ''))}Routes`;
};

/** What every function of the service is told to load its configuration (no secrets). */
const sharedEnvironmentOf = (props: ApiProps, baseUrl: string): Record<string, string> => ({
  ...props.environment,
  PUBLIC_BASE_URL: baseUrl,
  ACCESS_TOKEN_PUBLIC_JWKS: props.signing.publicJwks,
  EMAIL_FROM: props.emailFrom,
  EMAIL_CONFIGURATION_SET: props.emailConfigurationSet,
  PAYMENT_PROVIDER: props.paymentProvider,
  EXPORT_BUCKET: props.exportBucket.bucketName,
  EXPORT_BUCKET_DOMAIN: props.exportBucket.bucketRegionalDomainName,
  INCOMING_BUCKET: props.incoming.bucket.bucketName,
  ARCHIVE_BUCKET: props.archiveBucket.bucketName,
});

/** Wiring that exists only once the event pipeline does: the delivery queue, for the retry route. */
export type ApiPipelineWiring = { deliveryQueue: IQueue };

export const logicalId = (name: string) =>
  name
    .split('-')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** The HTTP API, without a default stage (addStage makes the one it has). */
function httpApiOf(scope: Construct): HttpApi {
  const httpApi = new HttpApi(scope, 'HttpApi', { description: 'Invoicing service API', createDefaultStage: false });
  Validations.of(scope).acknowledge({
    id: 'AwsSolutions-APIG4',
    reason:
      'Each route authenticates in its function (API keys and our own access tokens, docs/security.md); ' +
      "the public routes are public by design (token exchange, public invoice pages, Stripe's signed webhook)",
  });
  return httpApi;
}

/** API Gateway HTTP APIs route `/x/` to the route `/x`, and refuse route paths ending in '/'. */
export const gatewayPath = (route: Route) => route.path.replace(/\/$/, '');

/** The default stage, with API Gateway's throttle and one access-log line per request. */
function addStage(scope: Construct, httpApi: HttpApi, throttle: ApiProps['throttle']): void {
  const accessLogs = new LogGroup(scope, 'AccessLogs', {
    retention: RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  new HttpStage(scope, 'DefaultStage', {
    httpApi,
    stageName: '$default',
    autoDeploy: true,
    throttle,
    accessLogSettings: {
      destination: new LogGroupLogDestination(accessLogs),
      format: AccessLogFormat.custom(ACCESS_LOG_FORMAT),
    },
  });
}

/** The API's alarms: the share of 5xx answers and the p99 latency. */
function raiseAlarms(scope: Construct, httpApi: HttpApi, alarms: AlarmsConstruct): void {
  const requests = httpApi.metricCount({ period: Duration.minutes(5) });
  const serverErrors = httpApi.metricServerError({ period: Duration.minutes(5) });
  alarms.raise(
    scope,
    'ServerErrorRate',
    new MathExpression({
      expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: serverErrors },
      period: Duration.minutes(5),
    }),
    {
      threshold: 5,
      evaluationPeriods: 2,
      description:
        'More than 5 % of API requests answered 5xx (route function errors, timeouts and throttles) for ten minutes',
    },
  );
  alarms.raise(scope, 'LatencyP99', httpApi.metricLatency({ statistic: 'p99', period: Duration.minutes(5) }), {
    threshold: 3000,
    evaluationPeriods: 3,
    description: 'API p99 latency above 3 s for fifteen minutes',
  });
}

/**
 * The routes' nested stacks, each made when its first route is. The identity provider's settings are Fn::If on a
 * condition of the parent stack: evaluated there, and handed to each nested stack that asks for them as whole
 * parameter values (a nested stack cannot see the condition).
 */
class RouteStacks {
  private readonly stacks = new Map<string, NestedStack>();
  private readonly identityProviders = new Map<NestedStack, ApiProps['identityProvider']>();
  private readonly scope: Construct;
  private readonly identityProvider: ApiProps['identityProvider'];

  constructor(scope: Construct, identityProvider: ApiProps['identityProvider']) {
    this.scope = scope;
    this.identityProvider = identityProvider;
  }

  of(route: Route): NestedStack {
    const name = routeStackOf(route);
    if (!this.stacks.has(name))
      this.stacks.set(
        name,
        new NestedStack(this.scope, name, {
          description: `Invoicing service: ${name.replace(/Routes$/, '').toLowerCase()} routes`,
        }),
      );
    return this.stacks.get(name)!;
  }

  identityProviderIn(stack: NestedStack): ApiProps['identityProvider'] {
    if (!this.identityProviders.has(stack)) {
      const parameter = (name: keyof ApiProps['identityProvider']) => {
        stack.setParameter(name, this.identityProvider[name]);
        return new CfnParameter(stack, name, { type: 'String' }).valueAsString;
      };
      this.identityProviders.set(stack, {
        IDP_ISSUER: parameter('IDP_ISSUER'),
        IDP_AUDIENCE: parameter('IDP_AUDIENCE'),
        IDP_JWKS_URL: parameter('IDP_JWKS_URL'),
      });
    }
    return this.identityProviders.get(stack)!;
  }
}

export class ApiConstruct extends Construct {
  readonly httpApi: HttpApi;
  readonly functions: Record<string, ServiceFunction> = {};

  /** Gives the routes that queue deliveries the delivery queue (the pipeline is built after the API). */
  connectPipeline({ deliveryQueue }: ApiPipelineWiring): void {
    for (const route of ROUTES as readonly Route[]) {
      const fn = this.functions[route.name];
      if (!route.queuesDeliveries || !fn) continue;
      fn.addEnvironment('WEBHOOK_DELIVERY_QUEUE_URL', deliveryQueue.queueUrl);
      grantNeeds(fn, route, { deliveryQueue });
    }
  }
  /** What every function of the service needs to load its configuration (no secrets). */
  readonly sharedEnvironment: Record<string, string>;
  /** SES sending from the configured sender only, for every function that sends invoices. */
  readonly sendEmail: PolicyStatement;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { table, publicBaseUrl, signing, identityProvider, emailFrom, emailConfigurationSet } = props;
    const { sesSandboxRecipients, gateway, peppolGateway, paymentProvider, cursorSecret, routes, alarms } = props;
    const { renderer, throttle, exportBucket, incoming, archiveBucket } = props;
    this.httpApi = httpApiOf(this);
    addStage(this, this.httpApi, throttle);
    raiseAlarms(this, this.httpApi, alarms);
    this.sharedEnvironment = sharedEnvironmentOf(props, publicBaseUrl ?? this.httpApi.apiEndpoint);
    this.sendEmail = sendEmailStatement(this, emailFrom, emailConfigurationSet, sesSandboxRecipients);

    const stacks = new RouteStacks(this, identityProvider);
    // In the order of the routes' deployed policy statements (grantNeeds).
    const targets = {
      sendEmail: this.sendEmail,
      renderer,
      gateway,
      table,
      signingKey: signing.secret,
      cursorKey: cursorSecret,
      exportBucket,
      peppolGateway,
      reader: incoming.reader,
      incomingBucket: incoming.bucket,
      archiveBucket,
    };
    for (const route of routes ?? servedRoutes(paymentProvider)) {
      const stack = stacks.of(route);
      const fn = new ServiceFunction(stack, logicalId(route.name), {
        entry: `functions/${route.name}/handler.ts`,
        ...(route.servesOpenApi ? { assets: 'openapi' as const } : {}),
        environment: {
          ...this.sharedEnvironment,
          TABLE_NAME: table.tableName,
          ...(route.signsTokens
            ? { ...stacks.identityProviderIn(stack), ACCESS_TOKEN_PRIVATE_JWK_SECRET_ARN: signing.secret.secretArn }
            : {}),
          ...(route.signsCursors ? { CURSOR_SECRET_ARN: cursorSecret.secretArn } : {}),
        },
      });
      grantNeeds(fn, route, targets);
      this.functions[route.name] = fn;
      new HttpRoute(stack, `${logicalId(route.name)}Route`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(gatewayPath(route), HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${logicalId(route.name)}Integration`, fn),
      });
    }
    new CfnOutput(scope, 'ApiUrl', { value: `${this.httpApi.apiEndpoint}/api/v1/` });
  }
}
