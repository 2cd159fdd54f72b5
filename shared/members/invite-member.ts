// Inviting someone by e-mail: refused for an address that is already a member or has an open
// invitation, and for an owner invited by an admin. The e-mail goes first; the invitation is written
// after it, so a refused e-mail leaves nothing behind and a written invitation was always sent.
import { createHash, randomBytes } from 'node:crypto';
import { getOrganization } from '#shared/data/organizations';
import { getTeam, listInvitations, newInvitationParts } from '#shared/data/members';
import { eventParts } from '#shared/data/events';
import { transact, type CorrelatedDb } from '#shared/data/table';
import { invitationResource } from '#shared/domain/resources/member';
import { invalidState } from '#shared/domain/errors';
import { newId } from '#shared/domain/ids';
import { INVITATION_VALID_DAYS, isOpen, normalizedEmail, type Invitation } from '#shared/domain/invitation';
import { assertInvitable } from '#shared/domain/membership-rules';
import type { Role } from '#shared/domain/roles';
import type { DocumentRenderer } from '#shared/documents/renderer';
import { deliverEmail, type MailDeps } from '#shared/email/deliver-email';
import type { Actor } from '#shared/members/change-member-role';

export type InvitationDeps = MailDeps & { db: CorrelatedDb; renderer: DocumentRenderer; invitationUrl: string };

export const INVITATION_TOKEN_PREFIX = 'inv_it_';
export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function inviteMember(
  deps: InvitationDeps,
  organizationId: string,
  actor: Actor,
  given: { email: string; role: Role },
  now = new Date(),
): Promise<Invitation> {
  const email = normalizedEmail(given.email);
  assertInvitable(actor.role, given.role);
  const [organization, team, invitations] = await Promise.all([
    getOrganization(deps.db, organizationId),
    getTeam(deps.db, organizationId),
    listInvitations(deps.db, organizationId),
  ]);
  if (!organization) throw new Error(`organization ${organizationId} is incomplete`);
  if (team.members.some((member) => normalizedEmail(member.email) === email))
    throw invalidState(`${email} is already a member of the organization`);
  const open = invitations.find((invitation) => invitation.email === email && isOpen(invitation, now));
  if (open) throw invalidState(`${email} has an open invitation (${open.id}): revoke it to invite again`);
  const invitation: Invitation = {
    id: newId('ivt', now.getTime()),
    organization_id: organizationId,
    email,
    role: given.role,
    status: 'pending',
    invited_by: actor.userId,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + INVITATION_VALID_DAYS * 86_400_000).toISOString(),
  };
  const token = `${INVITATION_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const composed = await deps.renderer.render({
    kind: 'invitation-email',
    invitation: {
      from: deps.from,
      to: email,
      organization: organization.legal_name ?? organization.name,
      role: invitation.role,
      expiresAt: invitation.expires_at,
      link: deps.invitationUrl.replace('{token}', token),
      locale: organization.locale,
    },
  });
  await deliverEmail(deps, Buffer.from(composed.content), email, {
    organizationId,
    document: { kind: 'invitation', id: invitation.id },
  });
  const written = await transact(deps.db, {
    invitation: newInvitationParts(deps.db, invitation, hashInvitationToken(token)),
    event: eventParts(deps.db, organizationId, [
      { type: 'invitation.created', object: invitationResource(invitation) },
    ]),
  });
  if (!written.ok) throw new Error(`invitation ${invitation.id} could not be written`);
  return invitation;
}
