// The invoice e-mail, drawn by the document renderer and handed to SES: the first sending and every
// reminder go out this one way. Answers SES's message id; a refusal is email_delivery_failed.
import { dateIn, daysBetween } from '#shared/domain/dates';
import type { Invoice } from '#shared/domain/invoice';
import type { Logo } from '#shared/domain/logo';
import { timeZoneOf, type Organization } from '#shared/domain/organization';
import { logoText } from '#shared/documents/render-requests';
import type { DocumentRenderer } from '#shared/documents/renderer';
import { deliverEmail, type MailDeps } from '#shared/email/deliver-email';
import type { InvoicingDeps } from '#shared/invoicing/deps';

export type SendDeps = InvoicingDeps &
  MailDeps & {
    /** Whether the public page offers online payment: the e-mail then links to it as such. */
    payOnline?: boolean;
    /** Draws the e-mail with its PDF and e-invoice (functions/render-document). */
    renderer: DocumentRenderer;
  };

export type Mailing = {
  /** The invoice as it goes out (a draft already issued with today's parties). */
  invoice: Invoice;
  organization: Organization;
  logo?: Logo;
  recipient: string;
  reminder: boolean;
  /** What goes with the e-mail; absent: the PDF and the organization's e-invoice. */
  attach?: { pdf: boolean; eInvoice: boolean };
};

export async function mailInvoice(deps: SendDeps, mailing: Mailing, now = new Date()): Promise<string> {
  const { invoice, organization, recipient, attach } = mailing;
  const email = await deps.renderer.render({
    kind: 'invoice-email',
    invoice,
    format: attach && !attach.eInvoice ? null : organization.e_invoice_format,
    ...(attach && !attach.pdf ? { attachPdf: false } : {}),
    overdueDays: Math.max(0, daysBetween(invoice.due_date, dateIn(timeZoneOf(organization), now))),
    reminder: mailing.reminder,
    payOnline: deps.payOnline ?? false,
    mail: { from: deps.from, to: recipient, replyTo: invoice.seller?.email ?? organization.email },
    logo: logoText(mailing.logo),
    publicBaseUrl: deps.publicBaseUrl,
  });
  const about = { organizationId: organization.id, document: { kind: 'invoice' as const, id: invoice.id } };
  return deliverEmail(deps, Buffer.from(email.content), recipient, about);
}
