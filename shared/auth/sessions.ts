// Signing in and staying signed in: the exchange of an identity for a token set, and refresh.
import type { Db } from '#shared/data/table';
import { issueRefreshToken, revokeRefreshToken, useRefreshToken } from '#shared/data/refresh-tokens';
import {
  createOwnOrganization,
  findUserByIdentity,
  getMembership,
  membershipsOf,
  provisionUser,
  rememberOrganization,
  syncUserEmail,
  userWithMembership,
} from '#shared/data/users';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import type { AccessClaims } from '#shared/auth/access-token';
import type { Identity } from '#shared/auth/identity-token';
import type { Membership, User } from '#shared/domain/user';

export type SessionDeps = {
  db: Db;
  sign: (claims: AccessClaims) => Promise<string>;
  accessTtlSeconds: number;
  refreshLifetimes: { idleSeconds: number; maxSeconds: number };
};

export type TokenSet = {
  access: string;
  refresh: string;
  access_expires: number;
  organization: { id: string; name: string; role: Membership['role'] };
};

const invalidToken = () =>
  new DomainError(ErrorCode.invalidToken, 'The refresh token is unknown, revoked or expired; sign in again');
const userDisabled = () => new DomainError(ErrorCode.permissionDenied, 'This user is disabled');

/** What an access token says of the membership it is signed for. */
const claimsOf = (membership: Membership): AccessClaims => ({
  userId: membership.user_id,
  organizationId: membership.organization_id,
  role: membership.role,
  membershipVersion: membership.version ?? 0,
});

/**
 * Without `organizationId` the service picks the organization last used, else the oldest
 * membership; a user with no membership at all gets a new organization of their own as owner.
 */
function chooseMembership(user: User, memberships: Membership[], organizationId?: string): Membership | undefined {
  if (organizationId) {
    const chosen = memberships.find((membership) => membership.organization_id === organizationId);
    if (!chosen)
      throw new DomainError(ErrorCode.organizationAccessDenied, 'You have no access to this organization', {
        organization_id: organizationId,
      });
    return chosen;
  }
  return (
    memberships.find((membership) => membership.organization_id === user.last_organization_id) ??
    [...memberships].sort((a, b) => a.created_at.localeCompare(b.created_at))[0]
  );
}

export async function exchangeIdentity(
  deps: SessionDeps,
  identity: Identity,
  organizationId?: string,
): Promise<TokenSet> {
  const user =
    (await findUserByIdentity(deps.db, identity.issuer, identity.subject)) ?? (await provisionUser(deps.db, identity));
  if (user.status !== 'active') throw userDisabled();
  if (user.email !== identity.email || user.email_verified !== identity.emailVerified)
    await syncUserEmail(deps.db, user.id, identity.email, identity.emailVerified);
  let memberships = await membershipsOf(deps.db, user.id);
  // The membership index is eventually consistent; a just-provisioned user's membership is read directly.
  if (memberships.length === 0 && user.last_organization_id) {
    const own = await getMembership(deps.db, user.last_organization_id, user.id);
    if (own) memberships = [own];
  }
  if (memberships.length === 0 && !organizationId) {
    await createOwnOrganization(deps.db, user);
    memberships = await membershipsOf(deps.db, user.id);
  }
  const membership = chooseMembership(user, memberships, organizationId);
  if (!membership) throw new DomainError(ErrorCode.organizationAccessDenied, 'You belong to no organization');
  const [access, refresh] = await Promise.all([
    deps.sign(claimsOf(membership)),
    issueRefreshToken(deps.db, { userId: user.id, organizationId: membership.organization_id }, deps.refreshLifetimes),
    membership.organization_id === user.last_organization_id
      ? undefined
      : rememberOrganization(deps.db, user.id, membership.organization_id),
  ]);
  return {
    access,
    refresh,
    access_expires: deps.accessTtlSeconds,
    organization: { id: membership.organization_id, name: membership.organization_name, role: membership.role },
  };
}

/** A new access token for the refresh token's organization, with the member's current role. */
export async function refreshAccess(
  deps: SessionDeps,
  refreshToken: string,
): Promise<{ access: string; access_expires: number }> {
  const session = await useRefreshToken(deps.db, refreshToken, deps.refreshLifetimes.idleSeconds);
  if (!session) throw invalidToken();
  const { user, membership } = await userWithMembership(deps.db, session.user_id, session.organization_id);
  if (!user || user.status !== 'active' || !membership) {
    await revokeRefreshToken(deps.db, refreshToken);
    throw invalidToken();
  }
  const access = await deps.sign(claimsOf(membership));
  return { access, access_expires: deps.accessTtlSeconds };
}
