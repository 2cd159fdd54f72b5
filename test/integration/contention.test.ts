// Items that many requests write at once: each either takes constant work at any concurrency, or
// its retries stay bounded by the number of writers racing for it.
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { recordSending } from '#shared/invoicing/record-sending';
import { webhookCountKey, webhookKey } from '#shared/data/keys';
import { countAttempt } from '#shared/data/rate-limits';
import { MAX_WEBHOOKS_PER_ORGANIZATION } from '#shared/data/webhooks';
import { call, countDbCalls, db, invoiceBody, newTenant } from '#test/support/api';

const hook = (token: string, n: number) =>
  call('create-webhook', { token, body: { url: `https://hooks.example.com/${n}`, events: ['*'] } });

describe('webhook subscriptions of one organization', () => {
  it('never pass the limit, however many are created at once', async () => {
    const own = await newTenant('Hook rush');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => hook(own.ownerToken, n)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_WEBHOOKS_PER_ORGANIZATION);
    expect(statuses.filter((status) => status === 400)).toHaveLength(30 - MAX_WEBHOOKS_PER_ORGANIZATION);
    expect((await call('list-webhooks', { token: own.ownerToken })).json.results).toHaveLength(20);

    const gone = answers.find((answer) => answer.status === 201)!.json.id;
    expect((await call('delete-webhook', { token: own.ownerToken, params: { id: gone } })).status).toBe(204);
    expect((await hook(own.ownerToken, 100)).status).toBe(201);
    expect((await hook(own.ownerToken, 101)).status).toBe(400);
  });

  it('take two requests each, and count subscriptions made before the count existed', async () => {
    const own = await newTenant('Hook legacy');
    for (let n = 0; n < 3; n++) await hook(own.ownerToken, n);
    const { calls } = await countDbCalls(() => hook(own.ownerToken, 3));
    // The token's membership, the slot, then the subscription with its event.
    expect(calls).toEqual({ GetItem: 1, UpdateItem: 1, TransactWriteItems: 1 });
    await db.client.send(new DeleteCommand({ TableName: db.table, Key: webhookCountKey(own.id) }));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => hook(own.ownerToken, 10 + n)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_WEBHOOKS_PER_ORGANIZATION - 4);
    expect((await call('list-webhooks', { token: own.ownerToken })).json.results).toHaveLength(20);
  });

  it('give back a slot a crashed create held, once the count has settled', async () => {
    const own = await newTenant('Hook leak');
    const made = await Promise.all(Array.from({ length: 20 }, (_, n) => hook(own.ownerToken, n)));
    // As if a create had taken a slot and stopped: a subscription is missing but the count is full.
    await db.client.send(new DeleteCommand({ TableName: db.table, Key: webhookKey(own.id, made[0]!.json.id) }));
    expect((await hook(own.ownerToken, 20)).status).toBe(400);
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: webhookCountKey(own.id),
        UpdateExpression: 'SET changed_at = :long_ago',
        ExpressionAttributeValues: { ':long_ago': new Date(Date.now() - 120_000).toISOString() },
      }),
    );
    expect((await hook(own.ownerToken, 21)).status).toBe(201);
    expect((await hook(own.ownerToken, 22)).status).toBe(400);
  });
});

describe('payments racing on one invoice', () => {
  it('all land, each retrying at most once per competing payment', async () => {
    const own = await newTenant('Pay rush');
    const client = (await call('create-client', { token: own.ownerToken, body: { name: 'P', email: 'p@x.example' } }))
      .json.id;
    const invoice = (
      await call('create-invoice', {
        token: own.ownerToken,
        body: invoiceBody(client, {
          line_items: [{ description: 'W', quantity: 1, unit_price: '10.00', tax_rate: '0' }],
        }),
      })
    ).json.id;
    await recordSending({ db, publicBaseUrl: 'http://invoices.test' }, own.id, invoice, {
      to: 'p@x.example',
      sent_at: new Date().toISOString(),
      message_id: 'm',
    });
    const racing = 10;
    const { result, calls } = await countDbCalls(() =>
      Promise.all(
        Array.from({ length: racing }, () =>
          call('record-payment', {
            token: own.ownerToken,
            params: { id: invoice },
            body: { amount: '1.00', method: 'cash' },
          }),
        ),
      ),
    );
    expect(result.map((answer) => answer.status)).toEqual(result.map(() => 201));
    const paid = await call('get-invoice', { token: own.ownerToken, params: { id: invoice } });
    expect([paid.json.status, paid.json.amount_paid]).toEqual(['paid', '10.00']);
    // Every round lets at least one payment through: n racing writers make at most n(n+1)/2 attempts.
    expect(calls.TransactWriteItems).toBeLessThanOrEqual((racing * (racing + 1)) / 2);
  });
});

describe('rate-limit windows', () => {
  it('count every attempt in one update each (and one read of the window before), without a retry, at any concurrency', async () => {
    const limit = { scope: 'contention-test', max: 1_000, windowSeconds: 60 };
    const subject = `ip-${Date.now()}`;
    const { result, calls } = await countDbCalls(() =>
      Promise.all(Array.from({ length: 200 }, () => countAttempt(db, limit, subject))),
    );
    expect(calls).toEqual({ UpdateItem: 200, GetItem: 200 });
    expect(result.map((count) => count.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 200 }, (_, index) => index + 1),
    );
  });
});
