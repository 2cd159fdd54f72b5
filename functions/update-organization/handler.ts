// Renames the caller's organization or sets the time zone its dates are in.
import { config } from '#shared/config';
import { createDb } from '#shared/data/client';
import { updateOrganization } from '#shared/data/organizations';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { updateOrganizationBody } from '#shared/http/schemas/organizations';
import { organizationResource } from '#shared/domain/resources/organization';
import { organizationResponse } from '#shared/http/schemas/responses/access';
import { routeNamed } from '#functions/routes';

const db = createDb(config().TABLE_NAME);

export const handler = endpoint(
  routeNamed('update-organization'),
  { db, body: updateOrganizationBody, response: organizationResponse },
  async ({ db, organizationId, body }) => {
    const organization = await updateOrganization(db, organizationId, body);
    if (!organization) throw notFound('Organization');
    return { status: 200, body: organizationResource(organization) };
  },
);
