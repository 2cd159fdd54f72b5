// The signed-in user joins the organization an invitation names; a token exchange with its id then
// switches to it.
import { endpoint } from '#shared/http/endpoint';
import { invitationTokenParams } from '#shared/http/schemas/members';
import { actorOf } from '#shared/http/actor';
import { acceptInvitation } from '#shared/members/accept-invitation';
import { route } from '#functions/accept-invitation/route';

export const handler = endpoint(route, { params: invitationTokenParams }, async ({ db, principal, params }) => {
  const membership = await acceptInvitation(db, actorOf(principal).userId, params.token);
  const { organization_id: id, organization_name: name, role } = membership;
  return { status: 200, body: { organization: { id, name, role } } };
});
