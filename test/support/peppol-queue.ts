// The Peppol queue as the worker meets it, for the integration tests: an outbox event put on the
// queue as the bus's rule puts it, received back with its attributes as Lambda hands it over, the
// worker's handler, and the local network's records and faults.
import { ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { inject } from 'vitest';
import type { OutboxEvent } from '#shared/domain/events';
import type { Received } from '#infra/local/peppol-network';
import { call, db } from '#test/support/api';

export const network = JSON.parse(inject('peppolNetwork')) as { receivedUrl: string; faultUrl: string };
export const queueUrl = inject('peppolQueue');
export const sqs = new SQSClient({ endpoint: inject('sqsEndpoint'), useQueueUrlAsEndpoint: false });

export type Handler = (event: SQSEvent) => Promise<SQSBatchResponse>;
export const peppolWorker = async () =>
  (await import('../../functions/peppol-worker/handler.ts')).handler as unknown as Handler;

export const received = async (): Promise<Received[]> => (await (await fetch(network.receivedUrl)).json()).results;
export const fault = (kind: string, count = 1) =>
  fetch(network.faultUrl, { method: 'POST', body: JSON.stringify({ kind, count }) });

/** The organization's outbox events of one type, oldest first. */
export async function outboxEvents(organizationId: string, type: string): Promise<OutboxEvent[]> {
  const { Items = [] } = await db.client.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :events)',
      ExpressionAttributeValues: { ':pk': `ORG#${organizationId}`, ':events': 'EVENT#' },
    }),
  );
  return Items.map((item) => item.event as OutboxEvent).filter((event) => event.type === type);
}

/** The document's latest queued event (`invoice.peppol_queued`, …) as the bus's rule puts it on the queue, received from it as the worker is. */
export async function queuedMessage(organizationId: string, type: string, documentId: string): Promise<SQSEvent> {
  const event = (await outboxEvents(organizationId, type))
    .reverse()
    .find((candidate) => (candidate.data.object as { id: string }).id === documentId)!;
  const body = JSON.stringify({ 'detail-type': event.type, detail: event });
  await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));
  return receive((message) => message === body);
}

/** The next message on the Peppol queue (or `from`) that `wanted` picks (the worker's delayed checks share it). */
export async function receive(wanted: (body: string) => boolean, from = queueUrl): Promise<SQSEvent> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: from,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
        VisibilityTimeout: 1,
        MessageSystemAttributeNames: ['All'],
      }),
    );
    const message = Messages.find((candidate) => wanted(candidate.Body!));
    if (message)
      return {
        Records: [
          {
            messageId: message.MessageId!,
            receiptHandle: message.ReceiptHandle!,
            body: message.Body!,
            attributes: message.Attributes,
            eventSource: 'aws:sqs',
          },
        ],
      } as unknown as SQSEvent;
  }
  throw new Error('no such message on the Peppol queue');
}

/** The status route's doorbell, as the access point rings it. */
export const ring = (adapter = 'storecove') => call('peppol-status', { params: { adapter } });
