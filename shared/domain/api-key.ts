// API key format: `inv_live_` + 43 base62 characters (32 random bytes) + 6 base62 characters of
// CRC-32 over the random part. The checksum lets us refuse a mistyped or made-up key without a
// database read, and lets secret scanners recognise leaked keys. Only the SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { Scope } from '#shared/domain/scopes';
import { SCOPES_OF_ROLE, type Role } from '#shared/domain/roles';
import type { Membership } from '#shared/domain/user';

export const API_KEY_PREFIX = 'inv_live_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 43;
const CHECKSUM_LENGTH = 6;
const SHAPE = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${BODY_LENGTH + CHECKSUM_LENGTH}}$`);

const base62 = (value: bigint, width: number): string => {
  let text = '';
  for (let rest = value; rest > 0n; rest /= 62n) text = ALPHABET[Number(rest % 62n)] + text;
  return text.padStart(width, '0');
};

const checksumOf = (body: string) => base62(BigInt(crc32(body)), CHECKSUM_LENGTH);

export type GeneratedApiKey = { secret: string; hash: string; hint: string };

export function generateApiKey(): GeneratedApiKey {
  const body = base62(BigInt(`0x${randomBytes(32).toString('hex')}`), BODY_LENGTH);
  const secret = `${API_KEY_PREFIX}${body}${checksumOf(body)}`;
  return { secret, hash: hashApiKey(secret), hint: apiKeyHint(secret) };
}

export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

/** True when the key has the right shape and its checksum matches. */
export function isWellFormedApiKey(secret: string): boolean {
  if (!SHAPE.test(secret)) return false;
  const body = secret.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + BODY_LENGTH);
  return secret.endsWith(checksumOf(body));
}

export const hashApiKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** What logs and listings may show of a key: its prefix and last four characters. */
export const apiKeyHint = (secret: string) => `${API_KEY_PREFIX}…${secret.slice(-4)}`;

export type ApiKeyStatus = 'active' | 'disabled' | 'revoked';

/** What authentication needs, read by the hash of the presented secret. */
export type ApiKeyLookup = {
  id: string;
  organization_id: string;
  scopes: Scope[];
  status: ApiKeyStatus;
  expires_at?: string;
  /** The member who made the key, with the role they had then; absent on keys made before keys recorded it. */
  created_by?: string;
  created_by_role?: Role;
  created_at?: string;
};

/**
 * A key lives while the member who made it could make it again: the membership it was made in still
 * exists (a membership begun after the key is another one) and its role still manages API keys. So a
 * removal, a leaving or a demotion to `member` ends the keys one made; a promotion or an owner made admin
 * does not. Keys without a recorded maker role (made before it was recorded) are bound to nobody.
 */
export function makerStillVouches(key: ApiKeyLookup, maker: Membership | undefined): boolean {
  if (!key.created_by_role || !key.created_at) return true;
  return (
    maker !== undefined && maker.created_at <= key.created_at && SCOPES_OF_ROLE[maker.role].includes('api_keys:manage')
  );
}

export type ApiKeyRecord = ApiKeyLookup & {
  name: string;
  hint: string;
  created_by: string;
  created_at: string;
  last_used_at?: string;
  /** Requests per UTC day, newest first, for the last 30 days. */
  usage: { date: string; requests: number }[];
};
