// Signing in: the tokens an identity is exchanged for, a refreshed access token, the caller's
// organizations.
import * as z from 'zod/mini';
import type { TokenSet } from '#shared/auth/sessions';
import { ROLES } from '#shared/domain/roles';
import { idOfResource, type Same } from '#shared/http/schemas/responses/common';

const accessToken = z.string().register(z.globalRegistry, { description: 'A JWT, sent as `Authorization: Bearer`' });
const accessExpires = z.number().register(z.globalRegistry, { description: 'Seconds the access token is valid for' });

export const tokenSetResponse = z
  .strictObject({
    access: accessToken,
    refresh: z.string().register(z.globalRegistry, { description: 'Exchanged at the refresh route; kept secret' }),
    access_expires: accessExpires,
    organization: z.strictObject({ id: idOfResource('org'), name: z.string(), role: z.enum(ROLES) }),
  })
  .register(z.globalRegistry, { id: 'TokenSet' });

export const refreshedAccessResponse = z
  .strictObject({ access: accessToken, access_expires: accessExpires })
  .register(z.globalRegistry, { id: 'RefreshedAccess' });

export const myOrganizationsResponse = z
  .array(z.strictObject({ id: idOfResource('org'), name: z.string(), role: z.enum(ROLES), is_active: z.boolean() }))
  .register(z.globalRegistry, {
    id: 'MyOrganizations',
    description: 'Every organization the user belongs to; `is_active` marks the one the token is for',
  });

const _agree: [Same<z.output<typeof tokenSetResponse>, TokenSet>] = [true];
