// The invoice e-mail: from the organization's name at the configured sending address, Reply-To the
// organization's own address, worded in the invoice's language; a plain-text and an HTML part and the
// PDF attached, built as MIME by nodemailer's composer (never by hand).
import addressparser from 'nodemailer/lib/addressparser';
import type { InvoiceView } from '#shared/documents/invoice-view';
import { fileNameOf } from '#shared/domain/file-name';
import { htmlText } from '#shared/documents/html-text';
import { mimeBytes } from '#shared/email/mime';

export type InvoiceEmail = {
  /** The configured sending identity ("Invoices <invoices@example.com>"): its address is kept, the name replaced. */
  from: string;
  to: string;
  view: InvoiceView;
  invoice: { invoice_number: string; public_url: string; pdf_url: string };
  /** The organization's own address, where replies go. */
  replyTo?: string | null;
  /** Days past the due date, for a reminder; 0 for the first sending. */
  overdueDays: number;
  reminder: boolean;
  /** Whether the public page offers online payment. */
  payOnline: boolean;
  /** Absent: no PDF attached (a reminder step that leaves it out). */
  pdf?: Uint8Array;
  /** Files sent with the PDF: the e-invoice in the organization's default format. */
  attachments?: Attachment[];
};

export type Attachment = { filename: string; content: string | Uint8Array; contentType: string };

/** The address part of a configured identity. */
export const senderAddress = (from: string) => {
  const [parsed] = addressparser(from) as { address?: string }[];
  return parsed?.address || from.trim();
};

export async function composeInvoiceEmail(email: InvoiceEmail): Promise<Buffer> {
  const { view, invoice } = email;
  const words = view.words.email;
  const seller = view.seller.name;
  return composeDocumentEmail({
    ...email,
    subject: email.reminder
      ? words.reminderSubject(invoice.invoice_number, seller)
      : words.subject(invoice.invoice_number, seller),
    paragraphs: [
      email.reminder
        ? words.reminderBody(invoice.invoice_number, email.overdueDays)
        : words.body(seller, invoice.invoice_number),
      words.dueBy(view.amountDue, view.dueDate),
    ],
    links: [
      [words.view, invoice.public_url],
      ...(email.payOnline && view.payable ? [[words.payOnline, invoice.public_url] as const] : []),
      [view.words.downloadPdf, invoice.pdf_url],
    ],
    filename: fileNameOf(invoice.invoice_number, '.pdf'),
  });
}

export type DocumentEmail = Pick<InvoiceEmail, 'from' | 'to' | 'view' | 'replyTo' | 'pdf' | 'attachments'> & {
  subject: string;
  /** What the e-mail says between the greeting and the links. */
  paragraphs: string[];
  links: (readonly [string, string])[];
  filename: string;
};

/** Any document's e-mail: greeting, paragraphs, links and sign-off in the document's language, the PDF attached. */
export async function composeDocumentEmail(email: DocumentEmail): Promise<Buffer> {
  const { view } = email;
  const words = view.words.email;
  const seller = view.seller.name;
  const paragraphs = [words.greeting(view.buyer.name), ...email.paragraphs];
  const text = [
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...email.links.map(([label, url]) => `${label}: ${url}`),
    '',
    words.signOff(seller),
  ].join('\n');
  const html = `<!doctype html><html lang="${htmlText(view.lang)}"><body style="font-family: sans-serif; color: #1a1a1a">
${paragraphs.map((paragraph) => `<p>${htmlText(paragraph)}</p>`).join('\n')}
${email.links.map(([label, url]) => `<p><a href="${htmlText(url)}">${htmlText(label)}</a></p>`).join('\n')}
<p>${htmlText(words.signOff(seller)).replace(/\n/g, '<br>')}</p>
</body></html>`;
  return mimeBytes({
    from: { name: seller, address: senderAddress(email.from) },
    ...(email.replyTo ? { replyTo: email.replyTo } : {}),
    to: email.to,
    subject: email.subject,
    text,
    html,
    attachments: [
      ...(email.pdf
        ? [{ filename: email.filename, content: Buffer.from(email.pdf), contentType: 'application/pdf' }]
        : []),
      ...(email.attachments ?? []).map((file) => ({ ...file, content: Buffer.from(file.content) })),
    ],
  });
}
