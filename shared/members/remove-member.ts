// Removing a member, or leaving (one's own id): the membership goes, with the team's version, and the
// member's refresh tokens for the organization are revoked at once; their access tokens and the API keys
// they made are refused from then on (docs/security.md). The last owner neither leaves nor is removed.
import { revokeRefreshTokensOfUser } from '#shared/data/refresh-tokens';
import { membershipRemovedPart } from '#shared/data/members';
import type { CorrelatedDb } from '#shared/data/table';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import { assertRemoval } from '#shared/domain/membership-rules';
import type { Membership } from '#shared/domain/user';
import type { Actor } from '#shared/members/change-member-role';
import { changeMember } from '#shared/members/change-member';

export async function removeMember(
  db: CorrelatedDb,
  organizationId: string,
  actor: Actor & { mayManage: boolean },
  userId: string,
): Promise<void> {
  const leaving = userId === actor.userId;
  if (!leaving && !actor.mayManage)
    throw new DomainError(ErrorCode.permissionDenied, 'Only owners and admins remove other members');
  const decide = (member: Membership, owners: number) => {
    assertRemoval(actor.role, member.role, owners, leaving);
    return member;
  };
  await changeMember(db, organizationId, userId, 'member.removed', decide, () =>
    membershipRemovedPart(db, organizationId, userId),
  );
  await revokeRefreshTokensOfUser(db, userId, organizationId);
}
