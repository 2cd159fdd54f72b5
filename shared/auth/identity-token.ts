// Tokens of the external identity provider (the idp_token of the exchange). Verified against the
// provider's JWKS (fetched and cached by jose), with an algorithm allow-list, issuer, audience,
// expiry and a small clock-skew allowance. Our own access tokens are refused here by type and issuer.
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import { ACCESS_TOKEN_TYPE } from '#shared/auth/access-token';

/** `emailVerified`: the provider checked the address (Cognito's and OIDC's `email_verified`). */
export type Identity = { issuer: string; subject: string; email: string; emailVerified: boolean };

const ALGORITHMS = ['RS256', 'ES256'];
const CLOCK_TOLERANCE_SECONDS = 60;

const invalidToken = () =>
  new DomainError(ErrorCode.invalidToken, 'The identity-provider token is malformed, expired or not trusted');

export function identityTokenVerifier(settings: { issuer: string; audience: string; jwksUrl: string }) {
  // Made at the first token: jose builds a fetch `Headers` for it, which loads undici (24 ms of a
  // cold start on Node 20, 43 on Node 24), and a refused exchange never needs the keys.
  let keys: ReturnType<typeof createRemoteJWKSet> | undefined;
  const remoteKeys = () =>
    (keys ??= createRemoteJWKSet(new URL(settings.jwksUrl), {
      timeoutDuration: 5_000,
      cooldownDuration: 30_000,
      cacheMaxAge: 600_000,
    }));
  return async (token: string): Promise<Identity> => {
    let header;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw invalidToken();
    }
    if (header.typ === ACCESS_TOKEN_TYPE || 'jku' in header || 'x5u' in header || 'jwk' in header || 'x5c' in header)
      throw invalidToken();
    try {
      const { payload } = await jwtVerify(token, remoteKeys(), {
        algorithms: ALGORITHMS,
        issuer: settings.issuer,
        audience: settings.audience,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp'],
      });
      // Cognito access tokens carry no audience and id tokens carry token_use "id"; refuse the rest.
      if (payload.token_use !== undefined && payload.token_use !== 'id') throw invalidToken();
      const email = typeof payload.email === 'string' ? payload.email : `${payload.sub}@users.invalid`;
      // Cognito writes the claim as a boolean; some providers as the string "true".
      const verified = typeof payload.email === 'string' && String(payload.email_verified) === 'true';
      return { issuer: settings.issuer, subject: payload.sub!, email, emailVerified: verified };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      const name = (error as Error)?.name ?? '';
      if (name === 'JWKSTimeout' || (error as { code?: string }).code === 'ERR_JWKS_TIMEOUT') throw error;
      throw invalidToken();
    }
  };
}
