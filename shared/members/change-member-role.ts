// Giving a member another role: admins change members and admins; only an owner makes or demotes an
// owner, and the last owner stays one. Written against the team's version (shared/data/members.ts).
import { getTeam, membershipPart, teamChangedPart } from '#shared/data/members';
import { eventParts } from '#shared/data/events';
import { transact, type CorrelatedDb } from '#shared/data/table';
import { memberResource } from '#shared/domain/resources/member';
import { invalidState, notFound } from '#shared/domain/errors';
import { assertRoleChange } from '#shared/domain/membership-rules';
import type { Role } from '#shared/domain/roles';
import type { Membership } from '#shared/domain/user';

export type Actor = { userId: string; role: Role };

export async function changeMemberRole(
  db: CorrelatedDb,
  organizationId: string,
  actor: Actor,
  userId: string,
  role: Role,
): Promise<Membership> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const team = await getTeam(db, organizationId);
    const member = team.members.find((candidate) => candidate.user_id === userId);
    if (!member) throw notFound('Member');
    const owners = team.members.filter((candidate) => candidate.role === 'owner').length;
    assertRoleChange(actor.role, member.role, role, owners);
    if (member.role === role) return member;
    const changed = { ...member, role };
    const written = await transact(db, {
      team: teamChangedPart(db, organizationId, team.version),
      member: membershipPart(db, changed, team.version),
      event: eventParts(db, organizationId, [{ type: 'member.updated', object: memberResource(changed) }]),
    });
    if (written.ok) return changed;
  }
  throw invalidState('The members kept changing; try again');
}
