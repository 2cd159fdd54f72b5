import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { getOrganization } from '#shared/data/organizations';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { organizationResource } from '#shared/domain/resources/organization';
import { organizationResponse } from '#shared/http/schemas/responses/access';
import { routeNamed } from '#functions/routes';

const db = createDb(config().TABLE_NAME);

export const handler = endpoint(
  routeNamed('get-organization'),
  { db, response: organizationResponse },
  async ({ organizationId }) => {
    const organization = await getOrganization(db, organizationId);
    if (!organization) throw notFound('Organization');
    return { status: 200, body: organizationResource(organization) };
  },
);
