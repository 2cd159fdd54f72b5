// The invoice XML a Factur-X or ZUGFeRD PDF embeds, taken out of a received (hostile) PDF: pdf-lib
// parses the file structure only (no content stream is interpreted, nothing is rendered), the
// embedded files are found in the catalog's EmbeddedFiles name tree and its associated files (/AF),
// and their streams are inflated here, by zlib with a hard cap on the output: pdf-lib's own decoder
// has no cap, so a small Flate bomb would fill the memory. Encrypted PDFs are refused.
import { inflateSync } from 'node:zlib';
import {
  EncryptedPDFError,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFString,
  type PDFObject,
} from 'pdf-lib';

export class UnreadablePdf extends Error {
  constructor(
    readonly reason: 'not_a_pdf' | 'encrypted' | 'no_embedded_invoice' | 'inflated_too_large' | 'unsupported_filter',
    message: string,
  ) {
    super(message);
  }
}

/** The names the Factur-X, ZUGFeRD and XRechnung specifications give the embedded invoice, in order of preference. */
const INVOICE_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];
/** Name-tree levels followed: a real tree is two or three deep; a hostile one may loop. */
const MAX_TREE_DEPTH = 8;
const MAX_FILES = 64;

type Embedded = { name: string; stream: PDFRawStream };

const textOf = (value: PDFObject | undefined) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;

function fileOf(doc: PDFDocument, spec: PDFObject | undefined): Embedded | undefined {
  const dict = spec instanceof PDFRef ? doc.context.lookup(spec) : spec;
  if (!(dict instanceof PDFDict)) return undefined;
  const name = textOf(dict.lookup(PDFName.of('UF'))) ?? textOf(dict.lookup(PDFName.of('F')));
  const files = dict.lookup(PDFName.of('EF'));
  const stream = files instanceof PDFDict ? files.lookup(PDFName.of('F')) : undefined;
  return name && stream instanceof PDFRawStream ? { name, stream } : undefined;
}

function namedFiles(doc: PDFDocument, node: PDFObject | undefined, depth: number, found: Embedded[]): void {
  if (!(node instanceof PDFDict) || depth > MAX_TREE_DEPTH || found.length >= MAX_FILES) return;
  const names = node.lookup(PDFName.of('Names'));
  if (names instanceof PDFArray)
    for (let index = 1; index < names.size() && found.length < MAX_FILES; index += 2) {
      const file = fileOf(doc, names.get(index));
      if (file) found.push(file);
    }
  const kids = node.lookup(PDFName.of('Kids'));
  if (kids instanceof PDFArray)
    for (let index = 0; index < kids.size(); index += 1) namedFiles(doc, kids.lookup(index), depth + 1, found);
}

function embeddedFiles(doc: PDFDocument): Embedded[] {
  const found: Embedded[] = [];
  const names = doc.catalog.lookup(PDFName.of('Names'));
  if (names instanceof PDFDict) namedFiles(doc, names.lookup(PDFName.of('EmbeddedFiles')), 0, found);
  const associated = doc.catalog.lookup(PDFName.of('AF'));
  if (associated instanceof PDFArray)
    for (let index = 0; index < associated.size() && found.length < MAX_FILES; index += 1) {
      const file = fileOf(doc, associated.get(index));
      if (file && !found.some((known) => known.stream === file.stream)) found.push(file);
    }
  return found;
}

/** The stream's bytes, inflated to at most `maxBytes`. */
function contentsOf(stream: PDFRawStream, maxBytes: number): Uint8Array {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  if (filters.length === 0) return stream.contents;
  if (filters.length > 1 || filters[0] !== PDFName.of('FlateDecode'))
    throw new UnreadablePdf('unsupported_filter', 'The embedded file is encoded with a filter other than FlateDecode');
  try {
    return inflateSync(stream.contents, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new UnreadablePdf('inflated_too_large', `The embedded file inflates to more than ${maxBytes} bytes`);
    throw new UnreadablePdf('not_a_pdf', 'The embedded file is not valid Flate data');
  }
}

const isXmlName = (name: string) => name.toLowerCase().endsWith('.xml');

/** The embedded invoice XML (by its specified name, else the only XML file) and its name. */
export async function embeddedInvoiceXml(
  bytes: Uint8Array,
  maxBytes: number,
): Promise<{ name: string; bytes: Uint8Array }> {
  if (!Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-'))
    throw new UnreadablePdf('not_a_pdf', 'The file is not a PDF');
  let files: Embedded[];
  try {
    files = embeddedFiles(await PDFDocument.load(bytes, { updateMetadata: false }));
  } catch (error) {
    if (error instanceof EncryptedPDFError) throw new UnreadablePdf('encrypted', 'The PDF is encrypted');
    // pdf-lib reads what it can of a broken file; one without a catalog fails only when it is asked for.
    throw new UnreadablePdf('not_a_pdf', 'The file is not a readable PDF');
  }
  const chosen =
    INVOICE_NAMES.map((wanted) => files.find((file) => file.name.toLowerCase() === wanted)).find(Boolean) ??
    (files.filter((file) => isXmlName(file.name)).length === 1
      ? files.find((file) => isXmlName(file.name))
      : undefined);
  if (!chosen)
    throw new UnreadablePdf(
      'no_embedded_invoice',
      files.length === 0
        ? 'The PDF embeds no file: it is not a Factur-X or ZUGFeRD invoice'
        : 'The PDF embeds no factur-x.xml, zugferd-invoice.xml or xrechnung.xml',
    );
  return { name: chosen.name, bytes: contentsOf(chosen.stream, maxBytes) };
}
