// Configuration is read once, when a function's module loads: a missing or malformed variable fails
// the cold start with its name instead of failing some later request.
import * as z from 'zod/mini';
import '#shared/zod-locale';
import { DEFAULT_SCHEDULE } from '#shared/domain/retry-schedule';

const json = <T>(what: string) =>
  z.pipe(
    z.string(),
    z.transform((text: string, context) => {
      try {
        return JSON.parse(text) as T;
      } catch {
        context.issues.push({ code: 'custom', message: `must be ${what} as JSON`, input: text });
        return z.NEVER;
      }
    }),
  );

const positiveInteger = () =>
  z.coerce.number().check(z.refine(Number.isInteger, 'must be a whole number'), z.positive());

/**
 * Every setting the service reads, as a function that builds its schema: a cold start builds only
 * those of the variables it is given (loadConfig). A setting with an entry in DEFAULTS may be unset.
 */
const SETTINGS = {
  TABLE_NAME: () => z.string().check(z.minLength(3)),
  /** Base of public_url and pdf_url, and of `next` links when a request carries no host. */
  PUBLIC_BASE_URL: () =>
    z.pipe(
      z.url(),
      z.transform((url: string) => url.replace(/\/+$/, '')),
    ),
  /** HMAC key for list cursors, at least 32 characters (local runs and tests)… */
  CURSOR_SECRET: () => z.optional(z.string().check(z.minLength(32))),
  /** …or, in AWS, the Secrets Manager secret holding it: secret values never sit in a function's environment. */
  CURSOR_SECRET_ARN: () => z.optional(z.string().check(z.startsWith('arn:'))),
  MAX_BODY_BYTES: positiveInteger,
  LOG_LEVEL: () => z.enum(['debug', 'info', 'warn', 'error', 'silent']),
  /** Public keys that verify access tokens ({"keys": [...]}); every route needs them. */
  ACCESS_TOKEN_PUBLIC_JWKS: () => json<{ keys: import('jose').JWK[] }>('a JWK set'),
  ACCESS_TOKEN_ISSUER: () => z.string(),
  ACCESS_TOKEN_AUDIENCE: () => z.string(),
  ACCESS_TOKEN_TTL_SECONDS: positiveInteger,
  REFRESH_TOKEN_IDLE_SECONDS: positiveInteger,
  REFRESH_TOKEN_MAX_SECONDS: positiveInteger,
  /** Where an invitation e-mail's link points, `{token}` replaced (docs/security.md); absent: the accept route. */
  INVITATION_URL: () => z.optional(z.url().check(z.includes('{token}', 'must contain {token}'))),
  /** How long audit entries are kept (docs/security.md "Audit log"). */
  AUDIT_RETENTION_DAYS: positiveInteger,
  /** Sender of invoice e-mails; in AWS an identity verified in SES. */
  EMAIL_FROM: () => z.string().check(z.minLength(3)),
  /** The ECB's euro reference rates of the last 90 days, the history beside it (eurofxref-hist.xml); locally and in tests a stand-in (infra/local/ecb-feed.ts). */
  ECB_RATES_URL: () => z.url(),
  /** The SES configuration set every e-mail goes through: its events report each e-mail's delivery. */
  EMAIL_CONFIGURATION_SET: () => z.optional(z.string().check(z.minLength(1))),
  /**
   * How payers pay online: Stripe Checkout, the sandbox (no money moves: local runs, tests and
   * deployments that opt into test mode), or not at all (payment links refused, no Pay button).
   */
  PAYMENT_PROVIDER: () => z.enum(['stripe', 'sandbox', 'none']),
  /** Stripe's keys where PAYMENT_PROVIDER is stripe (local runs and tests). */
  STRIPE_SECRET_KEY: () => z.optional(z.string().check(z.startsWith('sk_'))),
  STRIPE_WEBHOOK_SECRET: () => z.optional(z.string().check(z.startsWith('whsec_'))),
  /** In AWS: a secret holding {"secret_key": "sk_…", "webhook_secret": "whsec_…"} instead of the two above. */
  STRIPE_SECRET_ARN: () => z.optional(z.string().check(z.startsWith('arn:'))),
  /** Only for tests and local fakes: where the Stripe SDK sends its requests. */
  STRIPE_API_BASE_URL: () => z.optional(z.url()),
  /** Local development and tests only: let webhooks go to http://127.0.0.1 receivers. */
  WEBHOOK_ALLOW_LOOPBACK_HTTP: () =>
    z.pipe(
      z.enum(['true', 'false']),
      z.transform((value: 'true' | 'false') => value === 'true'),
    ),
  /** The EventBridge bus the publisher puts events on. */
  EVENT_BUS_NAME: () => z.string(),
  /** Where the fan-out worker queues one message per subscription. */
  WEBHOOK_DELIVERY_QUEUE_URL: () => z.optional(z.string().check(z.regex(/^https?:\/\/\S+$/, 'must be a queue URL'))),
  WEBHOOK_DELIVERY_DLQ_URL: () => z.optional(z.string().check(z.regex(/^https?:\/\/\S+$/, 'must be a queue URL'))),
  /** The FIFO queue the recurring runner puts one message per organization on. */
  RECURRING_RUN_QUEUE_URL: () =>
    z.optional(z.string().check(z.regex(/^https?:\/\/\S+\.fifo$/, 'must be the URL of a FIFO queue'))),
  /** Seconds between delivery attempts (comma-separated); about a day in all by default. */
  WEBHOOK_RETRY_SCHEDULE: () =>
    z
      .pipe(
        z.string(),
        z.transform((text: string) => text.split(',').map(Number)),
      )
      .check(
        z.refine<number[]>(
          (delays) => delays.every((delay) => Number.isInteger(delay) && delay >= 0 && delay <= 43_200),
          'must be whole seconds from 0 to 43200, comma-separated',
        ),
      ),
  WEBHOOK_TIMEOUT_MS: positiveInteger,
  /** A subscription whose deliveries have all failed for this long is disabled. */
  WEBHOOK_DISABLE_AFTER_SECONDS: positiveInteger,
  /** The document renderer (functions/render-document) the routes and workers that draw documents invoke. */
  DOCUMENT_RENDERER_FUNCTION: () =>
    z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a function name'))),
  /** The payment gateway (functions/payment-gateway) the Stripe routes invoke. */
  PAYMENT_GATEWAY_FUNCTION: () =>
    z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a function name'))),
  /** The e-invoice reader (functions/read-e-invoice) the inbox's routes and workers invoke. */
  E_INVOICE_READER_FUNCTION: () =>
    z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a function name'))),
  /** The Peppol gateway (functions/peppol-gateway) the Peppol routes and the sending worker invoke; absent: no Peppol. */
  PEPPOL_GATEWAY_FUNCTION: () =>
    z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a function name'))),
  /** The Peppol queue, where the worker puts its later looks at a sending's status. */
  PEPPOL_QUEUE_URL: () => z.optional(z.string().check(z.regex(/^https?:\/\/\S+$/, 'must be a queue URL'))),
  /** The incoming-peppol queue, where the gateway puts each received document it kept for the Peppol receiver. */
  PEPPOL_INCOMING_QUEUE_URL: () => z.optional(z.string().check(z.regex(/^https?:\/\/\S+$/, 'must be a queue URL'))),
  /** Seconds before the worker's first look at a transmitted sending's status; each next waits twice as long. */
  PEPPOL_CHECK_SECONDS: positiveInteger,
  /** The access point the gateway drives (docs/peppol.md). */
  PEPPOL_ACCESS_POINT: () => z.optional(z.enum(['storecove', 'phoss-ap'], 'must be storecove or phoss-ap')),
  /** Where it answers: Storecove's API base, or where phoss-ap listens. */
  PEPPOL_ACCESS_POINT_URL: () => z.optional(z.url({ protocol: /^https?$/ })),
  /** Storecove's API key or phoss-ap's token (local runs and tests)… */
  PEPPOL_API_KEY: () => z.optional(z.string().check(z.minLength(8))),
  /** …with Storecove's legal entity per organization ({"<organization id>" | "default": id}, local runs and tests)… */
  PEPPOL_LEGAL_ENTITY_IDS: () => z.optional(json<Record<string, number>>('an object of legal entity ids')),
  /** …or, in AWS, the secret holding {"api_key", "legal_entity_ids"} (Storecove) or {"token"} (phoss-ap). */
  PEPPOL_SECRET_ARN: () => z.optional(z.string().check(z.startsWith('arn:'))),
  /** phoss-ap's lookups: one SMP every participant is asked at (local runs and tests), instead of the SML's DNS… */
  PEPPOL_SMP_URL: () => z.optional(z.url({ protocol: /^https?$/ })),
  /** …whose zone is the production SML's unless given (the test SML's, say). */
  PEPPOL_SML_ZONE: () => z.string().check(z.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a DNS zone')),
  /** The domain whose addresses receive e-invoices by e-mail, one per organization (docs/incoming-invoices.md); absent: none. */
  INBOUND_EMAIL_DOMAIN: () =>
    z.optional(z.string().check(z.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a lower-case domain name'))),
  PAYMENT_LINK_TTL_SECONDS: () =>
    z.coerce.number().check(z.refine(Number.isInteger, 'must be a whole number'), z.minimum(1800), z.maximum(86_400)),
};

type Settings = typeof SETTINGS;
type Setting<K extends keyof Settings> = z.output<ReturnType<Settings[K]>>;
type Optional = { [K in keyof Settings]: undefined extends Setting<K> ? K : never }[keyof Settings];
export type Config = { [K in Exclude<keyof Settings, Optional>]: Setting<K> } & { [K in Optional]?: Setting<K> };

/** What an unset variable means; a setting without an entry here is required. */
const DEFAULTS = {
  CURSOR_SECRET: undefined,
  CURSOR_SECRET_ARN: undefined,
  MAX_BODY_BYTES: 1_048_576,
  LOG_LEVEL: 'info',
  ACCESS_TOKEN_ISSUER: 'invoicing-service',
  ACCESS_TOKEN_AUDIENCE: 'invoicing-api',
  ACCESS_TOKEN_TTL_SECONDS: 3600,
  REFRESH_TOKEN_IDLE_SECONDS: 14 * 24 * 3600,
  REFRESH_TOKEN_MAX_SECONDS: 30 * 24 * 3600,
  INVITATION_URL: undefined,
  AUDIT_RETENTION_DAYS: 400,
  EMAIL_FROM: 'Invoices <invoices@example.com>',
  ECB_RATES_URL: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist-90d.xml',
  EMAIL_CONFIGURATION_SET: undefined,
  PAYMENT_PROVIDER: 'none',
  STRIPE_SECRET_KEY: undefined,
  STRIPE_WEBHOOK_SECRET: undefined,
  STRIPE_SECRET_ARN: undefined,
  STRIPE_API_BASE_URL: undefined,
  WEBHOOK_ALLOW_LOOPBACK_HTTP: false,
  EVENT_BUS_NAME: 'invoicing',
  WEBHOOK_DELIVERY_QUEUE_URL: undefined,
  WEBHOOK_DELIVERY_DLQ_URL: undefined,
  RECURRING_RUN_QUEUE_URL: undefined,
  WEBHOOK_RETRY_SCHEDULE: [...DEFAULT_SCHEDULE],
  WEBHOOK_TIMEOUT_MS: 10_000,
  WEBHOOK_DISABLE_AFTER_SECONDS: 3 * 86_400,
  DOCUMENT_RENDERER_FUNCTION: undefined,
  PAYMENT_GATEWAY_FUNCTION: undefined,
  PAYMENT_LINK_TTL_SECONDS: 86_400,
  E_INVOICE_READER_FUNCTION: undefined,
  PEPPOL_GATEWAY_FUNCTION: undefined,
  PEPPOL_QUEUE_URL: undefined,
  PEPPOL_INCOMING_QUEUE_URL: undefined,
  PEPPOL_CHECK_SECONDS: 30,
  PEPPOL_ACCESS_POINT: undefined,
  PEPPOL_ACCESS_POINT_URL: undefined,
  PEPPOL_API_KEY: undefined,
  PEPPOL_LEGAL_ENTITY_IDS: undefined,
  PEPPOL_SECRET_ARN: undefined,
  PEPPOL_SMP_URL: undefined,
  PEPPOL_SML_ZONE: 'edelivery.tech.ec.europa.eu',
  INBOUND_EMAIL_DOMAIN: undefined,
} satisfies Partial<Config>;

function parse<S extends z.ZodMiniType>(what: S, env: NodeJS.ProcessEnv): z.output<S> {
  const parsed = what.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}

/**
 * The settings `names` from `env`, every variable given validated and every problem named in one
 * error. An unset variable takes its default without a schema being built for it: a route's cold
 * start builds the schemas of the dozen variables the stack gives it, not of all forty.
 */
function settingsFrom<K extends keyof Settings>(names: readonly K[], env: NodeJS.ProcessEnv): Pick<Config, K> {
  const given = names.filter((name) => env[name] !== undefined || !(name in DEFAULTS));
  const schema = z.object(Object.fromEntries(given.map((name) => [name, SETTINGS[name]()])));
  const defaults = Object.fromEntries(names.map((name) => [name, DEFAULTS[name as keyof typeof DEFAULTS]]));
  return { ...defaults, ...parse(schema, env) } as Pick<Config, K>;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const loaded = settingsFrom(Object.keys(SETTINGS) as (keyof Settings)[], env);
  // Lambda sets AWS_LAMBDA_FUNCTION_NAME: no deployed function may deliver webhooks to loopback.
  if (loaded.WEBHOOK_ALLOW_LOOPBACK_HTTP && env.AWS_LAMBDA_FUNCTION_NAME) {
    throw new Error(
      'Invalid configuration: WEBHOOK_ALLOW_LOOPBACK_HTTP is for local development only ' +
        'and cannot be enabled in Lambda',
    );
  }
  return loaded;
}

let cached: Config | undefined;
/** The process-wide configuration, parsed on first use. */
export const config = (): Config => (cached ??= loadConfig());

/** A setting only some functions need, required where it is read: a missing one fails the cold start naming it. */
export function required<K extends keyof Config>(settings: Config, name: K): NonNullable<Config[K]> {
  const value = settings[name];
  if (value === undefined || value === null) throw new Error(`Invalid configuration: ${String(name)}: required`);
  return value as NonNullable<Config[K]>;
}

/** The document renderer's settings: it reads no table and holds no key, so it needs only its log level. */
export const rendererConfig = (env: NodeJS.ProcessEnv = process.env) => settingsFrom(['LOG_LEVEL'], env);

/** The Peppol gateway's settings: the access point, where it is, its key, and how participants are looked up. */
export const peppolGatewayConfig = (env: NodeJS.ProcessEnv = process.env) =>
  settingsFrom(
    [
      'LOG_LEVEL',
      'PEPPOL_ACCESS_POINT',
      'PEPPOL_ACCESS_POINT_URL',
      'PEPPOL_API_KEY',
      'PEPPOL_LEGAL_ENTITY_IDS',
      'PEPPOL_SECRET_ARN',
      'PEPPOL_SMP_URL',
      'PEPPOL_SML_ZONE',
      'PEPPOL_INCOMING_QUEUE_URL',
    ],
    env,
  );

/** The payment gateway's settings: the provider, Stripe's keys and its log level; no table. */
export const gatewayConfig = (env: NodeJS.ProcessEnv = process.env) =>
  settingsFrom(
    [
      'LOG_LEVEL',
      'PAYMENT_PROVIDER',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_SECRET_ARN',
      'STRIPE_API_BASE_URL',
    ],
    env,
  );

// The schemas below are built when a function asks for them: most never do.
const signerSchema = () =>
  z.union([
    /** The private JWK (with `kid`) that signs access tokens (local runtime and tests)… */
    z.object({ ACCESS_TOKEN_PRIVATE_JWK: json<import('jose').JWK & { kid: string }>('a private JWK') }),
    /** …or the Secrets Manager secret holding it (AWS). Only the token endpoints get either. */
    z.object({
      ACCESS_TOKEN_PRIVATE_JWK_SECRET_ARN: z.string().check(z.startsWith('arn:')),
      ACCESS_TOKEN_PRIVATE_JWK: z.optional(z.undefined()),
    }),
  ]);
export const signerConfig = (env: NodeJS.ProcessEnv = process.env) => parse(signerSchema(), env);

const identityProviderSchema = () =>
  z.object({
    IDP_ISSUER: z.string().check(z.minLength(1)),
    IDP_AUDIENCE: z.string().check(z.minLength(1)),
    IDP_JWKS_URL: z.url(),
  });
/** The external identity provider whose tokens the exchange endpoint accepts. */
export const identityProviderConfig = (env: NodeJS.ProcessEnv = process.env) => parse(identityProviderSchema(), env);

/** What Lambda itself sets (never the stack): where the code runs, for what loads only in Lambda. */
export const lambdaRuntimeConfig = (env: NodeJS.ProcessEnv = process.env) =>
  parse(z.object({ AWS_EXECUTION_ENV: z.optional(z.string()) }), env);

const objectStoreSchema = () =>
  z.object({
    /** The bucket export files are written to (the stack's ExportBucket). */
    EXPORT_BUCKET: z.string().check(z.minLength(3)),
    /** The bucket's regional host name in AWS (set by the stack: it knows the partition's domain). */
    EXPORT_BUCKET_DOMAIN: z.optional(z.string().check(z.minLength(3))),
    /** Local emulators answer on one host: bucket in the path, not the host name. */
    S3_FORCE_PATH_STYLE: z._default(
      z.pipe(
        z.enum(['true', 'false']),
        z.transform((value: 'true' | 'false') => value === 'true'),
      ),
      false,
    ),
  });
/** Where export files go; only the export routes and worker read it. */
export const objectStoreConfig = (env: NodeJS.ProcessEnv = process.env) => parse(objectStoreSchema(), env);

const incomingStoreSchema = () =>
  z.object({
    /** The bucket received e-invoices are kept in: originals, embedded XML, attachments, readings (docs/incoming-invoices.md). */
    INCOMING_BUCKET: z.string().check(z.minLength(3)),
    S3_FORCE_PATH_STYLE: objectStoreSchema().shape.S3_FORCE_PATH_STYLE,
  });
/** Where received e-invoices are kept; only the inbox's routes, workers and the reader read it. */
export const incomingStoreConfig = (env: NodeJS.ProcessEnv = process.env) => parse(incomingStoreSchema(), env);

const archiveStoreSchema = () =>
  z.object({
    /** The Object Lock bucket every issued, sent and received document is archived in (docs/archive.md). */
    ARCHIVE_BUCKET: z.string().check(z.minLength(3)),
    S3_FORCE_PATH_STYLE: objectStoreSchema().shape.S3_FORCE_PATH_STYLE,
  });
/** Where the archive is; read by what issues, sends, receives or serves an issued document. */
export const archiveStoreConfig = (env: NodeJS.ProcessEnv = process.env) => parse(archiveStoreSchema(), env);
