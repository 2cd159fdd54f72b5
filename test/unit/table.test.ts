// The table's client leaves out the SDK's logger middleware, which filters every input and output for
// a logger the service never gives the SDK; tracing in Lambda stays.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { createDb, SDK_LOGGER_MIDDLEWARE } from '#shared/data/table';

const middlewareOf = (client: DynamoDBDocumentClient | DynamoDBClient) => client.middlewareStack.identify().join('\n');

describe('the table client', () => {
  it('runs without the logger middleware a stock client carries', () => {
    const stock = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
    // If the SDK renamed it, this fails first instead of the next assertion passing for nothing.
    expect(middlewareOf(stock)).toContain(SDK_LOGGER_MIDDLEWARE);
    const db = createDb('table');
    expect(middlewareOf(db.client)).not.toContain(SDK_LOGGER_MIDDLEWARE);
    expect(middlewareOf(db.queries)).not.toContain(SDK_LOGGER_MIDDLEWARE);
  });

  it('keeps the X-Ray instrumentation of the background functions in Lambda', async () => {
    vi.resetModules();
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs24.x');
    try {
      const { traced } = await import('#shared/observability/tracing');
      const { client, queries } = createDb('table', traced);
      for (const each of [client, queries]) {
        expect(middlewareOf(each)).toMatch(/XRay/i);
        expect(middlewareOf(each)).not.toContain(SDK_LOGGER_MIDDLEWARE);
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
