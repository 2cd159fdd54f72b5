import { describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, generateApiKey, hashApiKey, isWellFormedApiKey } from '#shared/domain/api-key';

describe('API keys', () => {
  it('generates well-formed, distinct keys whose hash is not the key', () => {
    const a = generateApiKey();
    const b = generateApiKey();
    expect(a.secret.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(isWellFormedApiKey(a.secret)).toBe(true);
    expect(a.secret).not.toBe(b.secret);
    expect(a.hash).toBe(hashApiKey(a.secret));
    expect(a.hash).not.toContain(a.secret.slice(API_KEY_PREFIX.length));
    expect(a.hint).toBe(`${API_KEY_PREFIX}…${a.secret.slice(-4)}`);
  });

  it('refuses a key with one character changed (checksum) or the wrong length', () => {
    const { secret } = generateApiKey();
    const position = API_KEY_PREFIX.length + 5;
    const changed = secret.slice(0, position) + (secret[position] === 'a' ? 'b' : 'a') + secret.slice(position + 1);
    expect(isWellFormedApiKey(changed)).toBe(false);
    expect(isWellFormedApiKey(secret.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`${secret}x`)).toBe(false);
    expect(isWellFormedApiKey('inv_live_')).toBe(false);
  });
});
