import { config } from '#shared/config';
import { listClients } from '#shared/data/clients';
import { endpoint } from '#shared/http/endpoint';
import { cursorSecret, listing } from '#shared/http/pagination';
import { listClientsQuery } from '#shared/http/schemas/clients';
import { clientResource } from '#shared/domain/resources/client';
import { route } from '#functions/list-clients/route';

const settings = config();
const cursorKey = cursorSecret(settings);

export const handler = endpoint(route, { query: listClientsQuery }, async ({ db, organizationId, query, baseUrl }) => {
  const scope = `${organizationId}|clients|${query.is_active ?? ''}|${JSON.stringify(query.metadata ?? {})}`;
  const list = listing(
    await cursorKey(),
    {
      scope,
      baseUrl,
      path: '/api/v1/clients/',
      query: { limit: String(query.limit), is_active: query.is_active?.toString(), metadata: query.metadata },
    },
    query.cursor,
  );
  const page = await listClients(db, organizationId, {
    limit: query.limit,
    isActive: query.is_active,
    metadata: query.metadata,
    startKey: list.startKey,
  });
  return { status: 200, body: list.page(page, clientResource) };
});
