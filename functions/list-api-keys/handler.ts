import { listApiKeys } from '#shared/data/api-keys';
import { endpoint } from '#shared/http/endpoint';
import { apiKeyResource } from '#shared/domain/resources/api-key';
import { route } from '#functions/list-api-keys/route';

export const handler = endpoint(route, {}, async ({ db, organizationId }) => {
  const keys = await listApiKeys(db, organizationId);
  return { status: 200, body: { results: keys.map((key) => apiKeyResource(key)), next: null } };
});
