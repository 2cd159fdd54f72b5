// Revoking an open invitation: its link then says it was revoked. An accepted one is a membership now.
import { changedInvitationPart, getInvitation } from '#shared/data/members';
import { eventParts } from '#shared/data/events';
import { transact, type CorrelatedDb } from '#shared/data/table';
import { invitationResource } from '#shared/domain/resources/member';
import { invalidState, notFound } from '#shared/domain/errors';
import type { Invitation } from '#shared/domain/invitation';

export async function revokeInvitation(
  db: CorrelatedDb,
  organizationId: string,
  id: string,
  now = new Date(),
): Promise<Invitation> {
  const invitation = await getInvitation(db, organizationId, id);
  if (!invitation) throw notFound('Invitation');
  if (invitation.status !== 'pending') throw invalidState(`The invitation is ${invitation.status} already`);
  const revoked: Invitation = { ...invitation, status: 'revoked', revoked_at: now.toISOString() };
  const written = await transact(db, {
    invitation: changedInvitationPart(db, revoked),
    event: eventParts(db, organizationId, [{ type: 'invitation.revoked', object: invitationResource(revoked) }]),
  });
  if (!written.ok) throw invalidState('The invitation was answered meanwhile');
  return revoked;
}
