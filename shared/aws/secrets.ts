// Reads a Secrets Manager secret once per cold start. The client is loaded only where a secret is
// configured, so local runs and tests (which pass values in the environment) skip its import cost.
export async function readSecretString(secretArn: string): Promise<string> {
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const secrets = new SecretsManagerClient({});
  try {
    const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: secretArn }));
    if (!SecretString) throw new Error(`secret ${secretArn} has no string value`);
    return SecretString;
  } finally {
    secrets.destroy();
  }
}
