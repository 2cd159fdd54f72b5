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

const positiveInteger = (fallback: number) =>
  z._default(z.coerce.number().check(z.refine(Number.isInteger, 'must be a whole number'), z.positive()), fallback);

const schema = z.object({
  TABLE_NAME: z.string().check(z.minLength(3)),
  /** Base of public_url and pdf_url, and of `next` links when a request carries no host. */
  PUBLIC_BASE_URL: z.pipe(
    z.url(),
    z.transform((url: string) => url.replace(/\/+$/, '')),
  ),
  /** HMAC key for list cursors, at least 32 characters (local runs and tests)… */
  CURSOR_SECRET: z.optional(z.string().check(z.minLength(32))),
  /** …or, in AWS, the Secrets Manager secret holding it: secret values never sit in a function's environment. */
  CURSOR_SECRET_ARN: z.optional(z.string().check(z.startsWith('arn:'))),
  MAX_BODY_BYTES: positiveInteger(1_048_576),
  LOG_LEVEL: z._default(z.enum(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
  /** Public keys that verify access tokens ({"keys": [...]}); every route needs them. */
  ACCESS_TOKEN_PUBLIC_JWKS: json<{ keys: import('jose').JWK[] }>('a JWK set'),
  ACCESS_TOKEN_ISSUER: z._default(z.string(), 'invoicing-service'),
  ACCESS_TOKEN_AUDIENCE: z._default(z.string(), 'invoicing-api'),
  ACCESS_TOKEN_TTL_SECONDS: positiveInteger(3600),
  REFRESH_TOKEN_IDLE_SECONDS: positiveInteger(14 * 24 * 3600),
  REFRESH_TOKEN_MAX_SECONDS: positiveInteger(30 * 24 * 3600),
  /** Sender of invoice e-mails; in AWS an identity verified in SES. */
  /** Where an invitation e-mail's link points, `{token}` replaced (docs/security.md); absent: the accept route. */
  INVITATION_URL: z.optional(z.url().check(z.includes('{token}', 'must contain {token}'))),
  /** How long audit entries are kept (docs/security.md "Audit log"). */
  AUDIT_RETENTION_DAYS: positiveInteger(400),
  EMAIL_FROM: z._default(z.string().check(z.minLength(3)), 'Invoices <invoices@example.com>'),
  /** The ECB's euro reference rates of the last 90 days; locally and in tests a stand-in's fixture (infra/local/ecb-feed.ts). */
  ECB_RATES_URL: z._default(z.url(), 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist-90d.xml'),
  /** The SES configuration set every e-mail goes through: its events report each e-mail's delivery. */
  EMAIL_CONFIGURATION_SET: z.optional(z.string().check(z.minLength(1))),
  /**
   * How payers pay online: Stripe Checkout, the sandbox (no money moves: local runs, tests and
   * deployments that opt into test mode), or not at all (payment links refused, no Pay button).
   */
  PAYMENT_PROVIDER: z._default(z.enum(['stripe', 'sandbox', 'none']), 'none'),
  /** Stripe's keys where PAYMENT_PROVIDER is stripe (local runs and tests). */
  STRIPE_SECRET_KEY: z.optional(z.string().check(z.startsWith('sk_'))),
  STRIPE_WEBHOOK_SECRET: z.optional(z.string().check(z.startsWith('whsec_'))),
  /** In AWS: a secret holding {"secret_key": "sk_…", "webhook_secret": "whsec_…"} instead of the two above. */
  STRIPE_SECRET_ARN: z.optional(z.string().check(z.startsWith('arn:'))),
  /** Only for tests and local fakes: where the Stripe SDK sends its requests. */
  STRIPE_API_BASE_URL: z.optional(z.url()),
  /** Local development and tests only: let webhooks go to http://127.0.0.1 receivers. */
  WEBHOOK_ALLOW_LOOPBACK_HTTP: z._default(
    z.pipe(
      z.enum(['true', 'false']),
      z.transform((value: 'true' | 'false') => value === 'true'),
    ),
    false,
  ),
  /** The EventBridge bus the publisher puts events on. */
  EVENT_BUS_NAME: z._default(z.string(), 'invoicing'),
  /** Where the fan-out worker queues one message per subscription. */
  WEBHOOK_DELIVERY_QUEUE_URL: z.optional(z.string().check(z.regex(/^https?:\/\/\S+$/, 'must be a queue URL'))),
  WEBHOOK_DELIVERY_DLQ_URL: z.optional(z.string().check(z.regex(/^https?:\/\/\S+$/, 'must be a queue URL'))),
  /** The FIFO queue the recurring runner puts one message per organization on. */
  RECURRING_RUN_QUEUE_URL: z.optional(
    z.string().check(z.regex(/^https?:\/\/\S+\.fifo$/, 'must be the URL of a FIFO queue')),
  ),
  /** Seconds between delivery attempts (comma-separated); about a day in all by default. */
  WEBHOOK_RETRY_SCHEDULE: z
    .pipe(
      z._default(z.string(), DEFAULT_SCHEDULE.join(',')),
      z.transform((text: string) => text.split(',').map(Number)),
    )
    .check(
      z.refine<number[]>(
        (delays) => delays.every((delay) => Number.isInteger(delay) && delay >= 0 && delay <= 43_200),
        'must be whole seconds from 0 to 43200, comma-separated',
      ),
    ),
  WEBHOOK_TIMEOUT_MS: z._default(
    z.coerce.number().check(z.refine(Number.isInteger, 'must be a whole number'), z.positive()),
    10_000,
  ),
  /** A subscription whose deliveries have all failed for this long is disabled. */
  WEBHOOK_DISABLE_AFTER_SECONDS: z._default(
    z.coerce.number().check(z.refine(Number.isInteger, 'must be a whole number'), z.positive()),
    3 * 86_400,
  ),
  /** The document renderer (functions/render-document) the routes and workers that draw documents invoke. */
  DOCUMENT_RENDERER_FUNCTION: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a function name'))),
  /** The payment gateway (functions/payment-gateway) the Stripe routes invoke. */
  PAYMENT_GATEWAY_FUNCTION: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a function name'))),
  PAYMENT_LINK_TTL_SECONDS: z._default(
    z.coerce.number().check(z.refine(Number.isInteger, 'must be a whole number'), z.minimum(1800), z.maximum(86_400)),
    86_400,
  ),
});

export type Config = z.infer<typeof schema>;

function parse<S extends z.ZodMiniType>(what: S, env: NodeJS.ProcessEnv): z.output<S> {
  const parsed = what.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const loaded = parse(schema, env);
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
export const rendererConfig = (env: NodeJS.ProcessEnv = process.env) =>
  parse(z.object({ LOG_LEVEL: schema.shape.LOG_LEVEL }), env);

/** The payment gateway's settings: the provider, Stripe's keys and its log level; no table. */
export const gatewayConfig = (env: NodeJS.ProcessEnv = process.env) =>
  parse(
    z.object({
      LOG_LEVEL: schema.shape.LOG_LEVEL,
      PAYMENT_PROVIDER: schema.shape.PAYMENT_PROVIDER,
      STRIPE_SECRET_KEY: schema.shape.STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: schema.shape.STRIPE_WEBHOOK_SECRET,
      STRIPE_SECRET_ARN: schema.shape.STRIPE_SECRET_ARN,
      STRIPE_API_BASE_URL: schema.shape.STRIPE_API_BASE_URL,
    }),
    env,
  );

const signerSchema = z.union([
  /** The private JWK (with `kid`) that signs access tokens (local runtime and tests)… */
  z.object({ ACCESS_TOKEN_PRIVATE_JWK: json<import('jose').JWK & { kid: string }>('a private JWK') }),
  /** …or the Secrets Manager secret holding it (AWS). Only the token endpoints get either. */
  z.object({
    ACCESS_TOKEN_PRIVATE_JWK_SECRET_ARN: z.string().check(z.startsWith('arn:')),
    ACCESS_TOKEN_PRIVATE_JWK: z.optional(z.undefined()),
  }),
]);
export const signerConfig = (env: NodeJS.ProcessEnv = process.env) => parse(signerSchema, env);

const identityProviderSchema = z.object({
  IDP_ISSUER: z.string().check(z.minLength(1)),
  IDP_AUDIENCE: z.string().check(z.minLength(1)),
  IDP_JWKS_URL: z.url(),
});
/** The external identity provider whose tokens the exchange endpoint accepts. */
export const identityProviderConfig = (env: NodeJS.ProcessEnv = process.env) => parse(identityProviderSchema, env);

/** What Lambda itself sets (never the stack): where the code runs, for what loads only in Lambda. */
export const lambdaRuntimeConfig = (env: NodeJS.ProcessEnv = process.env) =>
  parse(z.object({ AWS_EXECUTION_ENV: z.optional(z.string()) }), env);

const objectStoreSchema = z.object({
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
export const objectStoreConfig = (env: NodeJS.ProcessEnv = process.env) => parse(objectStoreSchema, env);
