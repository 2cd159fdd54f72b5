// The one body of the disable, enable and revoke routes: change a key's status, or say why not.
import { ApiKeyRevoked, setApiKeyStatus, type ApiKeyStatus } from '../data/api-keys.ts';
import type { Db } from '../data/client.ts';
import { apiKeyResource } from '../resources/api-key.ts';
import { invalidState, notFound } from './errors.ts';
import type { Reply } from './request.ts';

export async function changeApiKeyStatus(
  db: Db,
  organizationId: string,
  keyId: string,
  status: ApiKeyStatus,
): Promise<Reply> {
  try {
    const key = await setApiKeyStatus(db, organizationId, keyId, status);
    if (!key) throw notFound('API key');
    return { status: 200, body: apiKeyResource(key) };
  } catch (error) {
    if (error instanceof ApiKeyRevoked) throw invalidState('This key is revoked; revoked keys cannot be changed');
    throw error;
  }
}
