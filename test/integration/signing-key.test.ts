// The AWS-side life of the signing key: the custom resource creates it once and keeps it, and the
// token endpoints read it from Secrets Manager at cold start and sign tokens every route accepts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenVerifier } from '#shared/auth/access-token';
import {
  customResources,
  initialSecretValue,
  physicalId,
  synthesizedTemplate,
  type Template,
} from '#test/support/cloudformation';
import { startSecretsManager } from '#test/support/secrets-manager';

let secretsManager: Awaited<ReturnType<typeof startSecretsManager>>;
beforeAll(async () => {
  secretsManager = await startSecretsManager();
  process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER = secretsManager.endpoint;
});
afterAll(() => secretsManager.stop());

let template: Template;
let signingKey: ReturnType<typeof customResources>[number];
let secretArn: string;
beforeAll(() => {
  template = synthesizedTemplate();
  const resources = customResources(template);
  expect(resources.map((resource) => resource.logicalId)).toEqual([expect.stringMatching(/^AuthSigningKeyPair/)]);
  signingKey = resources[0]!;
  secretArn = signingKey.properties.SecretArn!;
}, 120_000);

/** The signing key's secret as CloudFormation leaves it right after creating it. */
const freshSecret = () => {
  const [, secret] = Object.entries(template.Resources).find(([id]) => physicalId(template, id) === secretArn)!;
  const value = initialSecretValue(secret);
  if (value === undefined) secretsManager.secrets.delete(secretArn);
  else secretsManager.secrets.set(secretArn, value);
  return value;
};

describe('the signing-key custom resource, with what CloudFormation hands it', () => {
  it('replaces the generated password with a key, answers the public set, keeps it on update and delete', async () => {
    const { handler } = await import('#infra/functions/signing-key-generator/handler');
    const generated = freshSecret();
    expect(generated).toBeTypeOf('string');
    const created = await handler(signingKey.create());
    const stored = JSON.parse(secretsManager.secrets.get(secretArn)!);
    expect(stored).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(stored.d).toBeTruthy();
    const publicJwks = JSON.parse(created.Data!.PublicJwks);
    expect(publicJwks.keys[0]).toMatchObject({ kid: stored.kid, x: stored.x, y: stored.y });
    expect(publicJwks.keys[0]).not.toHaveProperty('d');
    const updated = await handler(signingKey.update(created.PhysicalResourceId));
    expect(updated).toEqual(created);
    expect(JSON.parse(secretsManager.secrets.get(secretArn)!).d).toBe(stored.d);
    expect(await handler(signingKey.delete(created.PhysicalResourceId))).toEqual({
      PhysicalResourceId: created.PhysicalResourceId,
    });
    expect(JSON.parse(secretsManager.secrets.get(secretArn)!).d).toBe(stored.d);
  });

  it('creates the key into a secret that has no value yet', async () => {
    const { handler } = await import('#infra/functions/signing-key-generator/handler');
    secretsManager.secrets.delete(secretArn);
    const created = await handler(signingKey.create());
    expect(JSON.parse(secretsManager.secrets.get(secretArn)!).kid).toBe(
      created.PhysicalResourceId.replace('signing-key-', ''),
    );
  });

  it('keeps the key a failed or retried Create already stored', async () => {
    const { handler } = await import('#infra/functions/signing-key-generator/handler');
    freshSecret();
    const first = await handler(signingKey.create());
    const retried = await handler(signingKey.create());
    expect(retried).toEqual(first);
  });

  it('is read from the secret by the token endpoints, whose tokens verify with the public set', async () => {
    const { handler } = await import('#infra/functions/signing-key-generator/handler');
    freshSecret();
    const { Data } = await handler(signingKey.create());
    const { sessionDeps } = await import('#shared/auth/session-deps');
    const { db } = await import('#test/support/api');
    const saved = process.env.ACCESS_TOKEN_PRIVATE_JWK;
    delete process.env.ACCESS_TOKEN_PRIVATE_JWK;
    process.env.ACCESS_TOKEN_PRIVATE_JWK_SECRET_ARN = secretArn;
    try {
      const deps = sessionDeps(db);
      const claims = { userId: 'usr_1', organizationId: 'org_1', role: 'admin', membershipVersion: 3 } as const;
      const token = await deps.sign(claims);
      const verify = accessTokenVerifier(JSON.parse(Data!.PublicJwks), {
        issuer: 'invoicing-service',
        audience: 'invoicing-api',
      });
      expect(await verify(token)).toEqual(claims);
    } finally {
      process.env.ACCESS_TOKEN_PRIVATE_JWK = saved;
      delete process.env.ACCESS_TOKEN_PRIVATE_JWK_SECRET_ARN;
    }
  });
});

