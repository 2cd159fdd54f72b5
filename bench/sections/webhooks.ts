// Webhook deliveries to a loopback receiver against raw HTTP POSTs of the same body.
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BenchContext, PAIRS, rate } from '#bench/context';
import { interleaved } from '#bench/interleaved';
import { generateWebhookSecret } from '#shared/domain/webhook';
import { attemptDelivery } from '#shared/webhooks/deliver';

export async function webhooks(context: BenchContext): Promise<void> {
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
  const rawPost = () =>
    new Promise<void>((resolve, reject) => {
      const req = httpRequest(
        receiverUrl,
        { method: 'POST', headers: { 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const secret = generateWebhookSecret();
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
  const deliveries = await interleaved(
    () => rate(rawPost),
    () => rate(deliver),
    { pairs: PAIRS },
  );
  context.rows.pairedRow(
    'webhook deliveries to a loopback receiver',
    'req/s',
    deliveries,
    '≥ 0.5×',
    deliveries.ratio >= 0.5,
  );
  receiver.close();
}
