// Sending a quote: check it may be sent (a draft, or a sent one still valid), have the e-mail drawn
// with its PDF, hand it to SES, then record the sending — a draft becomes sent — with quote.sent. If
// SES refuses, nothing is recorded.
import { getClient } from '#shared/data/clients';
import { quoteWithOrganization } from '#shared/data/quotes';
import { dateIn } from '#shared/domain/dates';
import { notFound, validationError } from '#shared/domain/errors';
import { timeZoneOf } from '#shared/domain/organization';
import { assertSendable } from '#shared/domain/quote';
import { logoText } from '#shared/documents/render-requests';
import { deliverEmail } from '#shared/email/deliver-email';
import type { SendDeps } from '#shared/invoicing/mail-invoice';
import { assertMailable } from '#shared/invoicing/mailable';
import { changeQuote } from '#shared/quotes/change-quote';

export async function sendQuote(
  deps: SendDeps,
  organizationId: string,
  quoteId: string,
  to?: string,
  { force = false } = {},
  now = new Date(),
) {
  const found = await quoteWithOrganization(deps.db, organizationId, quoteId);
  if (!found) throw notFound('Quote');
  const { quote, organization, logo } = found;
  assertSendable(quote, dateIn(timeZoneOf(organization), now));
  const recipient = to ?? (await getClient(deps.db, organizationId, quote.client_id))?.email;
  if (!recipient) throw validationError({ email: 'is required: the client has no e-mail address' });
  await assertMailable(deps.db, organizationId, recipient, force);
  const email = await deps.renderer.render({
    kind: 'quote-email',
    quote: { ...quote, status: 'sent' },
    mail: { from: deps.from, to: recipient, replyTo: quote.seller?.email ?? organization.email },
    logo: logoText(logo),
    publicBaseUrl: deps.publicBaseUrl,
  });
  const about = { organizationId, document: { kind: 'quote' as const, id: quoteId } };
  const messageId = await deliverEmail(deps, Buffer.from(email.content), recipient, about);
  const sending = { to: recipient, sent_at: new Date().toISOString(), message_id: messageId };
  return changeQuote(deps, organizationId, quoteId, (current) => {
    assertSendable(current, dateIn(timeZoneOf(organization), now));
    return {
      quote: {
        ...current,
        status: 'sent',
        sent_at: current.sent_at ?? sending.sent_at,
        sendings: [...(current.sendings ?? []), sending],
      },
      events: ['quote.sent'],
    };
  });
}
