// Handing a composed e-mail to SES. A refusal is logged and counted, and the caller gets 502
// email_delivery_failed: the document it was about stays unchanged.
import { SendRawEmailCommand, type SESClient } from '@aws-sdk/client-ses';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import type { Logger } from '#shared/observability/logger';
import type { Counter } from '#shared/observability/metrics';

export type MailDeps = { ses: SESClient; from: string; log: Logger; metrics?: Counter };

export const emailDeliveryFailed = () =>
  new DomainError(
    ErrorCode.emailDeliveryFailed,
    'The e-mail could not be handed to the mail service; the invoice is unchanged',
  );

/** Answers SES's message id. */
export async function deliverEmail(
  deps: MailDeps,
  raw: Buffer,
  recipient: string,
  about: Record<string, string>,
): Promise<string> {
  try {
    const sent = await deps.ses.send(
      new SendRawEmailCommand({ RawMessage: { Data: raw }, Source: deps.from, Destinations: [recipient] }),
    );
    return sent.MessageId ?? 'unknown';
  } catch (error) {
    deps.log.error('SES refused the e-mail', { error: String(error), ...about });
    deps.metrics?.count('InvoiceEmailsFailed');
    throw emailDeliveryFailed();
  }
}
