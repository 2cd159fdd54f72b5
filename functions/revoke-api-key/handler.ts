// Revocation is for good: the key can never be enabled again, and its record stays for audit.
import { changeApiKeyStatus } from '#shared/http/api-key-status';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { route } from '#functions/revoke-api-key/route';

export const handler = endpoint(route, { params: idParams('key') }, ({ db, organizationId, params }) =>
  changeApiKeyStatus(db, organizationId, params.id, 'revoked'),
);
