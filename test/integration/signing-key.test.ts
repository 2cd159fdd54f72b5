// The AWS-side life of the signing key: the custom resource creates it once and keeps it, and the
// token endpoints read it from Secrets Manager at cold start and sign tokens every route accepts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { accessTokenVerifier } from '../../shared/auth/access-token.ts';
import { startSecretsManager } from '../support/secrets-manager.ts';

const SECRET = 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:signing-key';
let secretsManager: Awaited<ReturnType<typeof startSecretsManager>>;
beforeAll(async () => {
  secretsManager = await startSecretsManager();
  process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER = secretsManager.endpoint;
});
afterAll(() => secretsManager.stop());

const event = (RequestType: 'Create' | 'Update' | 'Delete', PhysicalResourceId = 'none') =>
  ({ RequestType, PhysicalResourceId, ResourceProperties: { ServiceToken: 'x', SecretArn: SECRET } }) as unknown as CloudFormationCustomResourceEvent;

describe('signing key in AWS', () => {
  it('is generated once into the secret, answered as a public JWK set, and kept across updates', async () => {
    const { handler } = await import('../../infra/functions/signing-key-generator/handler.ts');
    const created = await handler(event('Create'));
    const stored = JSON.parse(secretsManager.secrets.get(SECRET)!);
    expect(stored).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(stored.d).toBeTruthy();
    const publicJwks = JSON.parse(created.Data!.PublicJwks);
    expect(publicJwks.keys[0]).toMatchObject({ kid: stored.kid, x: stored.x, y: stored.y });
    expect(publicJwks.keys[0]).not.toHaveProperty('d');
    const updated = await handler(event('Update', created.PhysicalResourceId));
    expect(updated).toEqual(created);
    expect(JSON.parse(secretsManager.secrets.get(SECRET)!).d).toBe(stored.d);
    expect(await handler(event('Delete', created.PhysicalResourceId))).toEqual({ PhysicalResourceId: created.PhysicalResourceId });
  });

  it('is read from the secret by the token endpoints, whose tokens verify with the public set', async () => {
    const { handler } = await import('../../infra/functions/signing-key-generator/handler.ts');
    const { Data } = await handler(event('Update', 'signing-key'));
    const { sessionDeps } = await import('../../shared/auth/session-deps.ts');
    const { db } = await import('../support/api.ts');
    const saved = process.env.ACCESS_TOKEN_PRIVATE_JWK;
    delete process.env.ACCESS_TOKEN_PRIVATE_JWK;
    process.env.ACCESS_TOKEN_PRIVATE_JWK_SECRET_ARN = SECRET;
    try {
      const deps = await sessionDeps(db);
      const token = await deps.sign({ userId: 'usr_1', organizationId: 'org_1', role: 'admin' });
      const verify = accessTokenVerifier(JSON.parse(Data!.PublicJwks), { issuer: 'invoicing-service', audience: 'invoicing-api' });
      expect(await verify(token)).toEqual({ userId: 'usr_1', organizationId: 'org_1', role: 'admin' });
    } finally {
      process.env.ACCESS_TOKEN_PRIVATE_JWK = saved;
      delete process.env.ACCESS_TOKEN_PRIVATE_JWK_SECRET_ARN;
    }
  });
});

describe('Stripe keys in AWS', () => {
  it('are read from one secret when no key is in the environment', async () => {
    const { stripeSettings } = await import('../../shared/payments/stripe-settings.ts');
    const { loadConfig } = await import('../../shared/config.ts');
    const arn = 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:stripe';
    secretsManager.secrets.set(arn, JSON.stringify({ secret_key: 'sk_live_abc', webhook_secret: 'whsec_abc' }));
    expect(await stripeSettings(loadConfig({ ...process.env, STRIPE_SECRET_ARN: arn }))).toEqual({ secretKey: 'sk_live_abc', webhookSecret: 'whsec_abc' });
    expect(await stripeSettings(loadConfig(process.env))).toBeUndefined();
  });
});

describe('the list cursor key in AWS', () => {
  it('is read from its secret at cold start, and a key too short to sign with stops the start', async () => {
    const { cursorSecret } = await import('../../shared/http/pagination.ts');
    const arn = 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:cursor';
    secretsManager.secrets.set(arn, 'k'.repeat(48));
    expect(await cursorSecret({ CURSOR_SECRET_ARN: arn })).toBe('k'.repeat(48));
    secretsManager.secrets.set(arn, 'short');
    await expect(cursorSecret({ CURSOR_SECRET_ARN: arn })).rejects.toThrow(/at least 32/);
    await expect(cursorSecret({})).rejects.toThrow(/CURSOR_SECRET/);
  });
});
