import { describe, expect, it } from 'vitest';
import { gatewayConfig, loadConfig, rendererConfig, required, signerConfig } from '#shared/config';

const jwks = JSON.stringify({ keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', kid: 'k' }] });
const valid = {
  TABLE_NAME: 'invoices',
  PUBLIC_BASE_URL: 'https://billing.example.com/',
  CURSOR_SECRET: 'x'.repeat(32),
  ACCESS_TOKEN_PUBLIC_JWKS: jwks,
};

describe('configuration', () => {
  it('applies defaults and normalises the public base URL', () => {
    expect(loadConfig(valid)).toMatchObject({
      ...valid,
      PUBLIC_BASE_URL: 'https://billing.example.com',
      ACCESS_TOKEN_PUBLIC_JWKS: JSON.parse(jwks),
      MAX_BODY_BYTES: 1_048_576,
      LOG_LEVEL: 'info',
      ACCESS_TOKEN_ISSUER: 'invoicing-service',
      ACCESS_TOKEN_AUDIENCE: 'invoicing-api',
      ACCESS_TOKEN_TTL_SECONDS: 3600,
      REFRESH_TOKEN_IDLE_SECONDS: 14 * 86_400,
      REFRESH_TOKEN_MAX_SECONDS: 30 * 86_400,
      EMAIL_FROM: 'Invoices <invoices@example.com>',
      PAYMENT_LINK_TTL_SECONDS: 86_400,
      WEBHOOK_ALLOW_LOOPBACK_HTTP: false,
      WEBHOOK_RETRY_SCHEDULE: [5, 300, 1800, 7200, 18_000, 36_000, 36_000],
      WEBHOOK_TIMEOUT_MS: 10_000,
    });
  });

  it('names every missing or malformed variable in one error', () => {
    let message = '';
    try {
      loadConfig({
        ...valid,
        TABLE_NAME: undefined,
        CURSOR_SECRET: 'short',
        MAX_BODY_BYTES: '1.5',
        ACCESS_TOKEN_PUBLIC_JWKS: '{not json',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['TABLE_NAME', 'CURSOR_SECRET', 'MAX_BODY_BYTES', 'ACCESS_TOKEN_PUBLIC_JWKS'])
      expect(message).toContain(name);
  });

  it('validates a variable with a default whenever it is given, an empty one included', () => {
    const given = { WEBHOOK_TIMEOUT_MS: 'soon', LOG_LEVEL: 'loud', EMAIL_FROM: '', WEBHOOK_RETRY_SCHEDULE: '5,x' };
    let message = '';
    try {
      loadConfig({ ...valid, ...given });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of Object.keys(given)) expect(message).toContain(name);
    expect(loadConfig({ ...valid, WEBHOOK_RETRY_SCHEDULE: '1,2' }).WEBHOOK_RETRY_SCHEDULE).toEqual([1, 2]);
    expect(rendererConfig({})).toEqual({ LOG_LEVEL: 'info' });
    expect(() => rendererConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(gatewayConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toEqual({
      LOG_LEVEL: 'info',
      PAYMENT_PROVIDER: 'none',
      STRIPE_SECRET_KEY: 'sk_test_1',
    });
    expect(() => gatewayConfig({ STRIPE_SECRET_KEY: 'pk_test_1' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('takes no payment provider unless one is chosen', () => {
    expect(loadConfig(valid).PAYMENT_PROVIDER).toBe('none');
    expect(() => loadConfig({ ...valid, PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
  });

  it('refuses loopback webhook receivers inside Lambda, whatever the environment says', () => {
    expect(loadConfig({ ...valid, WEBHOOK_ALLOW_LOOPBACK_HTTP: 'true' }).WEBHOOK_ALLOW_LOOPBACK_HTTP).toBe(true);
    expect(() =>
      loadConfig({
        ...valid,
        WEBHOOK_ALLOW_LOOPBACK_HTTP: 'true',
        AWS_LAMBDA_FUNCTION_NAME: 'InvoicingService-ApiCreateWebhook',
      }),
    ).toThrow(/local development only/);
  });

  it('takes the signing key from the environment or from a secret, and refuses neither', () => {
    expect(signerConfig({ ACCESS_TOKEN_PRIVATE_JWK: '{"kid":"k","d":"x"}' })).toEqual({
      ACCESS_TOKEN_PRIVATE_JWK: { kid: 'k', d: 'x' },
    });
    expect(
      signerConfig({ ACCESS_TOKEN_PRIVATE_JWK_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:1:secret:key' }),
    ).toMatchObject({ ACCESS_TOKEN_PRIVATE_JWK_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:1:secret:key' });
    expect(() => signerConfig({})).toThrow(/Invalid configuration/);
  });

  it('names a setting some functions need when it is missing, and answers it when given', () => {
    const settings = loadConfig(valid);
    expect(() => required(settings, 'RECURRING_RUN_QUEUE_URL')).toThrow(
      'Invalid configuration: RECURRING_RUN_QUEUE_URL: required',
    );
    const url = 'http://127.0.0.1:9324/000000000000/runs.fifo';
    expect(required(loadConfig({ ...valid, RECURRING_RUN_QUEUE_URL: url }), 'RECURRING_RUN_QUEUE_URL')).toBe(url);
  });
});
