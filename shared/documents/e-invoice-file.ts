// An invoice or a credit note as the file of an e-invoice format: the XML, or for Factur-X the
// document's PDF with the CII inside. Refuses a draft and a document the format cannot carry
// (422 e_invoice_incomplete naming the business terms), so no invalid e-invoice leaves the service.
import { ciiXml } from '#shared/documents/cii';
import { creditNoteTerms, invoiceTerms, SPECIFICATIONS, type EDocument } from '#shared/documents/en16931';
import { eInvoiceXml } from '#shared/documents/e-invoice-xml';
import { embedFacturX } from '#shared/documents/factur-x';
import { documentDate, renderDocumentPdf } from '#shared/documents/invoice-pdf';
import { creditNoteView } from '#shared/documents/credit-note-view';
import { invoiceDocumentOf, invoiceView, type InvoiceView } from '#shared/documents/invoice-view';
import type { CreditNote } from '#shared/domain/credit-note';
import { assertEInvoiceReady } from '#shared/domain/e-invoice';
import type { EInvoiceFormat } from '#shared/domain/e-invoice-format';
import { invalidState } from '#shared/domain/errors';
import { taxBreakdownOf, type Invoice } from '#shared/domain/invoice';
import type { Logo } from '#shared/domain/logo';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { fileNameOf } from '#shared/domain/file-name';

/** A file name says which specification the XML claims, where it is not plain EN 16931. */
const FILE_ENDINGS: Partial<Record<EInvoiceFormat, string>> = {
  'xrechnung-ubl': '-xrechnung.xml',
  'xrechnung-cii': '-xrechnung.xml',
  peppol: '-peppol.xml',
};

export type EInvoiceFile = { filename: string; content: string | Uint8Array; contentType: string };

async function fileOf(format: EInvoiceFormat, terms: EDocument, view: () => InvoiceView): Promise<EInvoiceFile> {
  if (format !== 'factur-x')
    return {
      filename: fileNameOf(terms.number, FILE_ENDINGS[format] ?? '.xml'),
      content: await eInvoiceXml(format, terms),
      contentType: 'application/xml; charset=utf-8',
    };
  const drawn = view();
  const xml = await ciiXml(terms, SPECIFICATIONS.en16931);
  const content = await renderDocumentPdf(drawn, (pdf) =>
    embedFacturX(pdf, xml, { title: drawn.title, author: drawn.seller.name, at: documentDate(drawn) }),
  );
  return { filename: fileNameOf(terms.number, '.pdf'), content, contentType: 'application/pdf' };
}

/** An issued invoice in the format. */
export function invoiceEInvoice(
  format: EInvoiceFormat,
  { invoice, logo }: { invoice: Invoice; logo?: Logo },
  publicBaseUrl: string,
): Promise<EInvoiceFile> {
  if (invoice.status === 'draft') throw invalidState('A draft is not an invoice yet: send it first');
  assertEInvoiceReady(format, { ...invoice, rows: taxBreakdownOf(invoice) });
  return fileOf(format, invoiceTerms(invoice), () => invoiceView(invoiceDocumentOf(invoice, publicBaseUrl, logo)));
}

/** A credit note in the format (type 381, referring to its invoice). */
export function creditNoteEInvoice(
  format: EInvoiceFormat,
  { creditNote, logo }: { creditNote: CreditNote; logo?: Logo },
  publicBaseUrl: string,
): Promise<EInvoiceFile> {
  assertEInvoiceReady(format, { ...creditNote, rows: creditNote.tax_breakdown });
  return fileOf(format, creditNoteTerms(creditNote), () =>
    creditNoteView({ creditNote: creditNoteResource(creditNote, publicBaseUrl), logo }),
  );
}
