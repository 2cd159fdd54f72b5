import { listInvitations } from '#shared/data/members';
import { isOpen } from '#shared/domain/invitation';
import { invitationResource } from '#shared/domain/resources/member';
import { endpoint } from '#shared/http/endpoint';
import { route } from '#functions/list-invitations/route';

/** The open invitations, oldest first; accepted, revoked and expired ones are not listed. */
export const handler = endpoint(route, {}, async ({ db, organizationId }) => {
  const now = new Date();
  const open = (await listInvitations(db, organizationId)).filter((invitation) => isOpen(invitation, now));
  return { status: 200, body: { results: open.map(invitationResource) } };
});
