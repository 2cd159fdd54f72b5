// Stripe's keys: from the environment (local, tests) or from one Secrets Manager secret (AWS).
import { readSecretString } from '#shared/aws/secrets';
import type { Config } from '#shared/config';

export type StripeSettings = { secretKey: string; webhookSecret?: string; apiBaseUrl?: string };

type StripeKeys = Pick<
  Config,
  'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE_URL' | 'STRIPE_SECRET_ARN'
>;

export async function stripeSettings(config: StripeKeys): Promise<StripeSettings | undefined> {
  if (config.STRIPE_SECRET_KEY) {
    return {
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiBaseUrl: config.STRIPE_API_BASE_URL,
    };
  }
  if (!config.STRIPE_SECRET_ARN) return undefined;
  const stored = JSON.parse(await readSecretString(config.STRIPE_SECRET_ARN)) as {
    secret_key?: string;
    webhook_secret?: string;
  };
  if (!stored.secret_key?.startsWith('sk_')) throw new Error('The Stripe secret has no secret_key');
  return { secretKey: stored.secret_key, webhookSecret: stored.webhook_secret };
}
