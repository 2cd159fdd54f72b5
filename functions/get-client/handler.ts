import { getClient } from '#shared/data/clients';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { clientResource } from '#shared/domain/resources/client';
import { clientReach } from '#shared/peppol/client-reach';
import { route } from '#functions/get-client/route';

export const handler = endpoint(route, { params: idParams('cli') }, async ({ db, organizationId, params }) => {
  const client = await getClient(db, organizationId, params.id);
  if (!client) throw notFound('Client');
  return { status: 200, body: { ...clientResource(client), peppol: await clientReach(db, organizationId, client) } };
});
