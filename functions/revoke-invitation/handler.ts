import { endpoint } from '#shared/http/endpoint';
import { invitationParams } from '#shared/http/schemas/members';
import { revokeInvitation } from '#shared/members/revoke-invitation';
import { route } from '#functions/revoke-invitation/route';

export const handler = endpoint(route, { params: invitationParams }, async ({ db, organizationId, params }) => {
  await revokeInvitation(db, organizationId, params.id);
  return { status: 204 };
});
