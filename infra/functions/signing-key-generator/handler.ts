// CloudFormation custom resource: creates the access-token signing key once, stores the private
// JWK in the stack's secret and answers the public JWK set. Updates keep the key; so do deletes
// (the secret is the stack's and goes with it).
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import type { JWK } from 'jose';
import { generateSigningKeys } from '../../../shared/auth/signing-keys.ts';

const secrets = new SecretsManagerClient({});

const publicPart = ({ d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...rest }: JWK) => rest;

export const handler = async (event: CloudFormationCustomResourceEvent) => {
  const secretArn = String(event.ResourceProperties.SecretArn);
  if (event.RequestType === 'Delete') return { PhysicalResourceId: event.PhysicalResourceId };
  const stored = await secrets.send(new GetSecretValueCommand({ SecretId: secretArn })).then((value) => value.SecretString, () => undefined);
  let privateJwk = stored ? (JSON.parse(stored) as JWK & { kid?: string }) : undefined;
  if (!privateJwk?.d || !privateJwk.kid) {
    privateJwk = (await generateSigningKeys('ES256')).privateJwk;
    await secrets.send(new PutSecretValueCommand({ SecretId: secretArn, SecretString: JSON.stringify(privateJwk) }));
  }
  return { PhysicalResourceId: `signing-key-${privateJwk.kid}`, Data: { PublicJwks: JSON.stringify({ keys: [publicPart(privateJwk)] }) } };
};
