// The one body of the disable, enable and revoke routes: change a key's status, or say why not.
import { ApiKeyRevokedError, setApiKeyStatus } from '#shared/data/api-keys';
import type { CorrelatedDb } from '#shared/data/table';
import { apiKeyResource } from '#shared/domain/resources/api-key';
import { invalidState, notFound } from '#shared/domain/errors';
import type { Reply } from '#shared/http/request';
import type { ApiKeyStatus } from '#shared/domain/api-key';

const STATUS_EVENTS = { active: 'api_key.enabled', disabled: 'api_key.disabled', revoked: 'api_key.revoked' } as const;

export async function changeApiKeyStatus(
  db: CorrelatedDb,
  organizationId: string,
  keyId: string,
  status: ApiKeyStatus,
): Promise<Reply> {
  try {
    const key = await setApiKeyStatus(db, organizationId, keyId, status, (changed) => ({
      type: STATUS_EVENTS[status],
      object: apiKeyResource(changed),
    }));
    if (!key) throw notFound('API key');
    return { status: 200, body: apiKeyResource(key) };
  } catch (error) {
    if (error instanceof ApiKeyRevokedError) throw invalidState('This key is revoked; revoked keys cannot be changed');
    throw error;
  }
}
