// Limits on what pdf-lib decodes while it loads a received PDF. PDFDocument.load() inflates every
// object stream and cross-reference stream with its own decoder, which has no cap (a 1 MB file
// inflating to 1 GB took 27 s: pdf-lib issue 1777, unfixed in 1.17.1), and then parses as many
// objects as the stream claims. The cap wraps pdf-lib's internal DecodeStream (reached through the
// prototype of a decoded stream, as it is not exported) and its object-stream parser; it applies
// only inside `withPdfLimits`, so the PDFs this service writes in the same process are untouched.
import { AsyncLocalStorage } from 'node:async_hooks';
import { decodePDFRawStream, PDFContext, PDFObjectStreamParser, PDFRawStream } from 'pdf-lib';

export const PDF_LIMITS = {
  /** Any one stream pdf-lib decodes itself while loading: object and xref streams hold dictionaries only. */
  decodedStreamBytes: 8 * 1024 * 1024,
  /** Indirect objects, counted in the file and inside object streams: an invoice has hundreds. */
  objects: 50_000,
} as const;

/** Which limit a load ran into, for the refusal's reason (pdf-lib swallows the error into its own). */
type Scope = { tripped?: 'inflated_too_large' | 'too_many_objects'; objects: number };
const scopes = new AsyncLocalStorage<Scope>();

class PdfLimitReached extends Error {}

let installed = false;
function install(): void {
  if (installed) return;
  const probe = decodePDFRawStream(
    PDFRawStream.of(PDFContext.create().obj({ Filter: 'FlateDecode' }), new Uint8Array([0x78, 0x9c, 3, 0, 0, 0, 0, 1])),
  );
  // FlateStream.prototype, then DecodeStream.prototype: where every decoder grows its output.
  const decodeStream = Object.getPrototypeOf(Object.getPrototypeOf(probe)) as {
    ensureBuffer: (this: unknown, requested: number) => unknown;
  };
  const parser = PDFObjectStreamParser.prototype as unknown as {
    parseIntoContext: (this: { objectCount: number }) => unknown;
  };
  const { ensureBuffer } = decodeStream;
  const { parseIntoContext } = parser;
  if (typeof ensureBuffer !== 'function' || typeof parseIntoContext !== 'function')
    throw new Error('pdf-lib internals changed: shared/e-invoice-reader/pdf-limits.ts no longer caps them');
  decodeStream.ensureBuffer = function (requested) {
    const scope = scopes.getStore();
    if (scope && requested > PDF_LIMITS.decodedStreamBytes) {
      scope.tripped = 'inflated_too_large';
      throw new PdfLimitReached('a stream decodes past the limit');
    }
    return ensureBuffer.call(this, requested);
  };
  parser.parseIntoContext = function () {
    const scope = scopes.getStore();
    if (scope) {
      scope.objects += Number(this.objectCount);
      if (!(scope.objects <= PDF_LIMITS.objects)) {
        scope.tripped = 'too_many_objects';
        throw new PdfLimitReached('too many objects');
      }
    }
    return parseIntoContext.call(this);
  };
  installed = true;
}

/** Objects written in the file itself (`N G obj`), counted before pdf-lib parses them. */
const OBJECT_HEADER = /\d+\s+\d+\s+obj\b/g;

/**
 * Runs `load` with the limits on; answers its result, or which limit it ran into. The file's own
 * object headers are counted first, as pdf-lib parses every object it finds, whatever the xref says.
 */
export async function withPdfLimits<T>(
  bytes: Uint8Array,
  load: () => Promise<T>,
): Promise<{ loaded: T } | { tripped: 'inflated_too_large' | 'too_many_objects' } | { failed: unknown }> {
  install();
  const headers = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1').match(OBJECT_HEADER);
  if ((headers?.length ?? 0) > PDF_LIMITS.objects) return { tripped: 'too_many_objects' };
  const scope: Scope = { objects: headers?.length ?? 0 };
  try {
    return { loaded: await scopes.run(scope, load) };
  } catch (error) {
    return scope.tripped ? { tripped: scope.tripped } : { failed: error };
  }
}
