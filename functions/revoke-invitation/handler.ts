import { endpoint } from '#shared/http/endpoint';
import { invitationParams } from '#shared/http/schemas/members';
import { revokeInvitation } from '#shared/members/revoke-invitation';
import { routeNamed } from '#functions/routes';

export const handler = endpoint(
  routeNamed('revoke-invitation'),
  { params: invitationParams },
  async ({ db, organizationId, params }) => {
    await revokeInvitation(db, organizationId, params.id);
    return { status: 204 };
  },
);
