// The whole service in one stack, composed of one construct per concern.
import { Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { Route } from '#functions/routes';
import { AlarmsConstruct } from '#infra/constructs/alarms';
import { DashboardConstruct } from '#infra/constructs/dashboard';
import { ApiConstruct } from '#infra/constructs/api';
import { AuthConstruct } from '#infra/constructs/auth';
import { LogSubscriptionsConstruct } from '#infra/constructs/log-subscriptions';
import { InvokedFunctionConstruct } from '#infra/constructs/invoked-function';
import { DOCUMENT_RENDERER, E_INVOICE_READER, PAYMENT_GATEWAY, PEPPOL_GATEWAY } from '#functions/topology';
import { EmailEventsConstruct } from '#infra/constructs/email-events';
import { ExportsConstruct } from '#infra/constructs/exports';
import { ArchiveConstruct } from '#infra/constructs/archive';
import { type InboxWiring, IncomingConstruct } from '#infra/constructs/incoming';
import { InboundEmailConstruct } from '#infra/constructs/inbound-email';
import { InboundPeppolConstruct } from '#infra/constructs/inbound-peppol';
import { EventsConstruct } from '#infra/constructs/events';
import { SchedulesConstruct } from '#infra/constructs/schedules';
import { DataConstruct } from '#infra/constructs/data';

export type InvoicingStackProps = StackProps & {
  publicBaseUrl?: string;
  /** "Name <address>" of invoice e-mails; the address or its domain must be verified in SES. */
  emailFrom?: string;
  /**
   * While SES is in the sandbox: the verified addresses or domains invoices are sent to, which SES also
   * authorizes each sending against (docs/deploy.md "The SES sandbox"). Leave out once out of the sandbox.
   */
  sesSandboxRecipients?: readonly string[];
  /** Name of a Secrets Manager secret with {"secret_key", "webhook_secret"} to take card payments with Stripe. */
  stripeSecretName?: string;
  /**
   * Test mode: payment links open the sandbox provider's page, whose Pay button marks invoices paid
   * without any money moving. Never for a deployment that bills real customers.
   */
  paymentsSandbox?: boolean;
  /** The routes to deploy (default: every route the payment provider serves); tests add hypothetical ones. */
  routes?: readonly Route[];
  /** Where alarm notifications are e-mailed (confirm the subscription SNS sends). */
  alarmEmail?: string;
  /** Days audit entries are kept (default 400; docs/security.md "Audit log"). */
  auditRetentionDays?: number;
  /** Where invitation e-mails link, `{token}` replaced (default: the accept route; docs/security.md). */
  invitationUrl?: string;
  /** API Gateway's limit across the API: requests per second and burst (default 50 and 100). */
  apiRateLimit?: number;
  apiBurstLimit?: number;
  /** The Peppol access point e-invoices are sent through (docs/deploy.md "Peppol"); without it, Peppol routes answer 409. */
  peppol?: PeppolAccessPointProps;
  /**
   * The domain whose addresses receive e-invoices by e-mail (docs/deploy.md "Receiving e-invoices by
   * e-mail"): an SES receipt rule set for it, to activate after the deploy. Without it, no e-mail in.
   */
  inboundEmailDomain?: string;
};

export type PeppolAccessPointProps = {
  accessPoint: 'storecove' | 'phoss-ap';
  /** A Secrets Manager secret: {"api_key", "legal_entity_ids"} for Storecove, {"token"} for phoss-ap. */
  secretName: string;
  /** Storecove's API base (default its production API); where phoss-ap listens (required). */
  url?: string;
  /** The SML zone phoss-ap lookups ask (default the production SML's). */
  smlZone?: string;
};

/** Signs list cursors. Read by the list functions at cold start; never in any function's environment. */
function cursorKey(scope: Construct): Secret {
  const secret = new Secret(scope, 'CursorSecret', {
    description: 'HMAC key for list cursors',
    generateSecretString: { passwordLength: 48, excludePunctuation: true },
  });
  Validations.of(secret).acknowledge({
    id: 'AwsSolutions-SMG4',
    reason:
      'Rotating the cursor key invalidates every open list cursor; ' +
      'it is rotated by hand (docs/deploy.md, "Rotating the list-cursor key"), not on a schedule',
  });
  return secret;
}

/** The one function with the access point's key (functions/topology.ts PEPPOL_GATEWAY), reading it from its secret. */
function peppolGatewayOf(scope: Construct, peppol: PeppolAccessPointProps, alarms: AlarmsConstruct) {
  if (peppol.accessPoint === 'phoss-ap' && !peppol.url)
    throw new Error(
      'phoss-ap runs where the deployment runs it: give its address with -c peppolAccessPointUrl=https://…',
    );
  const secret = Secret.fromSecretNameV2(scope, 'PeppolSecret', peppol.secretName);
  return new InvokedFunctionConstruct(scope, 'Peppol', {
    spec: PEPPOL_GATEWAY,
    environment: {
      LOG_LEVEL: 'info',
      PEPPOL_ACCESS_POINT: peppol.accessPoint,
      PEPPOL_SECRET_ARN: secret.secretArn,
      ...(peppol.url ? { PEPPOL_ACCESS_POINT_URL: peppol.url } : {}),
      ...(peppol.smlZone ? { PEPPOL_SML_ZONE: peppol.smlZone } : {}),
    },
    alarms,
    secret,
  });
}

/** The one function with the Stripe SDK and Stripe's keys, reading them from their secret. */
function paymentGatewayOf(scope: Construct, secretName: string, alarms: AlarmsConstruct) {
  const secret = Secret.fromSecretNameV2(scope, 'StripeSecret', secretName);
  return new InvokedFunctionConstruct(scope, 'Payments', {
    spec: PAYMENT_GATEWAY,
    environment: { LOG_LEVEL: 'info', PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_ARN: secret.secretArn },
    alarms,
    secret,
  });
}

/** The bucket received e-invoices are kept in, and the e-invoice reader that alone reads and writes all of it. */
function inboxOf(scope: Construct, alarms: AlarmsConstruct) {
  const incoming = new IncomingConstruct(scope, 'Incoming');
  const reader = new InvokedFunctionConstruct(scope, 'Reading', {
    spec: E_INVOICE_READER,
    environment: { LOG_LEVEL: 'info', INCOMING_BUCKET: incoming.bucket.bucketName },
    alarms,
    assets: 'e-invoice-rules',
  });
  incoming.allowReader(reader.function);
  return { bucket: incoming.bucket, reader };
}

/** The ways into the inbox beside the upload route: e-mail for a receiving domain, Peppol with an access point. */
function waysIn(
  scope: Construct,
  inbox: InboxWiring,
  domain: string | undefined,
  gateway: InvokedFunctionConstruct | undefined,
) {
  if (domain) new InboundEmailConstruct(scope, 'InboundEmail', { ...inbox, domain });
  if (gateway) new InboundPeppolConstruct(scope, 'InboundPeppol', { ...inbox, gateway });
}

export class InvoicingStack extends Stack {
  constructor(scope: Construct, id: string, props: InvoicingStackProps = {}) {
    super(scope, id, props);
    if (props.stripeSecretName && props.paymentsSandbox)
      throw new Error('Choose one payment provider: stripeSecretName or paymentsSandbox, not both');
    const alarms = new AlarmsConstruct(this, 'Alarms', { email: props.alarmEmail });
    const data = new DataConstruct(this, 'Data');
    const cursorSecret = cursorKey(this);
    const auth = new AuthConstruct(this, 'Auth');
    const renderer = new InvokedFunctionConstruct(this, 'Documents', {
      spec: DOCUMENT_RENDERER,
      environment: { LOG_LEVEL: 'info' },
      alarms,
      assets: 'documents',
    });
    const gateway = props.stripeSecretName ? paymentGatewayOf(this, props.stripeSecretName, alarms) : undefined;
    const peppolGateway = props.peppol && peppolGatewayOf(this, props.peppol, alarms);
    const email = new EmailEventsConstruct(this, 'Email', { alarms });
    const exports = new ExportsConstruct(this, 'Exports');
    const archive = new ArchiveConstruct(this, 'Archive');
    const { bucket: incomingBucket, reader } = inboxOf(this, alarms);
    const api = new ApiConstruct(this, 'Api', {
      renderer,
      table: data.table,
      publicBaseUrl: props.publicBaseUrl,
      environment: { LOG_LEVEL: 'info', ...(props.invitationUrl ? { INVITATION_URL: props.invitationUrl } : {}) },
      cursorSecret,
      paymentProvider: props.stripeSecretName ? 'stripe' : props.paymentsSandbox ? 'sandbox' : 'none',
      routes: props.routes,
      alarms,
      throttle: { rateLimit: props.apiRateLimit ?? 50, burstLimit: props.apiBurstLimit ?? 100 },
      signing: { secret: auth.signingKeySecret, publicJwks: auth.publicJwks },
      identityProvider: auth.identityProvider,
      emailFrom: props.emailFrom ?? 'Invoices <invoices@example.com>',
      emailConfigurationSet: email.configurationSet.configurationSetName,
      sesSandboxRecipients: props.sesSandboxRecipients,
      gateway,
      peppolGateway,
      exportBucket: exports.bucket,
      incoming: { reader, bucket: incomingBucket },
      archiveBucket: archive.bucket,
    });
    email.addWorker({ table: data.table, environment: api.sharedEnvironment, alarms });
    const { sharedEnvironment: environment } = api;
    const inbox = { bucket: incomingBucket, archiveBucket: archive.bucket, reader, table: data.table, environment };
    waysIn(this, { ...inbox, alarms }, props.inboundEmailDomain, peppolGateway);
    new LogSubscriptionsConstruct(this, 'LogSubscriptions', {
      table: data.table,
      environment: api.sharedEnvironment,
      alarms,
      routeFunctions: api.functions,
    });
    const events = new EventsConstruct(this, 'Events', {
      table: data.table,
      renderer,
      peppolGateway,
      environment: { ...api.sharedEnvironment, AUDIT_RETENTION_DAYS: String(props.auditRetentionDays ?? 400) },
      alarms,
      exportBucket: exports.bucket,
      archiveBucket: archive.bucket,
    });
    api.connectPipeline({ deliveryQueue: events.queues.delivery });
    new SchedulesConstruct(this, 'Schedules', {
      table: data.table,
      environment: api.sharedEnvironment,
      bus: events.bus,
      sendEmail: api.sendEmail,
      renderer,
      alarms,
      archiveBucket: archive.bucket,
    });
    new DashboardConstruct(this, 'Operations', {
      httpApi: api.httpApi,
      publisher: events.publisher,
      alarms: alarms.alarms,
    });
  }
}
