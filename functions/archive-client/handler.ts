// DELETE archives: the client stays, with is_active false, because its invoices still name it.
import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { updateClient } from '#shared/data/client-changes';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { clientResource } from '#shared/domain/resources/client';
import { clientResponse } from '#shared/http/schemas/responses/clients';
import { routeNamed } from '#functions/routes';

const db = createDb(config().TABLE_NAME);

export const handler = endpoint(
  routeNamed('archive-client'),
  { db, params: idParams('cli'), response: clientResponse },
  async ({ db, organizationId, params }) => {
    const client = await updateClient(db, organizationId, params.id, { is_active: false }, 'client.archived');
    if (!client) throw notFound('Client');
    return { status: 200, body: clientResource(client) };
  },
);
