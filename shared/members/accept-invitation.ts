// Accepting an invitation as the signed-in user: the invitation must be open and sent to the user's
// verified e-mail. The membership, the invitation's use and the team's new version are one
// transaction, so an invitation makes one membership at most.
import { getOrganization } from '#shared/data/organizations';
import {
  changedInvitationPart,
  getTeam,
  getUser,
  invitationByToken,
  membershipPart,
  teamChangedPart,
} from '#shared/data/members';
import { eventParts } from '#shared/data/events';
import { transact, type CorrelatedDb } from '#shared/data/table';
import { userActor } from '#shared/domain/actor';
import { memberResource } from '#shared/domain/resources/member';
import { invalidState, notFound } from '#shared/domain/errors';
import { assertAcceptable } from '#shared/domain/invitation';
import type { Membership } from '#shared/domain/user';
import { hashInvitationToken, INVITATION_TOKEN_PREFIX } from '#shared/members/invite-member';

export async function acceptInvitation(
  db: CorrelatedDb,
  userId: string,
  token: string,
  now = new Date(),
): Promise<Membership> {
  const invitation = token.startsWith(INVITATION_TOKEN_PREFIX)
    ? await invitationByToken(db, hashInvitationToken(token))
    : undefined;
  if (!invitation) throw notFound('Invitation');
  const user = await getUser(db, userId);
  if (!user) throw notFound('User');
  assertAcceptable(invitation, user, now);
  const organizationId = invitation.organization_id;
  const [organization, team] = await Promise.all([getOrganization(db, organizationId), getTeam(db, organizationId)]);
  if (!organization) throw notFound('Organization');
  if (team.members.some((member) => member.user_id === userId))
    throw invalidState('You are a member of this organization already');
  const membership: Membership = {
    organization_id: organizationId,
    organization_name: organization.name,
    user_id: userId,
    email: user.email,
    role: invitation.role,
    created_at: now.toISOString(),
  };
  const written = await transact(db, {
    invitation: changedInvitationPart(db, {
      ...invitation,
      status: 'accepted',
      accepted_at: now.toISOString(),
      accepted_by: userId,
    }),
    team: teamChangedPart(db, organizationId, team.version),
    member: membershipPart(db, membership, team.version),
    // The new member acted, with the role they now have there.
    event: eventParts({ ...db, actor: userActor(userId, invitation.role) }, organizationId, [
      { type: 'member.added', object: memberResource(membership) },
    ]),
  });
  if (!written.ok)
    throw invalidState(
      written.failed === 'invitation'
        ? 'This invitation has already been used'
        : 'The members changed meanwhile; try again',
    );
  return membership;
}
