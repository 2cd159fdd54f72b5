// The recurring run fans out through a FIFO queue: one message per organization (its group), so
// organizations run in parallel while one organization's templates never race for its counter.
import { createHash } from 'node:crypto';
import { SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { queueBody } from '#shared/aws/queue-body';
import type { OrganizationRun } from '#shared/recurring/runner';

/** Queues the run's messages; the same message queued twice within five minutes is dropped by SQS. */
export async function queueRun(sqs: SQSClient, queueUrl: string, runs: OrganizationRun[]): Promise<number> {
  for (let start = 0; start < runs.length; start += 10) {
    const batch = runs.slice(start, start + 10);
    const { Failed = [] } = await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: batch.map((run, index) => {
          const body = queueBody(run);
          return {
            Id: String(index),
            MessageBody: body,
            MessageGroupId: run.organization_id,
            MessageDeduplicationId: createHash('sha256').update(body).digest('hex'),
          };
        }),
      }),
    );
    if (Failed.length > 0)
      throw new Error(
        `could not queue ${Failed.length} organizations of the recurring run: ${Failed[0]!.Message ?? Failed[0]!.Code}`,
      );
  }
  return runs.length;
}
