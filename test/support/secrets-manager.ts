// A small Secrets Manager stand-in on loopback speaking the service's JSON protocol, for the
// AWS-only code paths (the signing-key generator, the signing key read at cold start). It holds
// secrets in memory and answers GetSecretValue and PutSecretValue, nothing else. It counts the reads
// it was asked for, and can hold its answers (`hold`) to show who waits for them.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startSecretsManager() {
  const secrets = new Map<string, string>();
  const reads: string[] = [];
  /** Each request's headers, in order. */
  const requests: IncomingHttpHeaders[] = [];
  let held: Promise<void> | undefined;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
      SecretId?: string;
      SecretString?: string;
    };
    requests.push(req.headers);
    const operation = String(req.headers['x-amz-target'] ?? '')
      .split('.')
      .pop();
    const answer = (status: number, payload: object, errorType?: string) => {
      res.writeHead(status, {
        'content-type': 'application/x-amz-json-1.1',
        ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
      });
      res.end(JSON.stringify(payload));
    };
    const id = String(body.SecretId);
    if (operation === 'PutSecretValue') {
      secrets.set(id, String(body.SecretString));
      return answer(200, { ARN: id, Name: id, VersionId: 'v1' });
    }
    if (operation === 'GetSecretValue') {
      reads.push(id);
      await held;
      const value = secrets.get(id);
      if (value === undefined)
        return answer(
          400,
          { __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret value" },
          'ResourceNotFoundException',
        );
      return answer(200, { ARN: id, Name: id, SecretString: value, VersionId: 'v1' });
    }
    answer(400, { __type: 'InvalidRequestException', message: `unsupported ${operation}` }, 'InvalidRequestException');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secrets,
    /** The ids GetSecretValue was asked for, in order. */
    reads,
    requests,
    /** Holds every GetSecretValue answer until the function it hands back is called. */
    hold: () => {
      let release!: () => void;
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        held = undefined;
        release();
      };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
