// The secret is in this response and nowhere else, ever; only its SHA-256 is stored. The key records
// who made it and with which role: it lives while they could make it again (docs/security.md).
import { createApiKey } from '#shared/data/api-keys';
import { actorOf } from '#shared/http/actor';
import { endpoint } from '#shared/http/endpoint';
import { createApiKeyBody } from '#shared/http/schemas/auth';
import { apiKeyResource } from '#shared/domain/resources/api-key';
import type { ApiKeyRecord } from '#shared/domain/api-key';
import { route } from '#functions/create-api-key/route';

export const handler = endpoint(route, { body: createApiKeyBody }, async ({ db, organizationId, principal, body }) => {
  const maker = actorOf(principal);
  const announce = (record: ApiKeyRecord) => ({ type: 'api_key.created' as const, object: apiKeyResource(record) });
  const given = { ...body, created_by: maker.userId, created_by_role: maker.role };
  const { record, secret } = await createApiKey(db, organizationId, given, new Date(), announce);
  return { status: 201, body: { ...apiKeyResource(record), secret } };
});
