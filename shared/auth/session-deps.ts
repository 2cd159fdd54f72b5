// The token endpoints' shared wiring, built once per cold start from configuration. The private
// signing key comes from the environment locally and from Secrets Manager in AWS, read once.
import type { JWK } from 'jose';
import { readSecretString } from '#shared/aws/secrets';
import { config, signerConfig } from '#shared/config';
import type { Db } from '#shared/data/table';
import { signAccessToken } from '#shared/auth/access-token';
import type { SessionDeps } from '#shared/auth/sessions';

async function privateSigningKey(): Promise<JWK & { kid: string }> {
  const signer = signerConfig();
  if (signer.ACCESS_TOKEN_PRIVATE_JWK) return signer.ACCESS_TOKEN_PRIVATE_JWK;
  return JSON.parse(await readSecretString(signer.ACCESS_TOKEN_PRIVATE_JWK_SECRET_ARN)) as JWK & { kid: string };
}

export async function sessionDeps(db: Db): Promise<SessionDeps> {
  const {
    ACCESS_TOKEN_ISSUER,
    ACCESS_TOKEN_AUDIENCE,
    ACCESS_TOKEN_TTL_SECONDS,
    REFRESH_TOKEN_IDLE_SECONDS,
    REFRESH_TOKEN_MAX_SECONDS,
  } = config();
  const key = await privateSigningKey();
  const settings = {
    issuer: ACCESS_TOKEN_ISSUER,
    audience: ACCESS_TOKEN_AUDIENCE,
    ttlSeconds: ACCESS_TOKEN_TTL_SECONDS,
  };
  return {
    db,
    sign: (claims) => signAccessToken(key, claims, settings),
    accessTtlSeconds: ACCESS_TOKEN_TTL_SECONDS,
    refreshLifetimes: { idleSeconds: REFRESH_TOKEN_IDLE_SECONDS, maxSeconds: REFRESH_TOKEN_MAX_SECONDS },
  };
}
