import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { changeApiKeyStatus } from '#shared/http/api-key-status';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { apiKeyResponse } from '#shared/http/schemas/responses/access';
import { routeNamed } from '#functions/routes';

const db = createDb(config().TABLE_NAME);

export const handler = endpoint(
  routeNamed('disable-api-key'),
  { db, params: idParams('key'), response: apiKeyResponse },
  ({ organizationId, params }) => changeApiKeyStatus(db, organizationId, params.id, 'disabled'),
);
