import { getApiKey } from '#shared/data/api-keys';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { apiKeyResource } from '#shared/domain/resources/api-key';
import { route } from '#functions/get-api-key/route';

export const handler = endpoint(route, { params: idParams('key') }, async ({ db, organizationId, params }) => {
  const key = await getApiKey(db, organizationId, params.id);
  if (!key) throw notFound('API key');
  return { status: 200, body: apiKeyResource(key) };
});
