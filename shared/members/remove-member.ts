// Removing a member, or leaving (one's own id): the membership goes, with the team's version, and the
// member's refresh tokens for the organization are revoked at once; their access tokens and the API keys
// they made are refused from then on (docs/security.md). The last owner neither leaves nor is removed.
import { revokeRefreshTokensOfUser } from '#shared/data/refresh-tokens';
import { getTeam, membershipRemovedPart, teamChangedPart } from '#shared/data/members';
import { eventParts } from '#shared/data/events';
import { transact, type CorrelatedDb } from '#shared/data/table';
import { memberResource } from '#shared/domain/resources/member';
import { DomainError, ErrorCode, invalidState, notFound } from '#shared/domain/errors';
import { assertRemoval } from '#shared/domain/membership-rules';
import type { Actor } from '#shared/members/change-member-role';

export async function removeMember(
  db: CorrelatedDb,
  organizationId: string,
  actor: Actor & { mayManage: boolean },
  userId: string,
): Promise<void> {
  const leaving = userId === actor.userId;
  if (!leaving && !actor.mayManage)
    throw new DomainError(ErrorCode.permissionDenied, 'Only owners and admins remove other members');
  for (let attempt = 1; attempt <= 5; attempt++) {
    const team = await getTeam(db, organizationId);
    const member = team.members.find((candidate) => candidate.user_id === userId);
    if (!member) throw notFound('Member');
    const owners = team.members.filter((candidate) => candidate.role === 'owner').length;
    assertRemoval(actor.role, member.role, owners, leaving);
    const written = await transact(db, {
      team: teamChangedPart(db, organizationId, team.version),
      member: membershipRemovedPart(db, organizationId, userId),
      event: eventParts(db, organizationId, [{ type: 'member.removed', object: memberResource(member) }]),
    });
    if (written.ok) {
      await revokeRefreshTokensOfUser(db, userId, organizationId);
      return;
    }
  }
  throw invalidState('The members kept changing; try again');
}
