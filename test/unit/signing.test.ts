import { createHmac, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhook, webhookHeaders } from '#shared/webhooks/signing';
import { generateWebhookSecret } from '#shared/domain/webhook';

describe('Standard Webhooks signing', () => {
  it('reproduces the known-answer vector of the specification’s reference tests', () => {
    const signature = signWebhook(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      new Date(1614265330 * 1000),
      '{"test": 2432232314}',
    );
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('produces headers the standardwebhooks package verifies, also with two secrets during rotation', () => {
    const [oldSecret, newSecret] = [generateWebhookSecret(), generateWebhookSecret()];
    expect(oldSecret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const body = JSON.stringify({ id: 'evt_1', type: 'invoice.paid' });
    const headers = webhookHeaders([oldSecret, newSecret], 'evt_1', new Date(), body);
    for (const secret of [oldSecret, newSecret])
      expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(newSecret).verify(`${body} `, headers)).toThrow();
  });

  it('agrees with node:crypto for every body length, secret after secret, on the kept keyed states', () => {
    const secrets = [generateWebhookSecret(), generateWebhookSecret(), generateWebhookSecret()];
    const at = new Date(1_764_000_000_000);
    // Lengths either side of SHA-256's 64-byte block and its 56-byte padding limit, and multi-byte text.
    const bodies = [0, 1, 20, 35, 36, 55, 56, 63, 64, 65, 119, 120, 1000, 70_000].map((length) =>
      randomBytes(length).toString('latin1'),
    );
    bodies.push('{"name":"Zoë Łukasiewicz — 東京 🧾"}');
    for (const body of bodies)
      for (const secret of [...secrets, secrets[0]!]) {
        const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
        const expected = createHmac('sha256', key).update(`evt_42.1764000000.${body}`).digest('base64');
        expect(signWebhook(secret, 'evt_42', at, body)).toBe(`v1,${expected}`);
      }
  });
});
