// The invoice XML a Factur-X or ZUGFeRD PDF embeds, taken out of a received (hostile) PDF: pdf-lib
// parses the file structure only (no content stream is interpreted, nothing is rendered), the
// embedded files are found in the catalog's EmbeddedFiles name tree and its associated files (/AF),
// and their streams are inflated here, by zlib with a hard cap on the output: pdf-lib's own decoder
// has no cap, so a small Flate bomb would fill the memory; what pdf-lib inflates while it loads is
// capped by pdf-limits.ts. Encrypted PDFs are refused.
import { inflateSync } from 'node:zlib';
import {
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
import { PDF_LIMITS, withPdfLimits } from '#shared/e-invoice-reader/pdf-limits';

export class UnreadablePdf extends Error {
  constructor(
    readonly reason:
      | 'not_a_pdf'
      | 'encrypted'
      | 'no_embedded_invoice'
      | 'ambiguous_embedded_invoice'
      | 'inflated_too_large'
      | 'too_many_objects'
      | 'unsupported_filter',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The names the specifications give the embedded invoice, matched exactly: Factur-X 1.0 and ZUGFeRD
 * 2.1+ (`factur-x.xml`, `xrechnung.xml` for the XRECHNUNG profile), ZUGFeRD 2.0 and 1.0. A name is
 * only a label here, never a path.
 */
const INVOICE_NAMES = ['factur-x.xml', 'xrechnung.xml', 'zugferd-invoice.xml', 'ZUGFeRD-invoice.xml'];
/** Name-tree nodes visited: a real tree has a handful; a hostile one may fan out or loop. */
const MAX_TREE_NODES = 1000;
const MAX_FILES = 100;

type Embedded = { names: string[]; stream: PDFRawStream };

const textOf = (value: PDFObject | undefined) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;

function fileOf(doc: PDFDocument, spec: PDFObject | undefined, treeName?: string): Embedded | undefined {
  const dict = spec instanceof PDFRef ? doc.context.lookup(spec) : spec;
  if (!(dict instanceof PDFDict)) return undefined;
  const names = [treeName, textOf(dict.lookup(PDFName.of('UF'))), textOf(dict.lookup(PDFName.of('F')))].filter(
    (name): name is string => name !== undefined,
  );
  const files = dict.lookup(PDFName.of('EF'));
  const stream = files instanceof PDFDict ? files.lookup(PDFName.of('F')) : undefined;
  return stream instanceof PDFRawStream ? { names, stream } : undefined;
}

/** The EmbeddedFiles name tree's files, walked without recursion, each node once, within MAX_TREE_NODES. */
function namedFiles(doc: PDFDocument, root: PDFObject | undefined, found: Embedded[]): void {
  const seen = new Set<PDFDict>();
  const pending = [root];
  while (pending.length > 0 && seen.size < MAX_TREE_NODES && found.length < MAX_FILES) {
    const node = pending.pop();
    if (!(node instanceof PDFDict) || seen.has(node)) continue;
    seen.add(node);
    const names = node.lookup(PDFName.of('Names'));
    if (names instanceof PDFArray)
      for (let index = 0; index + 1 < names.size() && found.length < MAX_FILES; index += 2) {
        const file = fileOf(doc, names.get(index + 1), textOf(names.lookup(index)));
        if (file) found.push(file);
      }
    const kids = node.lookup(PDFName.of('Kids'));
    if (kids instanceof PDFArray) for (let index = 0; index < kids.size(); index += 1) pending.push(kids.lookup(index));
  }
}

function embeddedFiles(doc: PDFDocument): Embedded[] {
  const found: Embedded[] = [];
  const names = doc.catalog.lookup(PDFName.of('Names'));
  if (names instanceof PDFDict) namedFiles(doc, names.lookup(PDFName.of('EmbeddedFiles')), found);
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

/** The document, loaded within the limits (pdf-limits.ts); encrypted files are refused (PDF/A forbids them). */
async function loaded(bytes: Uint8Array): Promise<PDFDocument> {
  if (!Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-'))
    throw new UnreadablePdf('not_a_pdf', 'The file is not a PDF');
  // Invalid objects end the load: read leniently, each costs a scan to the end of the file.
  const load = () =>
    PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true, ignoreEncryption: true });
  const outcome = await withPdfLimits(bytes, load);
  if ('tripped' in outcome)
    throw new UnreadablePdf(
      outcome.tripped,
      outcome.tripped === 'too_many_objects'
        ? `The PDF has more than ${PDF_LIMITS.objects} objects`
        : `A stream of the PDF decodes to more than ${PDF_LIMITS.decodedStreamBytes} bytes`,
    );
  if ('failed' in outcome) throw new UnreadablePdf('not_a_pdf', 'The file is not a readable PDF');
  if (outcome.loaded.isEncrypted) throw new UnreadablePdf('encrypted', 'The PDF is encrypted');
  return outcome.loaded;
}

/** The embedded invoice XML (the one file under a name the specifications give it) and that name. */
export async function embeddedInvoiceXml(
  bytes: Uint8Array,
  maxBytes: number,
): Promise<{ name: string; bytes: Uint8Array }> {
  const doc = await loaded(bytes);
  let files: Embedded[];
  try {
    files = embeddedFiles(doc);
  } catch {
    // pdf-lib reads what it can of a broken file; one without a catalog fails only when it is asked for.
    throw new UnreadablePdf('not_a_pdf', 'The file is not a readable PDF');
  }
  const invoices = files.filter((file) => file.names.some((name) => INVOICE_NAMES.includes(name)));
  if (invoices.length === 0)
    throw new UnreadablePdf(
      'no_embedded_invoice',
      files.length === 0
        ? 'The PDF embeds no file: it is not a Factur-X or ZUGFeRD invoice'
        : `The PDF embeds none of ${INVOICE_NAMES.join(', ')}`,
    );
  if (invoices.length > 1)
    throw new UnreadablePdf('ambiguous_embedded_invoice', 'The PDF embeds more than one invoice XML');
  const [chosen] = invoices;
  const name = INVOICE_NAMES.find((wanted) => chosen!.names.includes(wanted))!;
  return { name, bytes: contentsOf(chosen!.stream, maxBytes) };
}
