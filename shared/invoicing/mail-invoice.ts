// The invoice e-mail, drawn by the document renderer and handed to SES: the first sending and every
// reminder go out this one way. The files it attaches are the archived ones (docs/archive.md): issuing
// draws and archives them once; a reminder attaches what was archived. The e-mail as sent (its MIME) is
// archived too. Answers SES's message id and the archive records still to commit with the sending;
// a refusal is email_delivery_failed.
import { type DocumentFileDeps, documentFile, issuedFiles } from '#shared/archive/document-file';
import { storeArchived } from '#shared/archive/keep-file';
import type { ArchiveRecord } from '#shared/domain/archive';
import { dateIn, daysBetween } from '#shared/domain/dates';
import type { EInvoiceFormat } from '#shared/domain/e-invoice-format';
import type { Invoice } from '#shared/domain/invoice';
import type { Logo } from '#shared/domain/logo';
import { timeZoneOf, type Organization } from '#shared/domain/organization';
import { fileText, logoText, type MailFiles, type RenderedFile } from '#shared/documents/render-requests';
import { deliverEmail, type MailDeps } from '#shared/email/deliver-email';
import type { InvoicingDeps } from '#shared/invoicing/deps';

export type SendDeps = InvoicingDeps &
  MailDeps &
  DocumentFileDeps & {
    /** Whether the public page offers online payment: the e-mail then links to it as such. */
    payOnline?: boolean;
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

export type Mailed = { messageId: string; records: ArchiveRecord[] };

/** What the e-mail attaches of the document's files: Factur-X in place of the PDF, as it carries it. */
function attached(
  files: { pdf: RenderedFile; eInvoice?: RenderedFile },
  format: EInvoiceFormat | null,
  attach?: Mailing['attach'],
): MailFiles {
  const eInvoice = attach && !attach.eInvoice ? undefined : files.eInvoice;
  if (format === 'factur-x' && eInvoice) return { pdf: fileText(eInvoice) };
  return {
    ...(attach && !attach.pdf ? {} : { pdf: fileText(files.pdf) }),
    ...(eInvoice ? { eInvoice: fileText(eInvoice) } : {}),
  };
}

/** The issued files (drawn and archived now, their records to commit), or a reminder's (as archived). */
async function filesOf(deps: SendDeps, mailing: Mailing) {
  const found = { invoice: mailing.invoice, organization: mailing.organization, logo: mailing.logo };
  if (!mailing.reminder) return issuedFiles(deps, found);
  const format = mailing.organization.e_invoice_format ?? null;
  const wantsEInvoice = format && !(mailing.attach && !mailing.attach.eInvoice);
  const [pdf, eInvoice] = await Promise.all([
    documentFile(deps, found, 'pdf'),
    wantsEInvoice ? documentFile(deps, found, format) : undefined,
  ]);
  return { pdf, ...(eInvoice ? { eInvoice } : {}), records: [] };
}

export async function mailInvoice(deps: SendDeps, mailing: Mailing, now = new Date()): Promise<Mailed> {
  const { invoice, organization, recipient, attach } = mailing;
  const files = await filesOf(deps, mailing);
  const format = organization.e_invoice_format ?? null;
  const email = await deps.renderer.render({
    kind: 'invoice-email',
    invoice,
    format: attach && !attach.eInvoice ? null : format,
    files: attached(files, format, attach),
    overdueDays: Math.max(0, daysBetween(invoice.due_date, dateIn(timeZoneOf(organization), now))),
    reminder: mailing.reminder,
    payOnline: deps.payOnline ?? false,
    mail: { from: deps.from, to: recipient, replyTo: invoice.seller?.email ?? organization.email },
    logo: logoText(mailing.logo),
    publicBaseUrl: deps.publicBaseUrl,
  });
  const about = { organizationId: organization.id, document: { kind: 'invoice' as const, id: invoice.id } };
  const messageId = await deliverEmail(deps, Buffer.from(email.content), recipient, about);
  const document = { type: 'invoice' as const, id: invoice.id, number: invoice.invoice_number ?? null };
  const sent = { document, kind: 'sending' as const, format: 'email' as const, reason: 'sent' as const };
  const mailed = await storeArchived(deps, organization, { ...sent, file: email, sendingId: messageId });
  return { messageId, records: [...files.records, mailed] };
}
