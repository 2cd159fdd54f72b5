// Factur-X 1.0 / ZUGFeRD 2 (EN 16931 profile): the document's PDF as PDF/A-3b with its CII XML
// embedded as factur-x.xml. pdf-lib writes the attachment and the catalog's /AF; what PDF/A-3 adds —
// the XMP metadata with the Factur-X extension schema, the sRGB output intent, a file identifier —
// is written here, from the same values as the Info dictionary (docs/e-invoicing.md "Factur-X").
import { createHash } from 'node:crypto';
import { AFRelationship, PDFHexString, PDFName, PDFString, type PDFDocument } from 'pdf-lib';
import { xmlBuilder } from '#shared/documents/xml-builder';
import { colorProfile } from '#shared/documents/assets';
import { xmlText } from '#shared/documents/xml-text';

export const FACTUR_X_FILE = 'factur-x.xml';
const FX = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
/** XMP dates are ISO 8601 to the second, the precision of the Info dictionary's. */
const xmpDate = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

type Described = { title: string; author: string; at: Date };

/** The XMP packet: PDF/A-3b identification, Dublin Core and XMP basics, and the fx properties with their schema. */
async function xmpPacket({ title, author, at }: Described): Promise<string> {
  const create = await xmlBuilder();
  const xmp = create().ele('adobe:ns:meta/', 'x:xmpmeta').ele(RDF, 'rdf:RDF');
  const description = (namespaces: Record<string, string>) =>
    xmp.ele(RDF, 'rdf:Description', { 'rdf:about': '', ...namespaces });
  const pdfaid = description({ 'xmlns:pdfaid': 'http://www.aiim.org/pdfa/ns/id/' });
  pdfaid.ele('pdfaid:part').txt('3');
  pdfaid.ele('pdfaid:conformance').txt('B');
  const dc = description({ 'xmlns:dc': 'http://purl.org/dc/elements/1.1/' });
  dc.ele('dc:format').txt('application/pdf');
  dc.ele('dc:title').ele(RDF, 'rdf:Alt').ele(RDF, 'rdf:li', { 'xml:lang': 'x-default' }).txt(xmlText(title));
  dc.ele('dc:creator').ele(RDF, 'rdf:Seq').ele(RDF, 'rdf:li').txt(xmlText(author));
  const pdf = description({ 'xmlns:pdf': 'http://ns.adobe.com/pdf/1.3/' });
  pdf.ele('pdf:Producer').txt(PRODUCER);
  const basic = description({ 'xmlns:xmp': 'http://ns.adobe.com/xap/1.0/' });
  basic.ele('xmp:CreatorTool').txt(PRODUCER);
  for (const name of ['CreateDate', 'ModifyDate', 'MetadataDate']) basic.ele(`xmp:${name}`).txt(xmpDate(at));
  const extension = description({
    'xmlns:pdfaExtension': 'http://www.aiim.org/pdfa/ns/extension/',
    'xmlns:pdfaSchema': 'http://www.aiim.org/pdfa/ns/schema#',
    'xmlns:pdfaProperty': 'http://www.aiim.org/pdfa/ns/property#',
  });
  const schema = extension
    .ele('pdfaExtension:schemas')
    .ele(RDF, 'rdf:Bag')
    .ele(RDF, 'rdf:li', { 'rdf:parseType': 'Resource' });
  schema.ele('pdfaSchema:schema').txt('Factur-X PDFA Extension Schema');
  schema.ele('pdfaSchema:namespaceURI').txt(FX);
  schema.ele('pdfaSchema:prefix').txt('fx');
  const properties = schema.ele('pdfaSchema:property').ele(RDF, 'rdf:Seq');
  const fx = description({ 'xmlns:fx': FX });
  for (const [name, value, meaning] of FX_PROPERTIES) {
    const property = properties.ele(RDF, 'rdf:li', { 'rdf:parseType': 'Resource' });
    property.ele('pdfaProperty:name').txt(name);
    property.ele('pdfaProperty:valueType').txt('Text');
    property.ele('pdfaProperty:category').txt('external');
    property.ele('pdfaProperty:description').txt(meaning);
    fx.ele(`fx:${name}`).txt(value);
  }
  const body = xmp.doc().end({ headless: true });
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n${body}\n<?xpacket end="w"?>`;
}

const PRODUCER = 'Invoicing service';
const FX_PROPERTIES = [
  ['DocumentType', 'INVOICE', 'INVOICE'],
  ['DocumentFileName', FACTUR_X_FILE, 'name of the embedded XML invoice file'],
  ['Version', '1.0', 'The actual version of the Factur-X XML schema'],
  ['ConformanceLevel', 'EN 16931', 'The conformance level of the embedded Factur-X data'],
] as const;

/** Turns a drawn PDF into a Factur-X file carrying `xml` (CII under the EN 16931 profile); call before save(). */
export async function embedFacturX(pdf: PDFDocument, xml: string, { title, author, at }: Described) {
  pdf.setProducer(PRODUCER);
  pdf.setCreator(PRODUCER);
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
  const bytes = new TextEncoder().encode(xml);
  await pdf.attach(bytes, FACTUR_X_FILE, {
    mimeType: 'text/xml',
    description: 'Factur-X invoice (EN 16931)',
    creationDate: at,
    modificationDate: at,
    afRelationship: AFRelationship.Alternative,
  });
  const { context, catalog } = pdf;
  const metadata = context.stream(new TextEncoder().encode(await xmpPacket({ title, author, at })), {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  catalog.set(PDFName.of('Metadata'), context.register(metadata));
  const profile = context.register(context.flateStream(await colorProfile(), { N: 3 }));
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
    Info: PDFString.of('sRGB IEC61966-2.1'),
    RegistryName: PDFString.of('http://www.color.org'),
    DestOutputProfile: profile,
  });
  catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(intent)]));
  // PDF/A needs a file identifier; pdf-lib writes none for a new document.
  const id = PDFHexString.of(createHash('sha256').update(xml).update(at.toISOString()).digest('hex').slice(0, 32));
  context.trailerInfo.ID = context.obj([id, id]);
}
