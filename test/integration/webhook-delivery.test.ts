// One delivery attempt against real receivers on loopback: signatures, outcomes, the 1 KB excerpt,
// redirects that are never followed, Retry-After, timeouts, and the destination rules applied by
// the very client that delivers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { attemptDelivery } from '#shared/webhooks/deliver';
import { nextRetryDelay, DEFAULT_SCHEDULE } from '#shared/domain/retry-schedule';
import { generateWebhookSecret } from '#shared/domain/webhook';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    ),
  );
});

type Received = { headers: IncomingMessage['headers']; body: string };
async function receiver(answer: (res: ServerResponse) => void) {
  const received: Received[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    answer(res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received };
}

const local = { allowLoopbackHttp: true };
const body = JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { object: { id: 'inv_1' } } });

describe('a webhook delivery attempt', () => {
  it('delivers a body the receiver can verify with the standardwebhooks package', async () => {
    const secret = generateWebhookSecret();
    const { url, received } = await receiver((res) => {
      res.writeHead(204);
      res.end();
    });
    const attempt = await attemptDelivery({ url, secrets: [secret], messageId: 'evt_1', body, policy: local });
    expect(attempt).toMatchObject({ outcome: 'delivered', status_code: 204 });
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['webhook-id']).toBe('evt_1');
    expect(new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>)).toEqual(
      JSON.parse(body),
    );
  });

  it('records a failure with its status and only the first 1 KB of the answer', async () => {
    const { url } = await receiver((res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('x'.repeat(5000));
    });
    const attempt = await attemptDelivery({
      url,
      secrets: [generateWebhookSecret()],
      messageId: 'evt_2',
      body,
      policy: local,
    });
    expect(attempt).toMatchObject({ outcome: 'failed', status_code: 500 });
    expect(attempt.response_excerpt!.length).toBeLessThanOrEqual(1024);
    expect(attempt.response_excerpt!.length).toBeGreaterThan(0);
  });

  it('treats a redirect as a failure and never requests its Location', async () => {
    const elsewhere = await receiver((res) => {
      res.writeHead(200);
      res.end();
    });
    const { url } = await receiver((res) => {
      res.writeHead(302, { location: elsewhere.url });
      res.end();
    });
    const attempt = await attemptDelivery({
      url,
      secrets: [generateWebhookSecret()],
      messageId: 'evt_3',
      body,
      policy: local,
    });
    expect(attempt).toMatchObject({ outcome: 'failed', status_code: 302, error: 'redirects are not followed' });
    expect(elsewhere.received).toHaveLength(0);
  });

  it('reports 410 as gone and honours Retry-After on 429', async () => {
    const gone = await receiver((res) => {
      res.writeHead(410);
      res.end();
    });
    expect(
      (
        await attemptDelivery({
          url: gone.url,
          secrets: [generateWebhookSecret()],
          messageId: 'evt_4',
          body,
          policy: local,
        })
      ).outcome,
    ).toBe('gone');
    const busy = await receiver((res) => {
      res.writeHead(429, { 'retry-after': '120' });
      res.end();
    });
    const attempt = await attemptDelivery({
      url: busy.url,
      secrets: [generateWebhookSecret()],
      messageId: 'evt_5',
      body,
      policy: local,
    });
    expect(attempt).toMatchObject({ outcome: 'failed', status_code: 429, retry_after_seconds: 120 });
    expect(nextRetryDelay(1, DEFAULT_SCHEDULE, attempt.retry_after_seconds)).toBe(120);
  });

  it('cuts off a receiver that never answers at the timeout', async () => {
    const { url, received } = await receiver(() => {
      /* never answers */
    });
    const attempt = await attemptDelivery({
      url,
      secrets: [generateWebhookSecret()],
      messageId: 'evt_6',
      body,
      policy: local,
      timeoutMs: 300,
    });
    expect(attempt.outcome).toBe('failed');
    expect(attempt.error).toMatch(/no answer within 300 ms/);
    expect(received).toHaveLength(1);
  });

  it('applies destination rules on delivery: a name resolving to loopback is refused, nothing dialled', async () => {
    const { received } = await receiver((res) => {
      res.writeHead(200);
      res.end();
    });
    const asked: string[] = [];
    const attempt = await attemptDelivery({
      url: 'https://rebind.example.com/hooks',
      secrets: [generateWebhookSecret()],
      messageId: 'evt_7',
      body,
      policy: { allowLoopbackHttp: false },
      lookup: async (hostname) => {
        asked.push(hostname);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    expect(attempt.outcome).toBe('refused');
    expect(asked).toEqual(['rebind.example.com']);
    expect(received).toHaveLength(0);
  });
});

describe('the retry schedule', () => {
  it('spreads attempts over about a day, then stops', () => {
    const delays = DEFAULT_SCHEDULE.map((_, index) => nextRetryDelay(index + 1)!);
    expect(delays).toEqual([...DEFAULT_SCHEDULE]);
    const total = delays.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThan(20 * 3600);
    expect(total).toBeLessThan(30 * 3600);
    expect(nextRetryDelay(DEFAULT_SCHEDULE.length + 1)).toBeUndefined();
  });
});
