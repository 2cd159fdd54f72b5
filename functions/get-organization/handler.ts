import { getOrganization } from '#shared/data/organizations';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { organizationResource } from '#shared/domain/resources/organization';
import { route } from '#functions/get-organization/route';

export const handler = endpoint(route, {}, async ({ db, organizationId }) => {
  const organization = await getOrganization(db, organizationId);
  if (!organization) throw notFound('Organization');
  return { status: 200, body: organizationResource(organization) };
});
