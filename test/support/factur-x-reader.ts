// Reads a Factur-X file back with pdf-lib, the way a receiving system would: the embedded XML and how
// it is attached, the XMP metadata, the output intent and the file identifier.
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
} from 'pdf-lib';

const text = (value: unknown) =>
  value instanceof PDFHexString || value instanceof PDFString ? value.decodeText() : String(value);
const streamBytes = (stream: PDFRawStream) => decodePDFRawStream(stream).decode();

export async function readFacturX(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const { catalog, context } = pdf;
  const names = catalog.lookup(PDFName.of('Names'), PDFDict).lookup(PDFName.of('EmbeddedFiles'), PDFDict);
  const list = names.lookup(PDFName.of('Names'), PDFArray);
  const attachments = [];
  for (let index = 0; index < list.size(); index += 2) {
    const spec = list.lookup(index + 1, PDFDict);
    const file = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F')) as PDFRawStream;
    attachments.push({
      name: text(list.lookup(index)),
      fileName: text(spec.lookup(PDFName.of('F'))),
      unicodeFileName: text(spec.lookup(PDFName.of('UF'))),
      relationship: String(spec.lookup(PDFName.of('AFRelationship'))),
      mimeType: file.dict.lookup(PDFName.of('Subtype'), PDFName).decodeText(),
      content: new TextDecoder().decode(streamBytes(file)),
      ref: list.get(index + 1),
    });
  }
  const associated = catalog.lookup(PDFName.of('AF'), PDFArray).asArray();
  const metadata = catalog.lookup(PDFName.of('Metadata')) as PDFRawStream;
  const intent = catalog.lookup(PDFName.of('OutputIntents'), PDFArray).lookup(0, PDFDict);
  const profile = intent.lookup(PDFName.of('DestOutputProfile')) as PDFRawStream;
  return {
    attachments,
    /** The file specifications the catalog's /AF lists (associated files). */
    associated: associated.map(String),
    metadata: {
      type: String(metadata.dict.lookup(PDFName.of('Type'))),
      subtype: String(metadata.dict.lookup(PDFName.of('Subtype'))),
      filtered: metadata.dict.has(PDFName.of('Filter')),
      xmp: new TextDecoder().decode(streamBytes(metadata)),
    },
    outputIntent: {
      subtype: String(intent.lookup(PDFName.of('S'))),
      components: Number(String(profile.dict.lookup(PDFName.of('N')))),
      profileBytes: streamBytes(profile).length,
    },
    fileId: context.trailerInfo.ID ? String(context.trailerInfo.ID) : undefined,
    info: { producer: pdf.getProducer(), created: pdf.getCreationDate(), modified: pdf.getModificationDate() },
  };
}
