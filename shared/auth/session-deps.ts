// The token endpoints' shared wiring, built once per cold start from configuration.
import { config, signerConfig } from '../config.ts';
import type { Db } from '../data/client.ts';
import { signAccessToken } from './access-token.ts';
import type { SessionDeps } from './sessions.ts';

export function sessionDeps(db: Db): SessionDeps {
  const { ACCESS_TOKEN_ISSUER, ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_IDLE_SECONDS, REFRESH_TOKEN_MAX_SECONDS } = config();
  const { ACCESS_TOKEN_PRIVATE_JWK } = signerConfig();
  const settings = { issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE, ttlSeconds: ACCESS_TOKEN_TTL_SECONDS };
  return {
    db,
    sign: (claims) => signAccessToken(ACCESS_TOKEN_PRIVATE_JWK, claims, settings),
    accessTtlSeconds: ACCESS_TOKEN_TTL_SECONDS,
    refreshLifetimes: { idleSeconds: REFRESH_TOKEN_IDLE_SECONDS, maxSeconds: REFRESH_TOKEN_MAX_SECONDS },
  };
}
