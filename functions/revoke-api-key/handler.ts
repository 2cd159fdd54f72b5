// Revocation is for good: the key can never be enabled again, and its record stays for audit.
import { changeApiKeyStatus } from '#shared/http/api-key-status';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { apiKeyResponse } from '#shared/http/schemas/responses/access';
import { routeNamed } from '#functions/routes';

export const handler = endpoint(
  routeNamed('revoke-api-key'),
  { params: idParams('key'), response: apiKeyResponse },
  ({ db, organizationId, params }) => changeApiKeyStatus(db, organizationId, params.id, 'revoked'),
);
