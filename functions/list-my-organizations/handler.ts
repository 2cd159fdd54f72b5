import { membershipsOf } from '#shared/data/users';
import { endpoint } from '#shared/http/endpoint';
import { route } from '#functions/list-my-organizations/route';

export const handler = endpoint(route, {}, async ({ db, principal, organizationId }) => {
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
});
