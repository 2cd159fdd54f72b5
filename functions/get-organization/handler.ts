import { config } from '#shared/config';
import { createDb } from '#shared/data/client';
import { getOrganization } from '#shared/data/organizations';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/errors';
import { organizationResource } from '#shared/resources/organization';

const db = createDb(config().TABLE_NAME);

export const handler = endpoint('get-organization', { db }, async ({ organizationId }) => {
  const organization = await getOrganization(db, organizationId);
  if (!organization) throw notFound('Organization');
  return { status: 200, body: organizationResource(organization) };
});
