// The bodies of the member and invitation routes (docs/security.md "Members and invitations").
import * as z from 'zod/mini';
import '#shared/zod-locale';
import { ROLES } from '#shared/domain/roles';
import { idOf } from '#shared/http/schemas/common';

export const memberParams = z.object({ id: idOf('usr') });
export const invitationParams = z.object({ id: idOf('ivt') });
export const invitationTokenParams = z.object({
  token: z.string().check(z.regex(/^inv_it_[A-Za-z0-9_-]{43}$/, 'must be an invitation token')),
});

export const updateMemberBody = z.strictObject({ role: z.enum(ROLES) });

export const createInvitationBody = z.strictObject({
  email: z.email('must be an e-mail address').check(z.maxLength(254)),
  role: z.enum(ROLES),
});
