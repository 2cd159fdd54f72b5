// The frame of every change to one member of a team, on readDecideCommit (shared/data/change.ts): read
// the team, let the operation decide on the member (knowing how many owners there are), and commit the
// membership's change with its event on the condition that the team's version is still the one read.
import { RACED, readDecideCommit, type Unchanged } from '#shared/data/change';
import { eventParts } from '#shared/data/events';
import { getTeam, teamChangedPart } from '#shared/data/members';
import { transact, type CorrelatedDb, type WritePart } from '#shared/data/table';
import { notFound } from '#shared/domain/errors';
import type { EventType } from '#shared/domain/events';
import { memberResource } from '#shared/domain/resources/member';
import type { Membership } from '#shared/domain/user';

/** `decide` answers the member as the change leaves it (the event's object), `write` the membership's part. */
export async function changeMember(
  db: CorrelatedDb,
  organizationId: string,
  userId: string,
  eventType: EventType,
  decide: (member: Membership, owners: number) => Membership | Unchanged<Membership>,
  /** The membership's part; `read` is the team version the decision was made on. */
  write: (decision: Membership, read: number) => WritePart,
): Promise<Membership> {
  return readDecideCommit({
    subject: { resource: 'team', id: organizationId },
    read: () => getTeam(db, organizationId),
    decide: (team) => {
      const member = team.members.find((candidate) => candidate.user_id === userId);
      if (!member) throw notFound('Member');
      return decide(member, team.members.filter((candidate) => candidate.role === 'owner').length);
    },
    commit: async (decision, team) => {
      const written = await transact(db, {
        team: teamChangedPart(db, organizationId, team.version),
        member: write(decision, team.version),
        event: eventParts(db, organizationId, [{ type: eventType, object: memberResource(decision) }]),
      });
      return written.ok ? decision : RACED;
    },
  });
}
