import { memberResource } from '#shared/domain/resources/member';
import { endpoint } from '#shared/http/endpoint';
import { memberParams, updateMemberBody } from '#shared/http/schemas/members';
import { actorOf } from '#shared/http/actor';
import { changeMemberRole } from '#shared/members/change-member-role';
import { route } from '#functions/update-member/route';

export const handler = endpoint(
  route,
  { params: memberParams, body: updateMemberBody },
  async ({ db, organizationId, principal, params, body }) => {
    const member = await changeMemberRole(db, organizationId, actorOf(principal), params.id, body.role);
    return { status: 200, body: memberResource(member) };
  },
);
