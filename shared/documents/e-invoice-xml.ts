// Which syntax and which specification each XML e-invoice format is (docs/e-invoicing.md "Formats").
import { ciiXml } from '#shared/documents/cii';
import { SPECIFICATIONS, type EDocument, type Specification } from '#shared/documents/en16931';
import { ublXml } from '#shared/documents/ubl';
import type { EInvoiceFormat } from '#shared/domain/e-invoice-format';

type Syntax = (document: EDocument, specification: Specification) => Promise<string>;

export const XML_FORMATS = {
  // The EN 16931 core; `peppol` is the same syntax under Peppol BIS Billing 3.0 and its rules.
  ubl: { syntax: ublXml, specification: SPECIFICATIONS.en16931 },
  cii: { syntax: ciiXml, specification: SPECIFICATIONS.en16931 },
  'xrechnung-ubl': { syntax: ublXml, specification: SPECIFICATIONS.xrechnung },
  'xrechnung-cii': { syntax: ciiXml, specification: SPECIFICATIONS.xrechnung },
  peppol: { syntax: ublXml, specification: SPECIFICATIONS.peppol },
} satisfies Partial<Record<EInvoiceFormat, { syntax: Syntax; specification: Specification }>>;

export type XmlFormat = keyof typeof XML_FORMATS;

/** The document as the format's XML. */
export const eInvoiceXml = (format: XmlFormat, document: EDocument) =>
  XML_FORMATS[format].syntax(document, XML_FORMATS[format].specification);
