// Members and invitations as the API answers them.
import * as z from 'zod/mini';
import { INVITATION_STATUSES } from '#shared/domain/invitation';
import { ROLES } from '#shared/domain/roles';
import { idOfResource, pageOf, timestamp } from '#shared/http/schemas/responses/common';

export const memberResponse = z
  .strictObject({ user_id: idOfResource('usr'), email: z.string(), role: z.enum(ROLES), joined_at: timestamp })
  .register(z.globalRegistry, { id: 'Member' });

export const memberListResponse = pageOf(memberResponse).register(z.globalRegistry, { id: 'MemberList' });

export const invitationResponse = z
  .strictObject({
    id: idOfResource('ivt'),
    email: z.string(),
    role: z.enum(ROLES),
    status: z.enum(INVITATION_STATUSES),
    invited_by: idOfResource('usr'),
    created_at: timestamp,
    expires_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'Invitation' });

export const invitationListResponse = pageOf(invitationResponse).register(z.globalRegistry, { id: 'InvitationList' });

export const acceptedInvitationResponse = z
  .strictObject({
    organization: z.strictObject({ id: idOfResource('org'), name: z.string(), role: z.enum(ROLES) }),
  })
  .register(z.globalRegistry, { id: 'AcceptedInvitation' });
