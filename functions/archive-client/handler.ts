// DELETE archives: the client stays, with is_active false, because its invoices still name it.
import { archiveClient } from '#shared/clients/archive-client';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { clientResource } from '#shared/domain/resources/client';
import { route } from '#functions/archive-client/route';

export const handler = endpoint(route, { params: idParams('cli') }, async ({ db, organizationId, params }) => {
  const client = await archiveClient(db, organizationId, params.id);
  return { status: 200, body: clientResource(client) };
});
