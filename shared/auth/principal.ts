import type { Role } from '#shared/domain/roles';
import type { Scope } from '#shared/domain/scopes';

/** Who is calling, resolved once per request from the credential and nothing else. */
export type Principal =
  | { kind: 'api_key'; organizationId: string; credentialId: string; scopes: readonly Scope[] }
  | { kind: 'user'; organizationId: string; userId: string; role: Role; scopes: readonly Scope[] };
