// The one body of the disable, enable and revoke routes: change a key's status, or say why not.
import { ApiKeyRevoked, setApiKeyStatus, type ApiKeyStatus } from '#shared/data/api-keys';
import type { Db } from '#shared/data/client';
import { apiKeyResource } from '#shared/resources/api-key';
import { invalidState, notFound } from '#shared/http/errors';
import type { Reply } from '#shared/http/request';

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
