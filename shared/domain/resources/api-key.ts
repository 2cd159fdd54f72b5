// How an API key looks in responses: never the secret (except once, at creation) nor its hash.
import { API_KEY_PREFIX, type ApiKeyRecord } from '#shared/domain/api-key';

export const apiKeyResource = (key: ApiKeyRecord, now = new Date()) => ({
  id: key.id,
  name: key.name,
  prefix: API_KEY_PREFIX,
  hint: key.hint,
  scopes: key.scopes,
  status:
    key.status === 'active' && key.expires_at && key.expires_at <= now.toISOString()
      ? ('expired' as const)
      : key.status,
  created_by: key.created_by,
  created_by_role: key.created_by_role ?? null,
  created_at: key.created_at,
  expires_at: key.expires_at ?? null,
  last_used_at: key.last_used_at ?? null,
  usage: key.usage,
});
