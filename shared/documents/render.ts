// The document renderer's work (functions/render-document): PDFs, e-invoices and the e-mails that carry
// them, drawn from the stored document. Only the renderer imports this module, so only its bundle
// carries the PDF, XML and MIME libraries and the fonts (docs/architecture.md "The document renderer").
import { invoiceResponseXml } from '#shared/documents/invoice-response';
import { creditNoteEInvoice, invoiceEInvoice } from '#shared/documents/e-invoice-file';
import { creditNoteView } from '#shared/documents/credit-note-view';
import { renderCreditNotePdf, renderDocumentPdf, renderInvoicePdf } from '#shared/documents/invoice-pdf';
import { quoteView } from '#shared/documents/quote-view';
import { incomingInvoiceView } from '#shared/documents/incoming-invoice-view';
import { quoteResource } from '#shared/domain/resources/quote';
import { renderStatementPdf } from '#shared/documents/statement-pdf';
import { invoiceDocumentOf, invoiceView } from '#shared/documents/invoice-view';
import { normalizedLogo } from '#shared/documents/logo-image';
import {
  fileOf,
  logoOf,
  type MailFiles,
  type RenderedFile,
  type RenderRequest,
} from '#shared/documents/render-requests';
import type { Logo } from '#shared/domain/logo';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { composeDocumentEmail, composeInvoiceEmail } from '#shared/email/invoice-email';
import { composeInvitationEmail } from '#shared/email/invitation-email';
import { fileNameOf } from '#shared/domain/file-name';

type Request<K extends RenderRequest['kind']> = Extract<RenderRequest, { kind: K }>;

const pdf = (filename: string, content: Uint8Array): RenderedFile => ({
  filename,
  contentType: 'application/pdf',
  content,
});
const email = (filename: string, content: Buffer): RenderedFile => ({
  filename,
  contentType: 'message/rfc822',
  content,
});

/** An e-mail's PDF and the file beside it, from the archived files it was given (the PDF bytes, the e-invoice). */
const givenFiles = (files: MailFiles) => {
  const eInvoice = files.eInvoice && fileOf({ file: files.eInvoice });
  const pdf = files.pdf && fileOf({ file: files.pdf });
  return { pdf: pdf && new Uint8Array(pdf.content as Uint8Array), attachments: eInvoice ? [eInvoice] : [] };
};

/** The invoice's e-mail: its PDF attached, and the e-invoice of `format` beside it (Factur-X in its place). */
async function invoiceEmail(request: Request<'invoice-email'>, logo: Logo | undefined): Promise<RenderedFile> {
  const { format, publicBaseUrl, mail } = request;
  const document = invoiceDocumentOf(request.invoice, publicBaseUrl, logo);
  const { invoice } = document;
  const drawn = async () => {
    const eInvoice = format
      ? await invoiceEInvoice(format, { invoice: request.invoice, logo }, publicBaseUrl)
      : undefined;
    const pdf =
      format === 'factur-x'
        ? (eInvoice!.content as Uint8Array)
        : request.attachPdf === false
          ? undefined
          : await renderInvoicePdf(document);
    return { pdf, attachments: eInvoice && format !== 'factur-x' ? [eInvoice] : [] };
  };
  const raw = await composeInvoiceEmail({
    ...mail,
    view: invoiceView(document),
    invoice,
    overdueDays: request.overdueDays,
    reminder: request.reminder,
    payOnline: request.payOnline,
    ...(request.files ? givenFiles(request.files) : await drawn()),
  });
  return email(fileNameOf(invoice.invoice_number, '.eml'), raw);
}

