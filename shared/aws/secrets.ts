// Secrets Manager reads of the functions that hold a secret: one signed GetSecretValue
// (signed-post.ts) instead of the SDK's client, whose schemas and first request cost a cold start
// about 10 ms more (docs/performance.md). Only functions given a secret's ARN read one; locally the
// values come from the environment. A function starts its read as it starts (`startedSecret`).
import { type SignedPost, signedPost } from '#shared/aws/signed-post';

const SECRETS_MANAGER = {
  signingName: 'secretsmanager',
  endpointVariable: 'AWS_ENDPOINT_URL_SECRETS_MANAGER',
  host: (region: string) => `secretsmanager.${region}.amazonaws.com`,
};
const HEADERS = { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' };
/** Throttles and Secrets Manager's own faults are tried again. */
const retryable = ({ status }: { status: number }) => status === 429 || status >= 500;
let post: SignedPost | undefined;

/** The secret's string value; a refusal (no such secret, no access) is thrown with what it answered. */
export async function readSecretString(secretArn: string): Promise<string> {
  post ??= signedPost(process.env, SECRETS_MANAGER);
  const answer = await post('/', HEADERS, JSON.stringify({ SecretId: secretArn }), retryable);
  if (!answer.ok) throw new Error(`Secrets Manager answered ${answer.status}: ${answer.body}`);
  const { SecretString } = JSON.parse(answer.body) as { SecretString?: string };
  if (!SecretString) throw new Error(`secret ${secretArn} has no string value`);
  return SecretString;
}

/**
 * A value read from a secret, the read started now: the cold start does not wait for it, so it runs
 * beside the first request's own reads and the request waits only for what is left. A failed read
 * is started again by the next caller.
 */
export function startedSecret<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  const start = () => {
    const started = read();
    pending = started;
    started.catch(() => {
      if (pending === started) pending = undefined;
    });
    return started;
  };
  start();
  return () => pending ?? start();
}
