// One POST to an AWS API, signed with the SDK's SigV4 signer and default credential chain (both in
// every bundle already with its DynamoDB client), tried again as the SDK's standard retry does: for
// the calls the service makes without the SDK's client of that service (lambda.ts, ses.ts,
// secrets.ts). Sent with node:http(s), as the SDK sends: the first `fetch` of a process loads undici,
// about 100 ms of a cold start on Node 20 (docs/performance.md).
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Hash } from '@smithy/core/serde';
import { SignatureV4 } from '@smithy/signature-v4';

export type Credentials = ConstructorParameters<typeof SignatureV4>[0]['credentials'];
export type Pause = (ms: number) => Promise<unknown>;
/** An answer's headers, looked up by lower-case name. */
export type AnswerHeaders = { get(name: string): string | null };
export type Answer = { status: number; ok: boolean; headers: AnswerHeaders; body: string };

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
        // Its length is signed, as the SDK signs it.
        headers: { host: endpoint.host, 'content-length': String(Buffer.byteLength(body)), ...headers },
        body,
      });
      const answer = await post(new URL(path, endpoint), signed.headers, body);
      if (answer.ok || !retryable(answer) || attempt >= ATTEMPTS) return answer;
      await pause(50 * 2 ** attempt * Math.random());
    }
  };
}

const headersOf = (headers: IncomingHttpHeaders): AnswerHeaders => ({
  get: (name) => {
    const value = headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  },
});

function post(url: URL, headers: Record<string, string>, body: string): Promise<Answer> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, { method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        resolve({
          status,
          ok: status >= 200 && status < 300,
          headers: headersOf(response.headers),
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}
