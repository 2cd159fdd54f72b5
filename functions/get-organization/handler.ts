import { getOrganization } from '#shared/data/organizations';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { organizationResource } from '#shared/domain/resources/organization';
import { organizationResponse } from '#shared/http/schemas/responses/access';
import { routeNamed } from '#functions/routes';

export const handler = endpoint(
  routeNamed('get-organization'),
  { response: organizationResponse },
  async ({ db, organizationId }) => {
    const organization = await getOrganization(db, organizationId);
    if (!organization) throw notFound('Organization');
    return { status: 200, body: organizationResource(organization) };
  },
);
