// One POST to an AWS API over fetch, signed with the SDK's SigV4 signer and default credential chain
// (both in every bundle already with its DynamoDB client), tried again as the SDK's standard retry
// does: for the calls the service makes without the SDK's client of that service (lambda.ts, ses.ts).
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Hash } from '@smithy/core/serde';
import { SignatureV4 } from '@smithy/signature-v4';

export type Credentials = ConstructorParameters<typeof SignatureV4>[0]['credentials'];
export type Pause = (ms: number) => Promise<unknown>;
export type Answer = { status: number; ok: boolean; headers: Headers; body: string };

/** Up to this many attempts in all, jittered exponentially, as the SDK's standard retry. */
const ATTEMPTS = 3;
const sleep: Pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export type SignedPost = (
  path: string,
  headers: Record<string, string>,
  body: string,
  retryable: (answer: Answer) => boolean,
) => Promise<Answer>;

/**
 * Posts to `service` at AWS_ENDPOINT_URL_<SERVICE>, AWS_ENDPOINT_URL or its regional host; answers the
 * last answer, whatever its status: the caller reads it as its API says.
 */
export function signedPost(
  env: NodeJS.ProcessEnv,
  service: { signingName: string; endpointVariable: string; host: (region: string) => string },
  credentials: Credentials = defaultProvider(),
  pause: Pause = sleep,
): SignedPost {
  const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1';
  const endpoint = new URL(env[service.endpointVariable] ?? env.AWS_ENDPOINT_URL ?? `https://${service.host(region)}`);
  const signer = new SignatureV4({
    service: service.signingName,
    region,
    credentials,
    sha256: Hash.bind(null, 'sha256'),
  });
  return async (path, headers, body, retryable) => {
    for (let attempt = 1; ; attempt++) {
      const signed = await signer.sign({
        method: 'POST',
        protocol: endpoint.protocol,
        hostname: endpoint.hostname,
        port: endpoint.port ? Number(endpoint.port) : undefined,
        path,
        query: {},
        headers: { host: endpoint.host, ...headers },
        body,
      });
      const response = await fetch(new URL(path, endpoint), { method: 'POST', headers: signed.headers, body });
      const answer = {
        status: response.status,
        ok: response.ok,
        headers: response.headers,
        body: await response.text(),
      };
      if (answer.ok || !retryable(answer) || attempt >= ATTEMPTS) return answer;
      await pause(50 * 2 ** attempt * Math.random());
    }
  };
}
