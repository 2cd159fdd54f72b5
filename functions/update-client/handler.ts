import { updateClient } from '#shared/clients/update-client';
import { endpoint } from '#shared/http/endpoint';
import { updateClientBody } from '#shared/http/schemas/clients';
import { idParams } from '#shared/http/schemas/common';
import { clientResource } from '#shared/domain/resources/client';
import { route } from '#functions/update-client/route';

export const handler = endpoint(
  route,
  { params: idParams('cli'), body: updateClientBody },
  async ({ db, organizationId, params, body }) => {
    const client = await updateClient(db, organizationId, params.id, body);
    return { status: 200, body: clientResource(client) };
  },
);
