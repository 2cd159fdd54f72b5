// Removing a member, or leaving the organization with one's own id.
import { endpoint } from '#shared/http/endpoint';
import { memberParams } from '#shared/http/schemas/members';
import { actorOf } from '#shared/http/actor';
import { removeMember } from '#shared/members/remove-member';
import { routeNamed } from '#functions/routes';

export const handler = endpoint(
  routeNamed('remove-member'),
  { params: memberParams },
  async ({ db, organizationId, principal, params }) => {
    const actor = { ...actorOf(principal), mayManage: principal.scopes.includes('members:manage') };
    await removeMember(db, organizationId, actor, params.id);
    return { status: 204 };
  },
);
