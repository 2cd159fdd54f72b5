import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { getClient } from '#shared/data/clients';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { clientResource } from '#shared/domain/resources/client';
import { clientResponse } from '#shared/http/schemas/responses/clients';
import { routeNamed } from '#functions/routes';

const db = createDb(config().TABLE_NAME);

export const handler = endpoint(
  routeNamed('get-client'),
  { db, params: idParams('cli'), response: clientResponse },
  async ({ organizationId, params }) => {
    const client = await getClient(db, organizationId, params.id);
    if (!client) throw notFound('Client');
    return { status: 200, body: clientResource(client) };
  },
);
