// A document as a Peppol access point hands it over: the business document itself, or the Standard
// Business Document (SBD) around it, whose header names C1 and C4. The envelope is read by the same
// hardened parser as every received file (e-invoice-reader/xml-tree.ts), and the document inside is
// taken as the very bytes it is in the envelope, never written anew: its hash and its rules are those
// of what the sender sent. A document with no envelope names its parties itself (BT-34, BT-49).
import { DomainError, ErrorCode } from '#shared/domain/errors';
import { attribute, NAMESPACES, one, text } from '#shared/e-invoice-reader/xml-path';
import { parseXml, UnreadableXml, type XmlElement, xmlText } from '#shared/e-invoice-reader/xml-tree';

export type OpenedEnvelope = {
  document: Uint8Array;
  /** `scheme:identifier` of C1's and C4's participants, as the envelope or the document names them. */
  sender: string | null;
  receiver: string | null;
};

const unreadable = (reason: string, message: string) =>
  new DomainError(ErrorCode.eInvoiceUnreadable, message, { reason });

function readable<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof UnreadableXml) throw unreadable(error.reason, error.message);
    throw error;
  }
}

const bare = (participant: string | null) => participant?.replace(/^iso6523-actorid-upis::/i, '') ?? null;

/** A UBL party's electronic address (`cbc:EndpointID` and its scheme) as a participant id. */
function endpointOf(root: XmlElement, party: string): string | null {
  const path = `cac:${party}/cac:Party/cbc:EndpointID`;
  const id = text(root, path);
  const scheme = attribute(root, path, 'schemeID');
  return id && scheme ? `${scheme}:${id}` : null;
}

/** The SBD's payload as it stands between the header's end and the envelope's end. */
function payloadOf(envelope: string, payload: XmlElement): Uint8Array {
  const headerEnd = /<\/(?:[\w.-]+:)?StandardBusinessDocumentHeader\s*>/.exec(envelope);
  const rootEnd = envelope.lastIndexOf('</');
  if (!headerEnd || rootEnd < headerEnd.index) throw unreadable('not_an_invoice', 'The SBD has no header');
  const inner = envelope.slice(headerEnd.index + headerEnd[0].length, rootEnd).trim();
  // The slice must be the payload on its own, its namespaces declared in it: else it is no document.
  const alone = readable(() => parseXml(inner));
  if (alone.ns !== payload.ns || alone.local !== payload.local)
    throw unreadable('not_an_invoice', 'The document in the SBD does not stand on its own');
  return Buffer.from(inner, 'utf8');
}

export function openedEnvelope(bytes: Uint8Array): OpenedEnvelope {
  const envelope = readable(() => xmlText(bytes));
  const root = readable(() => parseXml(envelope));
  if (root.ns !== NAMESPACES.sbdh || root.local !== 'StandardBusinessDocument')
    return {
      document: bytes,
      sender: endpointOf(root, 'AccountingSupplierParty'),
      receiver: endpointOf(root, 'AccountingCustomerParty'),
    };
  const header = one(root, 'sbdh:StandardBusinessDocumentHeader');
  const payload = root.children.find((child) => child !== header);
  if (!header || !payload) throw unreadable('not_an_invoice', 'The SBD carries no document');
  return {
    document: payloadOf(envelope, payload),
    sender: bare(text(header, 'sbdh:Sender/sbdh:Identifier')),
    receiver: bare(text(header, 'sbdh:Receiver/sbdh:Identifier')),
  };
}
