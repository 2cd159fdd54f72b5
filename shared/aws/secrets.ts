// Secrets Manager: one client per process, loaded only where a secret is configured, so local runs
// and tests (which pass values in the environment) skip its import cost. Secrets are read once per
// cold start by the functions that need them.
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

let client: Promise<SecretsManagerClient> | undefined;

export const secretsManagerClient = (): Promise<SecretsManagerClient> =>
  (client ??= import('@aws-sdk/client-secrets-manager').then(
    ({ SecretsManagerClient }) => new SecretsManagerClient({}),
  ));

export async function readSecretString(secretArn: string): Promise<string> {
  const { GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const { SecretString } = await (await secretsManagerClient()).send(
    new GetSecretValueCommand({ SecretId: secretArn }),
  );
  if (!SecretString) throw new Error(`secret ${secretArn} has no string value`);
  return SecretString;
}
