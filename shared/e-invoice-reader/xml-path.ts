// Reading an element tree by paths of prefixed names ("cac:Party/cbc:EndpointID"), each prefix bound
// here to its namespace: a received file's own prefixes mean nothing, and a path never reaches
// outside the element it starts from.
import type { XmlElement } from '#shared/e-invoice-reader/xml-tree';

export const NAMESPACES = {
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  /** The Standard Business Document Header, the envelope Peppol carries every document in. */
  sbdh: 'http://www.unece.org/cefact/namespaces/StandardBusinessDocumentHeader',
} as const;

type Step = { ns: string; local: string };
const compiled = new Map<string, Step[]>();

function steps(path: string): Step[] {
  let found = compiled.get(path);
  if (!found) {
    found = path.split('/').map((step) => {
      const [prefix, local] = step.split(':') as [keyof typeof NAMESPACES, string];
      const ns = NAMESPACES[prefix];
      if (!ns || !local) throw new Error(`unknown step ${step} in ${path}`);
      return { ns, local };
    });
    compiled.set(path, found);
  }
  return found;
}

/** Every element at `path` below `from`, in document order. */
export function all(from: XmlElement | undefined, path: string): XmlElement[] {
  if (!from) return [];
  let current = [from];
  for (const step of steps(path))
    current = current.flatMap((element) =>
      element.children.filter((child) => child.local === step.local && child.ns === step.ns),
    );
  return current;
}

export const one = (from: XmlElement | undefined, path: string): XmlElement | undefined => all(from, path)[0];

/** The trimmed text at `path` (or of `from` itself without one); null when absent or empty. */
export function text(from: XmlElement | undefined, path?: string): string | null {
  const element = path ? one(from, path) : from;
  const value = element?.text.trim();
  return value ? value : null;
}

/** An attribute of the element at `path` (or of `from` itself); null when absent or empty. */
export function attribute(from: XmlElement | undefined, path: string | undefined, name: string): string | null {
  const element = path ? one(from, path) : from;
  const value = element?.attributes[name]?.trim();
  return value ? value : null;
}
