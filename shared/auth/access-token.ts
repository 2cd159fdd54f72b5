// Access tokens: ES256 JWTs signed by the service, `typ: at+jwt`, claims sub (user), org, role and mv
// (the membership's version, which authentication compares with the stored one).
// Verification pins the algorithm, issuer, audience and type, and refuses key-location headers, so
// an identity-provider token, a forged or `alg: none` token, or HS256 signed with the public key
// never passes; every failure is a 401, never a 500.
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
} from 'jose';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import { ROLES, type Role } from '#shared/domain/roles';

export const ACCESS_TOKEN_TYPE = 'at+jwt';
const ALGORITHM = 'ES256';
/** Our own tokens, checked against clocks we run: a small allowance suffices. */
const CLOCK_TOLERANCE_SECONDS = 5;

export type AccessClaims = { userId: string; organizationId: string; role: Role; membershipVersion: number };
export type TokenSettings = { issuer: string; audience: string };

export async function signAccessToken(
  privateJwk: JWK & { kid: string },
  claims: AccessClaims,
  settings: TokenSettings & { ttlSeconds: number },
  now = new Date(),
): Promise<string> {
  const key = await importJWK(privateJwk, ALGORITHM);
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ org: claims.organizationId, role: claims.role, mv: claims.membershipVersion })
    .setProtectedHeader({ alg: ALGORITHM, kid: privateJwk.kid, typ: ACCESS_TOKEN_TYPE })
    .setSubject(claims.userId)
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt)
    .setExpirationTime(issuedAt + settings.ttlSeconds)
    .sign(key);
}

/**
 * The membership a token names, read from it unverified: only to start reading that membership while the
 * signature is checked. Nothing read by it counts unless the token then verifies.
 */
export function claimedMembership(token: string): { organizationId: string; userId: string } | undefined {
  try {
    const { org, sub } = decodeJwt(token);
    return typeof org === 'string' && typeof sub === 'string' ? { organizationId: org, userId: sub } : undefined;
  } catch {
    return undefined;
  }
}

const invalidToken = () =>
  new DomainError(ErrorCode.invalidToken, 'The credential is malformed, unknown or no longer valid');

export function accessTokenVerifier(publicJwks: { keys: JWK[] }, settings: TokenSettings) {
  const keys = createLocalJWKSet(publicJwks);
  return async (token: string, now = new Date()): Promise<AccessClaims> => {
    let header;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw invalidToken();
    }
    // Key-location headers are never fetched or trusted.
    if ('jku' in header || 'x5u' in header || 'jwk' in header || 'x5c' in header) throw invalidToken();
    try {
      const { payload } = await jwtVerify(token, keys, {
        algorithms: [ALGORITHM],
        issuer: settings.issuer,
        audience: settings.audience,
        typ: ACCESS_TOKEN_TYPE,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: now,
        requiredClaims: ['sub', 'exp', 'iat', 'mv'],
      });
      const role = payload.role as Role;
      const membershipVersion = payload.mv as number;
      if (typeof payload.org !== 'string' || !ROLES.includes(role) || !Number.isSafeInteger(membershipVersion))
        throw invalidToken();
      return { userId: payload.sub!, organizationId: payload.org, role, membershipVersion };
    } catch (error) {
      if (error instanceof errors.JWTExpired) {
        const exp = Number(error.payload.exp);
        throw new DomainError(ErrorCode.tokenExpired, 'The access token has expired; refresh it', {
          expired_at: new Date(exp * 1000).toISOString(),
        });
      }
      if (error instanceof DomainError) throw error;
      throw invalidToken();
    }
  };
}
