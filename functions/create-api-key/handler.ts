// The secret is in this response and nowhere else, ever; only its SHA-256 is stored.
import { createApiKey } from '#shared/data/api-keys';
import { endpoint } from '#shared/http/endpoint';
import { createApiKeyBody } from '#shared/http/schemas/auth';
import { apiKeyResource } from '#shared/domain/resources/api-key';
import type { ApiKeyRecord } from '#shared/domain/api-key';
import { route } from '#functions/create-api-key/route';

export const handler = endpoint(route, { body: createApiKeyBody }, async ({ db, organizationId, principal, body }) => {
  const createdBy = principal.kind === 'user' ? principal.userId : principal.credentialId;
  const announce = (record: ApiKeyRecord) => ({ type: 'api_key.created' as const, object: apiKeyResource(record) });
  const given = { ...body, created_by: createdBy };
  const { record, secret } = await createApiKey(db, organizationId, given, new Date(), announce);
  return { status: 201, body: { ...apiKeyResource(record), secret } };
});
