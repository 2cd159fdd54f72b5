import * as z from 'zod/mini';
import { API_KEY_SCOPES, type Scope } from '#shared/domain/scopes';
import { idOf, text } from '#shared/http/schemas/common';
import '#shared/zod-locale';

const token = z.string().check(z.minLength(1, 'may not be empty'), z.maxLength(8192, 'is too long'));

export const exchangeBody = z.strictObject({ idp_token: token, organization_id: z.optional(idOf('org')) });
export const refreshBody = z.strictObject({ refresh: token });

export const createApiKeyBody = z.strictObject({
  name: text(100),
  scopes: z.array(z.enum(API_KEY_SCOPES as [Scope, ...Scope[]])).check(
    z.minLength(1, 'must name at least one scope'),
    z.refine<Scope[]>((scopes) => new Set(scopes).size === scopes.length, 'may not repeat a scope'),
  ),
  expires_at: z.optional(
    z.iso
      .datetime({ message: 'must be an ISO 8601 UTC timestamp' })
      .check(z.refine<string>((value) => Date.parse(value) > Date.now(), 'must be in the future')),
  ),
});
