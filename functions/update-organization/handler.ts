// Changes the caller's organization: its name, time zone, seller details, numbering, formats and logo
// (which the document renderer decodes and writes anew before it is stored).
import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { updateOrganization } from '#shared/data/organizations';
import { configuredRenderer, storableLogo } from '#shared/documents/renderer';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { updateOrganizationBody } from '#shared/http/schemas/organizations';
import { organizationResource } from '#shared/domain/resources/organization';
import { organizationResponse } from '#shared/http/schemas/responses/access';
import { routeNamed } from '#functions/routes';

const db = createDb(config().TABLE_NAME);
const renderer = configuredRenderer();

export const handler = endpoint(
  routeNamed('update-organization'),
  { db, body: updateOrganizationBody, response: organizationResponse },
  async ({ db, organizationId, body }) => {
    const logo = body.logo && (await storableLogo(renderer, body.logo));
    const organization = await updateOrganization(db, organizationId, { ...body, logo });
    if (!organization) throw notFound('Organization');
    return { status: 200, body: organizationResource(organization) };
  },
);
