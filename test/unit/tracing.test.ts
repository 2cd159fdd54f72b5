// In Lambda (AWS_EXECUTION_ENV set, as Lambda sets it) the background functions' clients record an
// X-Ray subsegment per call; outside Lambda the same call hands the client back untouched.
import { execFileSync } from 'node:child_process';
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

  // The X-Ray SDK installs async hooks as it loads, and they run for every promise of the process: the
  // laptop's API server, which also runs the traced workers, must never load it.
  it('leave the X-Ray SDK unloaded outside Lambda, and load it in Lambda', () => {
    const loadsXRay = (env: NodeJS.ProcessEnv) =>
      execFileSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '--eval',
          `import { createRequire } from 'node:module';
           await import('#shared/observability/tracing');
           const loaded = Object.keys(createRequire(import.meta.url).cache);
           process.stdout.write(String(loaded.some((path) => path.includes('aws-xray-sdk-core'))));`,
        ],
        { env, encoding: 'utf8' },
      );
    const { AWS_EXECUTION_ENV: _unset, ...outside } = process.env;
    expect(loadsXRay(outside)).toBe('false');
    expect(loadsXRay({ ...outside, AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x' })).toBe('true');
  });
});
