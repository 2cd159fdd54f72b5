// Members and invitations as responses show them: an invitation never shows its token.
import type { Invitation } from '#shared/domain/invitation';
import type { Membership } from '#shared/domain/user';

export const memberResource = (membership: Membership) => ({
  user_id: membership.user_id,
  email: membership.email,
  role: membership.role,
  joined_at: membership.created_at,
});

export const invitationResource = (invitation: Invitation) => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  status: invitation.status,
  invited_by: invitation.invited_by,
  created_at: invitation.created_at,
  expires_at: invitation.expires_at,
});