describe('Stripe keys in AWS', () => {
  it('are read from one secret when no key is in the environment', async () => {
    const { stripeSettings } = await import('#shared/payments/stripe-settings');
    const { loadConfig } = await import('#shared/config');
    const arn = 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:stripe';
    secretsManager.secrets.set(arn, JSON.stringify({ secret_key: 'sk_live_abc', webhook_secret: 'whsec_abc' }));
    expect(await stripeSettings(loadConfig({ ...process.env, STRIPE_SECRET_ARN: arn }))).toEqual({
      secretKey: 'sk_live_abc',
      webhookSecret: 'whsec_abc',
    });
    expect(await stripeSettings(loadConfig(process.env))).toBeUndefined();
  });
});

describe('reading a secret in AWS', () => {
  it('is one GetSecretValue signed for Secrets Manager in the region; a refusal is thrown with its type', async () => {
    const { readSecretString } = await import('#shared/aws/secrets');
    const arn = 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:plain';
    secretsManager.secrets.set(arn, 'the value');
    const before = secretsManager.reads.length;
    expect(await readSecretString(arn)).toBe('the value');
    expect(secretsManager.reads.slice(before)).toEqual([arn]);
    const sent = secretsManager.requests.at(-1)!;
    expect(sent['x-amz-target']).toBe('secretsmanager.GetSecretValue');
    expect(sent.authorization).toMatch(
      new RegExp(`Credential=\\w+/\\d{8}/${process.env.AWS_REGION ?? 'us-east-1'}/secretsmanager/aws4_request, `),
    );
    // With its length (signed, as the SDK signs it), never chunked.
    expect(sent['content-length']).toBe(String(JSON.stringify({ SecretId: arn }).length));
    expect(sent.authorization).toMatch(/SignedHeaders=[^,]*content-length[^,]*x-amz-target/);
    expect(sent['transfer-encoding']).toBeUndefined();
    await expect(readSecretString(`${arn}-missing`)).rejects.toThrow(/400.*ResourceNotFoundException/);
  });
});

describe('the list cursor key in AWS', () => {
  const arn = 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:cursor';
  const readsOfKey = () => secretsManager.reads.filter((id) => id === arn).length;

  it('is read once, from the cold start on: the start does not wait for it, the first list does', async () => {
    const { cursorSecret } = await import('#shared/http/pagination');
    secretsManager.secrets.set(arn, 'k'.repeat(48));
    const release = secretsManager.hold();
    const before = readsOfKey();
    const cursorKey = cursorSecret({ CURSOR_SECRET_ARN: arn });
    await expect.poll(readsOfKey).toBe(before + 1);
    let answered = false;
    const first = cursorKey().then((key) => {
      answered = true;
      return key;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    expect(await first).toBe('k'.repeat(48));
    expect(await cursorKey()).toBe('k'.repeat(48));
    expect(readsOfKey()).toBe(before + 1);
  });

  it('fails the list that needs a key too short to sign with, and is read again by the next', async () => {
    const { cursorSecret } = await import('#shared/http/pagination');
    secretsManager.secrets.set(arn, 'short');
    const cursorKey = cursorSecret({ CURSOR_SECRET_ARN: arn });
    await expect(cursorKey()).rejects.toThrow(/at least 32/);
    secretsManager.secrets.set(arn, 'k'.repeat(40));
    expect(await cursorKey()).toBe('k'.repeat(40));
  });

  it('stops the start when the environment gives no key or a short one', async () => {
    const { cursorSecret } = await import('#shared/http/pagination');
    expect(() => cursorSecret({})).toThrow(/CURSOR_SECRET/);
    expect(() => cursorSecret({ CURSOR_SECRET: 'short' })).toThrow(/at least 32/);
    expect(await cursorSecret({ CURSOR_SECRET: 'e'.repeat(32) })()).toBe('e'.repeat(32));
  });
});
