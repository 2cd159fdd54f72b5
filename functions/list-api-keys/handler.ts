import { config } from '#shared/config';
import { listApiKeys } from '#shared/data/api-keys';
import { createDb } from '#shared/data/table';
import { endpoint } from '#shared/http/endpoint';
import { apiKeyResource } from '#shared/domain/resources/api-key';
import { apiKeyList } from '#shared/http/schemas/responses/access';
import { routeNamed } from '#functions/routes';

const db = createDb(config().TABLE_NAME);

export const handler = endpoint(
  routeNamed('list-api-keys'),
  { db, response: apiKeyList },
  async ({ organizationId }) => {
    const keys = await listApiKeys(db, organizationId);
    return { status: 200, body: { results: keys.map((key) => apiKeyResource(key)), next: null } };
  },
);
