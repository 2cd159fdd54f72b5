// The token endpoints' shared wiring, built once per cold start from configuration. The private
// signing key comes from the environment locally and from Secrets Manager in AWS: read once, from the
// cold start on, and awaited by the first token signed.
import type { JWK } from 'jose';
import { readSecretString, startedSecret } from '#shared/aws/secrets';
import { config, signerConfig } from '#shared/config';
import type { Db } from '#shared/data/table';
import { signAccessToken } from '#shared/auth/access-token';
import type { SessionDeps } from '#shared/auth/sessions';

type PrivateJwk = JWK & { kid: string };

function privateSigningKey(): () => Promise<PrivateJwk> {
  const signer = signerConfig();
  if (signer.ACCESS_TOKEN_PRIVATE_JWK) {
    const key = Promise.resolve(signer.ACCESS_TOKEN_PRIVATE_JWK);
    return () => key;
  }
  return startedSecret(
    async () => JSON.parse(await readSecretString(signer.ACCESS_TOKEN_PRIVATE_JWK_SECRET_ARN)) as PrivateJwk,
  );
}

export function sessionDeps(db: Db): SessionDeps {
  const {
    ACCESS_TOKEN_ISSUER,
    ACCESS_TOKEN_AUDIENCE,
    ACCESS_TOKEN_TTL_SECONDS,
    REFRESH_TOKEN_IDLE_SECONDS,
    REFRESH_TOKEN_MAX_SECONDS,
  } = config();
  const key = privateSigningKey();
  const settings = {
    issuer: ACCESS_TOKEN_ISSUER,
    audience: ACCESS_TOKEN_AUDIENCE,
    ttlSeconds: ACCESS_TOKEN_TTL_SECONDS,
  };
  return {
    db,
    sign: async (claims) => signAccessToken(await key(), claims, settings),
    accessTtlSeconds: ACCESS_TOKEN_TTL_SECONDS,
    refreshLifetimes: { idleSeconds: REFRESH_TOKEN_IDLE_SECONDS, maxSeconds: REFRESH_TOKEN_MAX_SECONDS },
  };
}
