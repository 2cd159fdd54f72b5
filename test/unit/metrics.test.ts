// Business metrics: a count comes out as one CloudWatch embedded-metric-format line when published,
// and a call that counted nothing writes nothing (Powertools' Metrics is made at the first count).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMetrics, METRICS_NAMESPACE } from '#shared/observability/metrics';

const written = () => {
  const lines: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  });
  return lines;
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('the metrics of a process', () => {
  it('publishes nothing, not even a warning, when nothing was counted', () => {
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    const lines = written();
    const metrics = createMetrics();
    metrics.publishStoredMetrics();
    metrics.publishStoredMetrics();
    expect(lines).toEqual([]);
  });

  it('publishes what was counted as one embedded-metric-format line, once', () => {
    // The test environment turns metrics off, as `npm run dev` does.
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    const lines = written();
    const metrics = createMetrics();
    metrics.count('InvoiceEmailsFailed');
    metrics.count('InvoiceEmailsFailed', 2);
    metrics.publishStoredMetrics();
    const emf = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line._aws);
    expect(emf).toHaveLength(1);
    expect(emf[0]).toMatchObject({
      _aws: {
        CloudWatchMetrics: [
          { Namespace: METRICS_NAMESPACE, Metrics: [{ Name: 'InvoiceEmailsFailed', Unit: 'Count' }] },
        ],
      },
      InvoiceEmailsFailed: [1, 2],
    });
    lines.length = 0;
    metrics.publishStoredMetrics();
    expect(lines.filter((line) => line.includes('_aws'))).toEqual([]);
  });
});
