// Removing a member, or leaving the organization with one's own id.
import { endpoint } from '#shared/http/endpoint';
import { memberParams } from '#shared/http/schemas/members';
import { actorOf } from '#shared/http/actor';
import { removeMember } from '#shared/members/remove-member';
import { route } from '#functions/remove-member/route';

export const handler = endpoint(route, { params: memberParams }, async ({ db, organizationId, principal, params }) => {
  const actor = { ...actorOf(principal), mayManage: principal.scopes.includes('members:manage') };
  await removeMember(db, organizationId, actor, params.id);
  return { status: 204 };
});
