import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { createClient } from '#shared/data/client-changes';
import { endpoint } from '#shared/http/endpoint';
import { createClientBody } from '#shared/http/schemas/clients';
import { createdClientResource } from '#shared/domain/resources/client';
import { createdClientResponse } from '#shared/http/schemas/responses/clients';
import { routeNamed } from '#functions/routes';

const db = createDb(config().TABLE_NAME);

export const handler = endpoint(
  routeNamed('create-client'),
  { db, body: createClientBody, response: createdClientResponse },
  async ({ db, organizationId, body }) => {
    const client = await createClient(db, organizationId, body);
    return { status: 201, body: createdClientResource(client) };
  },
);
