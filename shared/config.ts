// Configuration is read once, when a function's module loads: a missing or malformed variable fails
// the cold start with its name instead of failing some later request.
import * as z from 'zod/mini';
import './http/schemas/zod-locale.ts';

const schema = z.object({
  TABLE_NAME: z.string().check(z.minLength(3)),
  /** Base of public_url and pdf_url, and of `next` links when a request carries no host. */
  PUBLIC_BASE_URL: z.pipe(z.url(), z.transform((url: string) => url.replace(/\/+$/, ''))),
  /** HMAC key for list cursors; at least 32 characters. */
  CURSOR_SECRET: z.string().check(z.minLength(32)),
  MAX_BODY_BYTES: z._default(z.coerce.number().check(z.refine(Number.isInteger, 'must be a whole number'), z.positive()), 1_048_576),
  LOG_LEVEL: z._default(z.enum(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
});

export type Config = z.infer<typeof schema>;

let cached: Config | undefined;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}

/** The process-wide configuration, parsed on first use. */
export const config = (): Config => (cached ??= loadConfig());
