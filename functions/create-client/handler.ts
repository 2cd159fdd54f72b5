import { createClient } from '#shared/clients/create-client';
import { endpoint } from '#shared/http/endpoint';
import { createClientBody } from '#shared/http/schemas/clients';
import { createdClientResource } from '#shared/domain/resources/client';
import { route } from '#functions/create-client/route';

export const handler = endpoint(route, { body: createClientBody }, async ({ db, organizationId, body }) => {
  const client = await createClient(db, organizationId, body);
  return { status: 201, body: createdClientResource(client) };
});
