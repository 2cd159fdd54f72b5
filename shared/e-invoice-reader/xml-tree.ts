// A received XML file read into a small element tree by saxes, a strict non-validating parser, with
// the limits a hostile file meets first: any DOCTYPE is refused (so no entity is ever declared,
// expanded or fetched: only the five predefined ones and character references exist), and depth,
// element count, attributes per element and attribute length are capped. Only UTF-8 (with or
// without a byte order mark) and UTF-16 with a byte order mark are read; EN 16931 documents are UTF-8.
import { SaxesParser } from 'saxes';

export type XmlElement = {
  /** Namespace URI and local name: prefixes are the writer's choice and mean nothing. */
  ns: string;
  local: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own character data (its children's not included), untrimmed. */
  text: string;
};

/** Why a file is not read as XML at all. */
export class UnreadableXml extends Error {
  constructor(
    readonly reason:
      | 'encoding'
      | 'doctype'
      | 'not_well_formed'
      | 'too_deep'
      | 'too_many_elements'
      | 'too_many_attributes'
      | 'attribute_too_long',
    message: string,
  ) {
    super(message);
  }
}

export const XML_LIMITS: { depth: number; elements: number; attributes: number; attributeChars: number } = {
  depth: 64,
  elements: 200_000,
  /** Per element: UBL and CII elements carry one to three; a hostile one may carry a million. */
  attributes: 64,
  attributeChars: 4096,
} as const;

/** The file's text: UTF-8, or UTF-16 where a byte order mark says so; anything else is refused. */
export function xmlText(bytes: Uint8Array): string {
  const bom16 =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'utf-16le'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'utf-16be'
        : undefined;
  let text: string;
  try {
    text = new TextDecoder(bom16 ?? 'utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new UnreadableXml('encoding', `The file is not ${bom16 ? 'UTF-16' : 'UTF-8'} text`);
  }
  const declared = /^<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/.exec(text)?.[1]?.toLowerCase();
  if (declared && !['utf-8', 'utf8', 'utf-16', 'utf-16le', 'utf-16be'].includes(declared))
    throw new UnreadableXml('encoding', `The file declares encoding "${declared}"; only UTF-8 and UTF-16 are read`);
  return text;
}

/**
 * Parses `text` into its root element, within XML_LIMITS (or `limits`: a bank statement of ten
 * thousand entries holds more elements than any e-invoice); throws UnreadableXml otherwise.
 */
export function parseXml(text: string, limits: typeof XML_LIMITS = XML_LIMITS): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let elements = 0;
  let refusal: UnreadableXml | undefined;
  const refuse = (error: UnreadableXml) => {
    refusal ??= error;
    throw error;
  };
  parser.on('doctype', () =>
    refuse(new UnreadableXml('doctype', 'The file has a DOCTYPE, which e-invoices never need')),
  );
  // Counted as each attribute is read, before saxes gathers the tag: a million of them never pile up.
  let attributes = 0;
  parser.on('opentagstart', () => {
    attributes = 0;
  });
  parser.on('attribute', () => {
    attributes += 1;
    if (attributes > limits.attributes)
      refuse(new UnreadableXml('too_many_attributes', `An element has more than ${limits.attributes} attributes`));
  });
  parser.on('opentag', (tag) => {
    elements += 1;
    if (elements > limits.elements)
      refuse(new UnreadableXml('too_many_elements', `The file has more than ${limits.elements} elements`));
    if (stack.length >= limits.depth)
      refuse(new UnreadableXml('too_deep', `The file nests elements deeper than ${limits.depth}`));
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.value.length > limits.attributeChars)
        refuse(
          new UnreadableXml('attribute_too_long', `An attribute is longer than ${limits.attributeChars} characters`),
        );
      if (attribute.prefix !== 'xmlns' && attribute.name !== 'xmlns') attributes[attribute.local] = attribute.value;
    }
    const element: XmlElement = { ns: tag.uri, local: tag.local, attributes, children: [], text: '' };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('text', (chunk) => {
    const current = stack.at(-1);
    if (current) current.text += chunk;
  });
  parser.on('cdata', (chunk) => {
    const current = stack.at(-1);
    if (current) current.text += chunk;
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (refusal) throw refusal;
    throw new UnreadableXml('not_well_formed', `The file is not well-formed XML: ${(error as Error).message}`);
  }
  if (!root) throw new UnreadableXml('not_well_formed', 'The file has no root element');
  return root;
}
