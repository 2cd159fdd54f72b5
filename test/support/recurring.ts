// A recurring run as the stack does it: the runner job queues one message per organization on the
// FIFO queue (in the SQS emulator), and the worker handler takes them off until the queue is empty.
import { DeleteMessageBatchCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { inject } from 'vitest';

const sqs = new SQSClient({ endpoint: inject('sqsEndpoint'), useQueueUrlAsEndpoint: false });

/** Runs with every organization's date forced to `today`, or at the instant `now` in each one's own zone. */
export async function runRecurringNow(
  today: string | { now: string },
): Promise<{ organizations: number; templates: number; messages: number }> {
  const { handler: runner } = await import('#functions/recurring-runner/handler');
  const { handler: worker } = await import('#functions/recurring-worker/handler');
  const queueUrl = inject('recurringRunQueue');
  const planned = await runner(typeof today === 'string' ? { today } : today);
  for (;;) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 0,
        MessageSystemAttributeNames: ['All'],
      }),
    );
    if (Messages.length === 0) return planned;
    const event = {
      Records: Messages.map((message) => ({
        messageId: message.MessageId!,
        body: message.Body!,
        attributes: message.Attributes ?? {},
      })),
    } as unknown as SQSEvent;
    const failed = new Set((await worker(event)).batchItemFailures.map((failure) => failure.itemIdentifier));
    if (failed.size > 0) throw new Error(`the recurring worker failed ${failed.size} messages`);
    await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: Messages.map((message, index) => ({ Id: String(index), ReceiptHandle: message.ReceiptHandle! })),
      }),
    );
  }
}
