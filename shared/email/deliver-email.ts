// Handing a composed e-mail to SES, through the configuration set whose events report its delivery,
// tagged with its document. A refusal is logged and counted, and the caller gets 502
// email_delivery_failed: the document it was about stays unchanged.
import { SendRawEmailCommand, type SESClient } from '@aws-sdk/client-ses';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import type { Logger } from '#shared/observability/logger';
import type { Counter } from '#shared/observability/metrics';
import { type MailAbout, messageTags } from '#shared/email/ses-events';

export type MailDeps = { ses: SESClient; from: string; log: Logger; metrics?: Counter; configurationSet?: string };

export const emailDeliveryFailed = () =>
  new DomainError(
    ErrorCode.emailDeliveryFailed,
    'The e-mail could not be handed to the mail service; the invoice is unchanged',
  );

/** Answers SES's message id. */
export async function deliverEmail(deps: MailDeps, raw: Buffer, recipient: string, about: MailAbout): Promise<string> {
  try {
    const sent = await deps.ses.send(
      new SendRawEmailCommand({
        RawMessage: { Data: raw },
        Source: deps.from,
        Destinations: [recipient],
        ...(deps.configurationSet ? { ConfigurationSetName: deps.configurationSet, Tags: messageTags(about) } : {}),
      }),
    );
    return sent.MessageId ?? 'unknown';
  } catch (error) {
    deps.log.error('SES refused the e-mail', {
      error: String(error),
      organization_id: about.organizationId,
      [`${about.document.kind}_id`]: about.document.id,
    });
    deps.metrics?.count('InvoiceEmailsFailed');
    throw emailDeliveryFailed();
  }
}
