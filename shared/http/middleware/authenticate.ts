// Resolves the bearer credential (an API key or an access token) into a Principal. The organization
// comes from the stored key or the signed token and nothing else. Access ends with membership: an access
// token is refused once its membership changed or is gone, and a key once its maker could no longer make
// it (docs/security.md). Failed attempts are counted per client IP; past the limit they are answered
// with 429 instead of 401.
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { claimedMembership, type AccessClaims } from '#shared/auth/access-token';
import {
  type ApiKeyLookup,
  hashApiKey,
  isWellFormedApiKey,
  looksLikeApiKey,
  makerStillVouches,
} from '#shared/domain/api-key';
import type { Principal } from '#shared/auth/principal';
import { enforceLimit, LIMITS } from '#shared/auth/rate-limits';
import { SCOPES_OF_ROLE } from '#shared/domain/roles';
import type { Scope } from '#shared/domain/scopes';
import { ApiKeyCache } from '#shared/auth/api-key-cache';
import { findApiKeyByHash } from '#shared/data/api-keys';
import { getMembership } from '#shared/data/users';
import { writeApiKeyUse } from '#shared/observability/api-key-use';
import type { Db } from '#shared/data/table';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import { header, type RequestContext } from '#shared/http/request';

/** Longer Authorization headers are refused before any parsing or lookup. */
const MAX_AUTHORIZATION_LENGTH = 4096;

export type AccessTokenVerifier = (token: string) => Promise<AccessClaims>;
export type Access = { scope: Scope; credentials: 'any' | 'user' };

const invalidToken = () =>
  new DomainError(ErrorCode.invalidToken, 'The credential is malformed, unknown or no longer valid');
const membershipChanged = () =>
  new DomainError(
    ErrorCode.invalidToken,
    'The membership this token was signed for has changed or ended: refresh it, or sign in again',
  );
const missingCredential = () =>
  new DomainError(ErrorCode.authenticationRequired, 'Send a credential as "Authorization: Bearer <token>"');

const recentKeys = new ApiKeyCache();

/** An active key whose maker still vouches for it, remembered from the reads, never renewed by use. */
async function activeKey(db: Db, hash: string, now: Date): Promise<ApiKeyLookup | undefined> {
  const remembered = recentKeys.get(hash, now.getTime());
  if (remembered) return remembered;
  const key = await findApiKeyByHash(db, hash);
  if (key?.status !== 'active') return undefined;
  // A second GetItem, for keys a member made: their membership, as it is now.
  const maker =
    key.created_by_role && key.created_by ? await getMembership(db, key.organization_id, key.created_by) : undefined;
  if (!makerStillVouches(key, maker)) return undefined;
  recentKeys.set(hash, key, now.getTime());
  return key;
}

/**
 * The token's claims, once its membership is found as the token was signed for it. The membership is read
 * while the signature is checked (one consistent GetItem, no added wait on the way); what it answers
 * counts only for a token that verifies.
 */
async function currentClaims(db: Db, verify: AccessTokenVerifier, token: string): Promise<AccessClaims> {
  const claimed = claimedMembership(token);
  const stored = claimed && getMembership(db, claimed.organizationId, claimed.userId);
  void stored?.catch(() => undefined);
  const claims = await verify(token);
  const membership = await stored;
  if (!membership || (membership.version ?? 0) !== claims.membershipVersion) throw membershipChanged();
  return claims;
}

async function principalOf(db: Db, verify: AccessTokenVerifier, token: string, now: Date): Promise<Principal> {
  if (looksLikeApiKey(token)) {
    if (!isWellFormedApiKey(token)) throw invalidToken();
    const key = await activeKey(db, hashApiKey(token), now);
    if (!key || (key.expires_at && key.expires_at <= now.toISOString())) throw invalidToken();
    return { kind: 'api_key', organizationId: key.organization_id, credentialId: key.id, scopes: key.scopes };
  }
  const claims = await currentClaims(db, verify, token);
  return {
    kind: 'user',
    organizationId: claims.organizationId,
    userId: claims.userId,
    role: claims.role,
    scopes: SCOPES_OF_ROLE[claims.role],
  };
}

export async function resolvePrincipal(
  db: Db,
  verify: AccessTokenVerifier,
  request: { authorization: string | undefined; sourceIp: string },
  now = new Date(),
): Promise<Principal> {
  const { authorization } = request;
  if (!authorization || !/^bearer /i.test(authorization.trimStart())) throw missingCredential();
  try {
    const token =
      authorization.length > MAX_AUTHORIZATION_LENGTH
        ? undefined
        : /^Bearer +(\S+)\s*$/i.exec(authorization.trim())?.[1];
    if (!token) throw invalidToken();
    return await principalOf(db, verify, token, now);
  } catch (error) {
    // An expired access token is the normal end of its life, not a guess: it is not counted.
    if (error instanceof DomainError && error.code === ErrorCode.invalidToken) {
      await enforceLimit(db, LIMITS.failedBearerPerIp, request.sourceIp, now);
    }
    throw error;
  }
}

export function authorize(principal: Principal, access: Access): void {
  if (access.credentials === 'user' && principal.kind !== 'user') {
    throw new DomainError(
      ErrorCode.permissionDenied,
      'This endpoint needs a signed-in user (an access token), not an API key',
    );
  }
  if (principal.scopes.includes(access.scope)) return;
  if (principal.kind === 'user')
    throw new DomainError(ErrorCode.permissionDenied, `The ${principal.role} role may not do this`, {
      role: principal.role,
    });
  throw new DomainError(ErrorCode.insufficientScope, `This credential lacks the scope ${access.scope}`, {
    required_scope: access.scope,
  });
}

export function authenticate(
  db: Db,
  verify: AccessTokenVerifier,
  access: Access,
): MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, RequestContext> {
  return {
    before: async ({ event, context }) => {
      const principal = await resolvePrincipal(db, verify, {
        authorization: header(event.headers, 'authorization'),
        sourceIp: event.requestContext?.http?.sourceIp ?? 'unknown',
      });
      context.principal = principal;
      // Counted from the function's output by the usage aggregator; the request waits on no write.
      if (principal.kind === 'api_key')
        writeApiKeyUse({ organizationId: principal.organizationId, apiKeyId: principal.credentialId, at: new Date() });
      authorize(principal, access);
    },
  };
}
