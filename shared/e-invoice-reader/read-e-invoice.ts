// A received file, read: the XML (the file itself, or the one a Factur-X/ZUGFeRD PDF embeds) parsed
// by the hardened parser, its syntax and claimed profile detected, and its content read into the
// view. Anything that is not an e-invoice this service can read is refused with
// e_invoice_unreadable and the reason; nothing here stores anything.
import {
  type IncomingContainer,
  type IncomingProfile,
  type IncomingSyntax,
  MAX_RECEIVED_BYTES,
  type ReceivedMediaType,
} from '#shared/domain/incoming-invoice';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import { readCii } from '#shared/e-invoice-reader/cii';
import { embeddedInvoiceXml, UnreadablePdf } from '#shared/e-invoice-reader/pdf-attachments';
import { profileOf } from '#shared/e-invoice-reader/profile';
import type { ReadDocument } from '#shared/e-invoice-reader/read-document';
import { readUbl } from '#shared/e-invoice-reader/ubl';
import { NAMESPACES } from '#shared/e-invoice-reader/xml-path';
import { parseXml, UnreadableXml, type XmlElement, xmlText } from '#shared/e-invoice-reader/xml-tree';

export type ReadEInvoice = ReadDocument & {
  syntax: IncomingSyntax;
  container: IncomingContainer;
  profile: IncomingProfile;
  /** The XML as text, for the rules; and as bytes, exactly as the file (or the PDF) held it. */
  xml: string;
  xmlBytes: Uint8Array;
  /** The embedded file's name inside a PDF. */
  embeddedName?: string;
};

const ROOTS: { ns: string; local: string; syntax: IncomingSyntax }[] = [
  { ns: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2', local: 'Invoice', syntax: 'ubl-invoice' },
  { ns: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2', local: 'CreditNote', syntax: 'ubl-credit-note' },
  { ns: NAMESPACES.rsm, local: 'CrossIndustryInvoice', syntax: 'cii' },
];

const unreadable = (reason: string, message: string) =>
  new DomainError(ErrorCode.eInvoiceUnreadable, message, { reason });

function parsed(bytes: Uint8Array, embedded: boolean): { text: string; root: XmlElement } {
  try {
    const text = xmlText(bytes);
    return { text, root: parseXml(text) };
  } catch (error) {
    if (!(error instanceof UnreadableXml)) throw error;
    // A PDF's embedded "invoice" that is no XML at all is a PDF problem, not an XML one.
    if (embedded && (error.reason === 'encoding' || error.reason === 'not_well_formed'))
      throw unreadable('embedded_not_xml', `The PDF's embedded invoice is not XML: ${error.message}`);
    throw unreadable(error.reason, error.message);
  }
}

async function xmlOf(
  bytes: Uint8Array,
  mediaType: ReceivedMediaType,
): Promise<{ xmlBytes: Uint8Array; embeddedName?: string }> {
  if (mediaType === 'application/xml') return { xmlBytes: bytes };
  try {
    const embedded = await embeddedInvoiceXml(bytes, MAX_RECEIVED_BYTES);
    return { xmlBytes: embedded.bytes, embeddedName: embedded.name };
  } catch (error) {
    if (error instanceof UnreadablePdf) throw unreadable(error.reason, error.message);
    throw error;
  }
}

/** Reads `bytes` as the media type says; throws DomainError(e_invoice_unreadable) for anything else. */
export async function readEInvoice(bytes: Uint8Array, mediaType: ReceivedMediaType): Promise<ReadEInvoice> {
  if (bytes.byteLength > MAX_RECEIVED_BYTES)
    throw new DomainError(ErrorCode.payloadTooLarge, `The file exceeds ${MAX_RECEIVED_BYTES} bytes`, {
      max_bytes: MAX_RECEIVED_BYTES,
    });
  const { xmlBytes, embeddedName } = await xmlOf(bytes, mediaType);
  const { text, root } = parsed(xmlBytes, mediaType === 'application/pdf');
  const kind = ROOTS.find((known) => known.ns === root.ns && known.local === root.local);
  if (!kind)
    throw unreadable(
      'not_an_invoice',
      `The root element is {${root.ns}}${root.local}, not a UBL Invoice or CreditNote nor a CII CrossIndustryInvoice`,
    );
  const read = kind.syntax === 'cii' ? readCii(root) : readUbl(root);
  return {
    ...read,
    syntax: kind.syntax,
    container: mediaType === 'application/pdf' ? 'pdf' : 'xml',
    profile: profileOf(read.specificationId),
    xml: text,
    xmlBytes,
    ...(embeddedName ? { embeddedName } : {}),
  };
}
