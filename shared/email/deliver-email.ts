// Handing a composed e-mail to SES, through the configuration set whose events report its delivery,
// tagged with its document. A refusal is logged and counted, and the caller gets 502
// email_delivery_failed: the document it was about stays unchanged.
import type { SesSender } from '#shared/aws/ses';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import type { Logger } from '#shared/observability/logger';
import type { Counter } from '#shared/observability/metrics';
import { type MailAbout, messageTags } from '#shared/email/ses-events';

export type MailDeps = { ses: SesSender; from: string; log: Logger; metrics?: Counter; configurationSet?: string };

export const emailDeliveryFailed = () =>
  new DomainError(
    ErrorCode.emailDeliveryFailed,
    'The e-mail could not be handed to the mail service; the invoice is unchanged',
  );

/** Answers SES's message id. */
export async function deliverEmail(deps: MailDeps, raw: Buffer, recipient: string, about: MailAbout): Promise<string> {
  try {
    return await deps.ses.sendRawEmail({
      raw,
      source: deps.from,
      destinations: [recipient],
      ...(deps.configurationSet ? { configurationSet: deps.configurationSet, tags: messageTags(about) } : {}),
    });
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
