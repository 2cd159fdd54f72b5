// In Lambda (AWS_EXECUTION_ENV set, as Lambda sets it) the background functions' clients record an
// X-Ray subsegment per call; outside Lambda the same call hands the client back untouched.
import { SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it, vi } from 'vitest';

const middlewareOf = (client: SQSClient) => client.middlewareStack.identify().join('\n');

describe('traced AWS clients', () => {
  it('carry the X-Ray instrumentation in Lambda and nothing elsewhere', async () => {
    const plain = (await import('#shared/observability/tracing')).traced(new SQSClient({ region: 'us-east-1' }));
    expect(middlewareOf(plain)).not.toMatch(/XRay/i);

    vi.resetModules();
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs24.x');
    try {
      const inLambda = (await import('#shared/observability/tracing')).traced(new SQSClient({ region: 'us-east-1' }));
      expect(middlewareOf(inLambda)).toMatch(/XRay/i);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
