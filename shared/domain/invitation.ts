// An invitation to join an organization (docs/security.md "Members and invitations"): a one-time link
// to an e-mail address, valid 7 days, stored as the hash of its token only.
import { invalidState, DomainError, ErrorCode } from '#shared/domain/errors';
import type { Role } from '#shared/domain/roles';

export const INVITATION_VALID_DAYS = 7;
export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export type Invitation = {
  id: string;
  organization_id: string;
  /** Lower case: addresses are compared without regard to case. */
  email: string;
  role: Role;
  status: InvitationStatus;
  invited_by: string;
  created_at: string;
  expires_at: string;
  accepted_at?: string;
  accepted_by?: string;
  revoked_at?: string;
};

export const normalizedEmail = (email: string) => email.trim().toLowerCase();

export const isOpen = (invitation: Invitation, now: Date) =>
  invitation.status === 'pending' && invitation.expires_at > now.toISOString();

/** Why `user` may not accept the invitation, as the error the caller sees; nothing when they may. */
export function assertAcceptable(
  invitation: Invitation,
  user: { email: string; email_verified?: boolean },
  now: Date,
): void {
  if (invitation.status === 'accepted') throw invalidState('This invitation has already been used');
  if (invitation.status === 'revoked') throw invalidState('This invitation was revoked');
  if (invitation.expires_at <= now.toISOString())
    throw invalidState(`This invitation expired at ${invitation.expires_at}; ask for a new one`);
  // Only an address the identity provider verified proves the invitee holds the mailbox.
  if (normalizedEmail(user.email) !== invitation.email || user.email_verified !== true)
    throw new DomainError(
      ErrorCode.permissionDenied,
      'This invitation is for another e-mail address: sign in with the verified address it was sent to',
    );
}
