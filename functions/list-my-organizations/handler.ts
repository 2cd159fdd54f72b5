import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { membershipsOf } from '#shared/data/users';
import { endpoint } from '#shared/http/endpoint';
import { myOrganizationsResponse } from '#shared/http/schemas/responses/sessions';
import { routeNamed } from '#functions/routes';

const db = createDb(config().TABLE_NAME);

export const handler = endpoint(
  routeNamed('list-my-organizations'),
  { db, response: myOrganizationsResponse },
  async ({ principal, organizationId }) => {
    const memberships = principal.kind === 'user' ? await membershipsOf(db, principal.userId) : [];
    return {
      status: 200,
      body: memberships.map((membership) => ({
        id: membership.organization_id,
        name: membership.organization_name,
        role: membership.role,
        is_active: membership.organization_id === organizationId,
      })),
    };
  },
);
