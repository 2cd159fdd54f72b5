// The log subscription frame with the envelopes CloudWatch Logs hands a subscription's function: the
// control message it sends when the filter is created, and data messages with lines of any shape.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { logSubscriptionWorker } from '#shared/workers/log-worker';

const envelope = (data: object) => ({ awslogs: { data: gzipSync(JSON.stringify(data)).toString('base64') } });
const line = z.object({ kind: z.literal('use'), n: z.number() });

describe('the log subscription frame', () => {
  it('ignores the control message CloudWatch Logs sends when a subscription is created', async () => {
    const seen: unknown[] = [];
    const handler = logSubscriptionWorker('test', { logLevel: 'silent', line }, async (batch) => {
      seen.push(batch);
    });
    await handler(
      envelope({
        messageType: 'CONTROL_MESSAGE',
        owner: 'CloudwatchLogs',
        logGroup: '',
        logStream: '',
        subscriptionFilters: [],
        logEvents: [{ id: '', timestamp: 1, message: 'CWL CONTROL MESSAGE: Checking health of destination Lambda.' }],
      }),
    );
    expect(seen).toEqual([]);
  });

  it('hands over the lines of the expected shape, skipping the others, under the first event’s id', async () => {
    const seen: unknown[] = [];
    const handler = logSubscriptionWorker('test', { logLevel: 'silent', line }, async (batch) => {
      seen.push(batch);
    });
    await handler(
      envelope({
        messageType: 'DATA_MESSAGE',
        owner: '111111111111',
        logGroup: '/aws/lambda/route',
        logStream: '2026/11/23/[$LATEST]abc',
        subscriptionFilters: ['ApiKeyUsage'],
        logEvents: [
          { id: '3784', timestamp: 1, message: JSON.stringify({ kind: 'use', n: 1 }) },
          { id: '3785', timestamp: 2, message: 'START RequestId: 1 Version: $LATEST' },
          { id: '3786', timestamp: 3, message: JSON.stringify({ kind: 'use', n: 'two' }) },
          { id: '3787', timestamp: 4, message: JSON.stringify({ kind: 'use', n: 3 }) },
        ],
      }),
    );
    expect(seen).toEqual([
      {
        id: '3784',
        lines: [
          { kind: 'use', n: 1 },
          { kind: 'use', n: 3 },
        ],
      },
    ]);
  });
});
