import { changeApiKeyStatus } from '#shared/http/api-key-status';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { route } from '#functions/enable-api-key/route';

export const handler = endpoint(route, { params: idParams('key') }, ({ db, organizationId, params }) =>
  changeApiKeyStatus(db, organizationId, params.id, 'active'),
);
