// One message of the Peppol queue (functions/peppol-worker): a sending queued (invoice.peppol_queued
// from the bus) is transmitted, a check looks at a sending's status. When the access point does not
// answer, the message comes back after a growing pause; after the queue's last receive the
// sending is failed, saying so, rather than left queued for ever.
import { ChangeMessageVisibilityCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import type { OutboxEvent } from '#shared/domain/events';
import {
  checkSending,
  giveUp,
  type PeppolCheck,
  transmitQueued,
  type TransmitDeps,
} from '#shared/peppol/transmit-sending';
import { invoiceWithOrganization } from '#shared/data/invoices';

export type PeppolWorkDeps = TransmitDeps & { sqs: SQSClient; queueUrl: string; maxReceives: number };

export type PeppolMessage = { detail: OutboxEvent } | PeppolCheck;

/** Seconds until a message the access point could not take comes back: 5, 10, 20… up to five minutes. */
export const backoffSeconds = (receives: number) => Math.min(300, 5 * 2 ** Math.max(0, receives - 1));

export async function peppolWork(
  deps: PeppolWorkDeps,
  message: PeppolMessage,
  record: { receiptHandle: string; attributes?: { ApproximateReceiveCount?: string } },
): Promise<'done' | 'retry'> {
  const receives = Number(record.attributes?.ApproximateReceiveCount ?? 1);
  const [organizationId, invoiceId] =
    'detail' in message
      ? [message.detail.organization_id, (message.detail.data.object as { id: string }).id]
      : [message.organization_id, message.document.id];
  try {
    if ('detail' in message) await transmitQueued(deps, organizationId, invoiceId, message.detail.correlation_id);
    else await checkSending(deps, message);
    return 'done';
  } catch (error) {
    if (!(error instanceof DomainError && error.code === ErrorCode.peppolUnavailable)) throw error;
    if ('detail' in message && receives >= deps.maxReceives) {
      const found = await invoiceWithOrganization(deps.db, organizationId, invoiceId);
      const waiting = found?.invoice.peppol_sendings?.filter((sending) => sending.status === 'queued') ?? [];
      for (const sending of waiting)
        await giveUp(
          deps,
          organizationId,
          invoiceId,
          sending,
          `the access point did not take it in ${receives} attempts: ${error.message}`,
        );
      return 'done';
    }
    await deps.sqs.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: deps.queueUrl,
        ReceiptHandle: record.receiptHandle,
        VisibilityTimeout: backoffSeconds(receives),
      }),
    );
    return 'retry';
  }
}
