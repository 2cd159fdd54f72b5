// Changes the caller's organization: its name, time zone, seller details, numbering, formats and logo
// (which the document renderer decodes and writes anew before it is stored).
import { updateOrganization } from '#shared/organizations/update-organization';
import { configuredRenderer, storableLogo } from '#shared/documents/renderer';
import { endpoint } from '#shared/http/endpoint';
import { updateOrganizationBody } from '#shared/http/schemas/organizations';
import { organizationResource } from '#shared/domain/resources/organization';
import { route } from '#functions/update-organization/route';

const renderer = configuredRenderer();

export const handler = endpoint(route, { body: updateOrganizationBody }, async ({ db, organizationId, body }) => {
  const logo = body.logo && (await storableLogo(renderer, body.logo));
  const organization = await updateOrganization(db, organizationId, { ...body, logo });
  return { status: 200, body: organizationResource(organization) };
});