/** The credit note's e-mail, built as an invoice's is. */
async function creditNoteEmail(request: Request<'credit-note-email'>, logo: Logo | undefined): Promise<RenderedFile> {
  const { format, publicBaseUrl, mail } = request;
  const creditNote = creditNoteResource(request.creditNote, publicBaseUrl);
  const view = creditNoteView({ creditNote, logo });
  const drawn = async () => {
    const eInvoice = format
      ? await creditNoteEInvoice(format, { creditNote: request.creditNote, logo }, publicBaseUrl)
      : undefined;
    const pdf =
      format === 'factur-x' ? (eInvoice!.content as Uint8Array) : await renderCreditNotePdf({ creditNote, logo });
    return { pdf, attachments: eInvoice && format !== 'factur-x' ? [eInvoice] : [] };
  };
  const words = view.words.email;
  const raw = await composeDocumentEmail({
    ...mail,
    view,
    subject: words.creditNoteSubject(creditNote.credit_note_number, view.seller.name),
    paragraphs: [
      words.creditNoteBody(
        view.seller.name,
        creditNote.credit_note_number,
        creditNote.invoice.number,
        view.totals.find((total) => total.key === 'total')!.value,
      ),
    ],
    links: [
      [words.viewCreditNote, creditNote.public_url],
      [view.words.downloadPdf, creditNote.pdf_url],
    ],
    filename: fileNameOf(creditNote.credit_note_number, '.pdf'),
    ...(request.files ? givenFiles(request.files) : await drawn()),
  });
  return email(fileNameOf(creditNote.credit_note_number, '.eml'), raw);
}

/** The quote's e-mail: its PDF attached, and the link to the page where it is accepted or declined. */
async function quoteEmail(request: Request<'quote-email'>, logo: Logo | undefined): Promise<RenderedFile> {
  const quote = quoteResource(request.quote, request.publicBaseUrl);
  const view = quoteView({ quote, logo });
  const words = view.words.quote;
  const raw = await composeDocumentEmail({
    ...request.mail,
    view,
    subject: words.subject(quote.quote_number, view.seller.name),
    paragraphs: [words.body(view.seller.name, quote.quote_number, view.amountDue, view.dueDate)],
    links: [[words.view, quote.public_url]],
    filename: fileNameOf(quote.quote_number, '.pdf'),
    pdf: await renderDocumentPdf(view),
    attachments: [],
  });
  return email(fileNameOf(quote.quote_number, '.eml'), raw);
}

/** Draws what the request asks for; a document the format cannot carry is refused with a DomainError. */
export async function renderDocument(request: RenderRequest): Promise<RenderedFile> {
  const logo = 'logo' in request ? logoOf(request.logo) : undefined;
  switch (request.kind) {
    case 'invoice-pdf': {
      const document = invoiceDocumentOf(request.invoice, request.publicBaseUrl, logo);
      return pdf(fileNameOf(document.invoice.invoice_number, '.pdf'), await renderInvoicePdf(document));
    }
    case 'credit-note-pdf': {
      const creditNote = creditNoteResource(request.creditNote, request.publicBaseUrl);
      return pdf(fileNameOf(creditNote.credit_note_number, '.pdf'), await renderCreditNotePdf({ creditNote, logo }));
    }
    case 'invoice-e-invoice':
      return invoiceEInvoice(request.format, { invoice: request.invoice, logo }, request.publicBaseUrl);
    case 'credit-note-e-invoice':
      return creditNoteEInvoice(request.format, { creditNote: request.creditNote, logo }, request.publicBaseUrl);
    case 'invoice-email':
      return invoiceEmail(request, logo);
    case 'credit-note-email':
      return creditNoteEmail(request, logo);
    case 'statement-pdf': {
      const { statement, seller, buyer, locale } = request;
      const file = fileNameOf(`statement-${statement.to}`, '.pdf');
      return pdf(file, await renderStatementPdf({ statement, seller, buyer, locale, logo }));
    }
    case 'quote-pdf': {
      const quote = quoteResource(request.quote, request.publicBaseUrl);
      return pdf(fileNameOf(quote.quote_number, '.pdf'), await renderDocumentPdf(quoteView({ quote, logo })));
    }
    case 'quote-email':
      return quoteEmail(request, logo);
    case 'invitation-email':
      return email('invitation.eml', await composeInvitationEmail(request.invitation));
    case 'incoming-invoice-pdf':
      return pdf(request.fileName, await renderDocumentPdf(incomingInvoiceView(request.read, request.locale)));
    case 'invoice-response':
      return {
        filename: fileNameOf(request.response.id, '.xml'),
        contentType: 'application/xml',
        content: await invoiceResponseXml(request.response),
      };
    case 'logo': {
      const { logo: written, info } = await normalizedLogo(logo!);
      return { filename: 'logo', contentType: written.content_type, content: written.bytes, pixels: info };
    }
  }
}
