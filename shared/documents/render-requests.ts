// What the document renderer (functions/render-document) is asked for and what it answers. Routes and
// workers send these as the JSON payload of a synchronous Lambda invocation, so everything in them is
// plain JSON: logo and file bytes travel base64-encoded, and a refusal travels as an error body.
import type { CreditNote } from '#shared/domain/credit-note';
import type { EInvoiceFormat } from '#shared/domain/e-invoice-format';
import type { Invoice } from '#shared/domain/invoice';
import type { IncomingRead } from '#shared/domain/incoming-invoice';
import type { InvoiceResponse } from '#shared/domain/invoice-response';
import type { InvitationEmail } from '#shared/email/invitation-email';
import type { Logo } from '#shared/domain/logo';
import type { Quote } from '#shared/domain/quote';
import type { buyerResource, sellerResource } from '#shared/domain/resources/invoice';
import type { StatementResource } from '#shared/domain/resources/statement';

/** A logo as JSON carries it. */
export type LogoText = { content_type: Logo['content_type']; base64: string };

type Letterhead = { logo?: LogoText; publicBaseUrl: string };

/** A client's statement as printed: the parties, and the language it is printed in (the client's). */
export type StatementLetter = {
  statement: StatementResource;
  seller: ReturnType<typeof sellerResource>;
  buyer: ReturnType<typeof buyerResource>;
  locale: string;
};

/** Who an e-mail goes to and how it reads; the document and its files are the renderer's to draw. */
export type Mail = { from: string; to: string; replyTo?: string | null };

/** A file as JSON carries it: text as it is, bytes base64. */
export type FileText =
  | { filename: string; contentType: string; text: string }
  | { filename: string; contentType: string; base64: string };

/**
 * The archived files an e-mail attaches (docs/archive.md): an issued document goes out as it was archived,
 * never drawn again. `pdf` absent: no PDF; `eInvoice` absent: none beside it (Factur-X is the PDF itself).
 */
export type MailFiles = { pdf?: FileText; eInvoice?: FileText };

export type RenderRequest =
  | ({ kind: 'invoice-pdf'; invoice: Invoice } & Letterhead)
  | ({ kind: 'credit-note-pdf'; creditNote: CreditNote } & Letterhead)
  | ({ kind: 'invoice-e-invoice'; format: EInvoiceFormat; invoice: Invoice } & Letterhead)
  | ({ kind: 'credit-note-e-invoice'; format: EInvoiceFormat; creditNote: CreditNote } & Letterhead)
  | ({
      kind: 'invoice-email';
      invoice: Invoice;
      /** Attached beside (or, for Factur-X, in place of) the PDF: the organization's default format. */
      format?: EInvoiceFormat | null;
      overdueDays: number;
      reminder: boolean;
      payOnline: boolean;
      /** Absent: true. A reminder step may leave the PDF out. */
      attachPdf?: boolean;
      /** What is attached, as archived; absent: drawn here (`format`, `attachPdf`). */
      files?: MailFiles;
      mail: Mail;
    } & Letterhead)
  | ({
      kind: 'credit-note-email';
      creditNote: CreditNote;
      format?: EInvoiceFormat | null;
      files?: MailFiles;
      mail: Mail;
    } & Letterhead)
  | ({ kind: 'statement-pdf' } & StatementLetter & Letterhead)
  | ({ kind: 'quote-pdf'; quote: Quote } & Letterhead)
  | ({ kind: 'quote-email'; quote: Quote; mail: Mail } & Letterhead)
  /** Composed here because its MIME composer is the renderer's: no route bundles it. */
  | { kind: 'invitation-email'; invitation: InvitationEmail }
  /** A logo to be stored: decoded and written anew, or refused with validation_error on `logo`. */
  | { kind: 'logo'; logo: LogoText }
  /** A received e-invoice as a readable PDF, worded in `locale` (the organization's language). */
  | { kind: 'incoming-invoice-pdf'; read: IncomingRead; locale: string; fileName: string }
  /** The Peppol BIS Invoice Response answering a supplier (its UBL ApplicationResponse). */
  | { kind: 'invoice-response'; response: InvoiceResponse };

/** A drawn file; an image says its size in pixels. */
export type RenderedFile = { filename: string; content: string | Uint8Array; contentType: string; pixels?: Pixels };
type Pixels = { width: number; height: number };

/** The renderer's answer as JSON: the file (text as it is, bytes base64), or the refusal a route answers with. */
export type RenderAnswer =
  | {
      file:
        | { filename: string; contentType: string; text: string }
        | { filename: string; contentType: string; base64: string; pixels?: Pixels };
    }
  | { refused: { code: string; message: string; details: Record<string, unknown> } };

export const logoText = (logo: Logo | undefined): LogoText | undefined =>
  logo && { content_type: logo.content_type, base64: Buffer.from(logo.bytes).toString('base64') };

export const logoOf = (text: LogoText | undefined): Logo | undefined =>
  text && { content_type: text.content_type, bytes: Buffer.from(text.base64, 'base64') };

export const fileText = ({ filename, contentType, content }: RenderedFile): FileText =>
  typeof content === 'string'
    ? { filename, contentType, text: content }
    : { filename, contentType, base64: Buffer.from(content).toString('base64') };

export const fileAnswer = (file: RenderedFile): RenderAnswer => ({
  file: { ...fileText(file), ...(file.pixels && typeof file.content !== 'string' ? { pixels: file.pixels } : {}) },
});

export const fileOf = ({ file }: { file: FileText & { pixels?: Pixels } }): RenderedFile => ({
  filename: file.filename,
  contentType: file.contentType,
  content: 'text' in file ? file.text : Buffer.from(file.base64, 'base64'),
  ...('pixels' in file && file.pixels ? { pixels: file.pixels } : {}),
});
