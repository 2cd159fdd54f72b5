// What each organization role may do (docs/security.md). A signed-in user acts with the scopes of
// their role in the organization of their token.
import { ALL_SCOPES, type Scope } from '#shared/domain/scopes';

export const ROLES = ['owner', 'admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

export const SCOPES_OF_ROLE: Record<Role, readonly Scope[]> = {
  owner: ALL_SCOPES,
  admin: ALL_SCOPES,
  member: ALL_SCOPES.filter(
    (scope) =>
      scope !== 'api_keys:manage' &&
      scope !== 'members:manage' &&
      scope !== 'audit_log:read' &&
      scope !== 'webhooks:write' &&
      scope !== 'organization:write',
  ),
};
