// Renames the caller's organization or sets the time zone its dates are in.
import { config } from '#shared/config';
import { createDb } from '#shared/data/client';
import { updateOrganization } from '#shared/data/organizations';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/http/errors';
import { updateOrganizationBody } from '#shared/http/schemas/organizations';
import { organizationResource } from '#shared/resources/organization';

const db = createDb(config().TABLE_NAME);

export const handler = endpoint(
  'update-organization',
  { db, body: updateOrganizationBody },
  async ({ organizationId, body }) => {
    const organization = await updateOrganization(db, organizationId, body);
    if (!organization) throw notFound('Organization');
    return { status: 200, body: organizationResource(organization) };
  },
);
