// Giving a member another role: admins change members and admins; only an owner makes or demotes an
// owner, and the last owner stays one. Written against the team's version (shared/data/members.ts).
import { unchanged } from '#shared/data/change';
import { membershipPart } from '#shared/data/members';
import type { CorrelatedDb } from '#shared/data/table';
import { assertRoleChange } from '#shared/domain/membership-rules';
import type { Role } from '#shared/domain/roles';
import type { Membership } from '#shared/domain/user';
import { changeMember } from '#shared/members/change-member';

export type Actor = { userId: string; role: Role };

export async function changeMemberRole(
  db: CorrelatedDb,
  organizationId: string,
  actor: Actor,
  userId: string,
  role: Role,
): Promise<Membership> {
  const decide = (member: Membership, owners: number) => {
    assertRoleChange(actor.role, member.role, role, owners);
    return member.role === role ? unchanged(member) : { ...member, role };
  };
  return changeMember(db, organizationId, userId, 'member.updated', decide, (changed, read) =>
    membershipPart(db, changed, read),
  );
}
