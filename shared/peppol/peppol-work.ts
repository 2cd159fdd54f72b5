// One message of the Peppol queue (functions/peppol-worker): a sending queued (invoice.peppol_queued
// or credit_note.peppol_queued from the bus) is transmitted, a check looks at a sending's status, and
// a received document's status (incoming_invoice.* from the bus) answers its Peppol supplier.
// When the access point does not answer, the message comes back after a growing pause; after the
// queue's last receive the sending is failed, saying so, rather than left queued for ever.
import { ChangeMessageVisibilityCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import type { OutboxEvent } from '#shared/domain/events';
import { type PeppolDocument, queuedKindOf } from '#shared/domain/peppol-sending';
import { answerSupplier, answersSupplier } from '#shared/inbox/answer-supplier';
import {
  checkSending,
  giveUp,
  type PeppolCheck,
  transmitQueued,
  type TransmitDeps,
} from '#shared/peppol/transmit-sending';

export type PeppolWorkDeps = TransmitDeps & { sqs: SQSClient; queueUrl: string; maxReceives: number };

export type PeppolMessage = { detail: OutboxEvent } | PeppolCheck;

/** Seconds until a message the access point could not take comes back: 5, 10, 20… up to five minutes. */
export const backoffSeconds = (receives: number) => Math.min(300, 5 * 2 ** Math.max(0, receives - 1));

/** The document a message is about: the one whose sending its event announces queued, or the one its check looks at. */
function documentOf(message: PeppolMessage): { organizationId: string; document: PeppolDocument } {
  if (!('detail' in message)) return { organizationId: message.organization_id, document: message.document };
  const kind = queuedKindOf(message.detail.type);
  if (!kind) throw new Error(`not a Peppol sending: ${message.detail.type}`);
  const id = (message.detail.data.object as { id: string }).id;
  return { organizationId: message.detail.organization_id, document: { kind, id } };
}

export async function peppolWork(
  deps: PeppolWorkDeps,
  message: PeppolMessage,
  record: { receiptHandle: string; attributes?: { ApproximateReceiveCount?: string } },
): Promise<'done' | 'retry'> {
  const receives = Number(record.attributes?.ApproximateReceiveCount ?? 1);
  const answer = 'detail' in message && answersSupplier(message.detail.type);
  try {
    if (answer) await answerSupplier(deps, message.detail);
    else if ('detail' in message) {
      const { organizationId, document } = documentOf(message);
      await transmitQueued(deps, organizationId, document, message.detail.correlation_id);
    } else await checkSending(deps, message);
    return 'done';
  } catch (error) {
    if (!(error instanceof DomainError && error.code === ErrorCode.peppolUnavailable)) throw error;
    // An answer the access point never took is left to the queue's dead-letter queue, which alarms.
    if (answer && receives >= deps.maxReceives) throw error;
    if (!answer && 'detail' in message && receives >= deps.maxReceives) {
      const { organizationId, document } = documentOf(message);
      const reason = `the access point did not take it in ${receives} attempts: ${error.message}`;
      await giveUp(deps, organizationId, document, reason);
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
