// Webhook deliveries to a loopback receiver against raw HTTP POSTs. The floor sends the same bytes
// (the signed headers computed once up front), so the ratio is what the delivery path adds in code:
// the destination check, signing, timers and reading the answer. The receiver shares the process,
// so the bare POST (content type only) also pays less for the receiver's parsing: reported apart.
// The delivery runs as it ships, bundled with the stack's options, not as tsx transpiles it.
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleHandler } from '#bench/bundle';
import { type BenchContext, OUT, PAIRS, rate } from '#bench/context';
import { interleaved } from '#bench/interleaved';
import { generateWebhookSecret } from '#shared/domain/webhook';
import { webhookHeaders } from '#shared/webhooks/signing';

type Delivery = typeof import('#shared/webhooks/deliver');

/** `shared/webhooks/deliver.ts` bundled as the stack bundles the delivery worker. */
async function shippedDelivery(): Promise<Delivery> {
  const file = join(OUT, 'webhook-delivery-attempt.mjs');
  await bundleHandler('shared/webhooks/deliver.ts', file);
  return (await import(pathToFileURL(file).href)) as Delivery;
}

/** Requests per measurement: loopback POSTs take tens of microseconds, so a few thousand last about 0.1 s. */
const REQUESTS = 2000;

export async function webhooks(context: BenchContext): Promise<void> {
  const { attemptDelivery, DELIVERY_USER_AGENT } = await shippedDelivery();
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(204);
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const payload = JSON.stringify({
    id: 'evt_bench',
    type: 'invoice.paid',
    data: { object: { id: 'inv_bench', total_amount: '100.00' } },
  });
  const secret = generateWebhookSecret();
  const rawPost = (headers: Record<string, string>) => () =>
    new Promise<void>((resolve, reject) => {
      const req = httpRequest(receiverUrl, { method: 'POST', headers }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end(payload);
    });
  const sameRequest = rawPost({
    ...webhookHeaders([secret], 'evt_bench', new Date(), payload),
    host: new URL(receiverUrl).host,
    'user-agent': DELIVERY_USER_AGENT,
  });
  const bareRequest = rawPost({ 'content-type': 'application/json' });
  const deliver = async () => {
    const attempt = await attemptDelivery({
      url: receiverUrl,
      secrets: [secret],
      messageId: 'evt_bench',
      body: payload,
      policy: { allowLoopbackHttp: true },
    });
    if (attempt.outcome !== 'delivered') throw new Error(`delivery failed: ${attempt.error}`);
  };
  const floors = [
    ['the same signed POST sent raw (loopback receiver)', sameRequest, 0.85],
    ['a bare POST (content type only; the receiver parses fewer headers)', bareRequest, undefined],
  ] as const;
  for (const [floor, post, target] of floors) {
    const measured = await interleaved(
      () => rate(post, REQUESTS),
      () => rate(deliver, REQUESTS),
      { pairs: PAIRS },
    );
    context.rows.pairedRow(
      `webhook deliveries vs ${floor}`,
      'req/s',
      measured,
      target ? `≥ ${target}×` : 'reported',
      !target || measured.ratio >= target,
    );
  }
  receiver.close();
}
