import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { updateClient } from '#shared/data/client-changes';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { updateClientBody } from '#shared/http/schemas/clients';
import { idParams } from '#shared/http/schemas/common';
import { clientResource } from '#shared/domain/resources/client';
import { clientResponse } from '#shared/http/schemas/responses/clients';
import { routeNamed } from '#functions/routes';

const db = createDb(config().TABLE_NAME);

export const handler = endpoint(
  routeNamed('update-client'),
  { db, params: idParams('cli'), body: updateClientBody, response: clientResponse },
  async ({ db, organizationId, params, body }) => {
    const client = await updateClient(db, organizationId, params.id, body);
    if (!client) throw notFound('Client');
    return { status: 200, body: clientResource(client) };
  },
);
