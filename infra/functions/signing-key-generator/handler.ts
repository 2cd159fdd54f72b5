// CloudFormation custom resource: creates the access-token signing key once, stores the private
// JWK in the stack's secret and answers the public JWK set. Updates keep the key; so do deletes
// (the secret is the stack's and goes with it). The secret may start however CloudFormation made
// it — with a generated random password, or with no value at all — and a Create may be retried:
// anything that is not already our key is replaced by a new one, and a key once stored is kept.
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import type { JWK } from 'jose';
import { generateSigningKeys } from '#shared/auth/signing-keys';

// The SDK's client here: a deploy-time function that also writes the secret and reads its errors.
const secrets = new SecretsManagerClient({});

const publicPart = ({ d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...rest }: JWK) => rest;

type SigningJwk = JWK & { kid: string; d: string };

/** The stored signing key, or undefined when the secret holds anything else (or nothing). */
function storedKey(secretString: string | undefined): SigningJwk | undefined {
  if (!secretString) return undefined;
  try {
    const value = JSON.parse(secretString) as Partial<SigningJwk> | null;
    return value && typeof value === 'object' && value.kty === 'EC' && value.d && value.kid
      ? (value as SigningJwk)
      : undefined;
  } catch {
    return undefined;
  }
}

async function currentSecret(secretArn: string): Promise<string | undefined> {
  try {
    return (await secrets.send(new GetSecretValueCommand({ SecretId: secretArn }))).SecretString;
  } catch (error) {
    // A secret created without a value has no version yet; any other failure must not replace a key.
    if ((error as { name?: string }).name === 'ResourceNotFoundException') return undefined;
    throw error;
  }
}

export const handler = async (event: CloudFormationCustomResourceEvent) => {
  const secretArn = String(event.ResourceProperties.SecretArn);
  if (event.RequestType === 'Delete') return { PhysicalResourceId: event.PhysicalResourceId };
  let privateJwk = storedKey(await currentSecret(secretArn));
  if (!privateJwk) {
    privateJwk = (await generateSigningKeys('ES256')).privateJwk as SigningJwk;
    await secrets.send(new PutSecretValueCommand({ SecretId: secretArn, SecretString: JSON.stringify(privateJwk) }));
  }
  return {
    PhysicalResourceId: `signing-key-${privateJwk.kid}`,
    Data: { PublicJwks: JSON.stringify({ keys: [publicPart(privateJwk)] }) },
  };
};
