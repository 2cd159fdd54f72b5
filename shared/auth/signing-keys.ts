// Generates the service's access-token signing key: a P-256 key pair as a private JWK (with kid)
// and the public JWK set that verifies it. Used by the local runtime, the tests and the stack's
// key generator.
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

export type SigningKeys = { privateJwk: JWK & { kid: string }; publicJwks: { keys: JWK[] } };

export async function generateSigningKeys(algorithm: 'ES256' | 'RS256' = 'ES256'): Promise<SigningKeys> {
  const { privateKey, publicKey } = await generateKeyPair(algorithm, { extractable: true });
  const kid = randomUUID();
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: algorithm, use: 'sig' };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: algorithm, use: 'sig' };
  return { privateJwk, publicJwks: { keys: [publicJwk] } };
}
