// A received bank statement, read whole or refused whole (docs/reconciliation.md): XML is camt (read
// by the hardened parser of e-invoice-reader/xml-tree.ts, with room for ten thousand entries), text
// is MT940. Anything unreadable throws UnreadableStatement: nothing of it is booked.
import { type ReadStatement, UnreadableStatement } from '#shared/domain/bank-statement';
import { readCamt } from '#shared/bank-statement-reader/camt';
import { readMt940 } from '#shared/bank-statement-reader/mt940';
import { parseXml, UnreadableXml, XML_LIMITS, xmlText } from '#shared/e-invoice-reader/xml-tree';

/** About forty elements an entry; a 10 MB file holds fewer than this many elements of any kind. */
const STATEMENT_XML_LIMITS = { ...XML_LIMITS, elements: 1_500_000 };

export function readStatement(bytes: Uint8Array, mediaType: 'application/xml' | 'text/plain'): ReadStatement {
  try {
    if (mediaType === 'application/xml') return readCamt(parseXml(xmlText(bytes), STATEMENT_XML_LIMITS));
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      // SWIFT's character set is a subset of ASCII; banks' exports are often Latin-1.
      text = new TextDecoder('latin1').decode(bytes);
    }
    return readMt940(text);
  } catch (error) {
    if (error instanceof UnreadableXml) throw new UnreadableStatement('unreadable', error.message);
    throw error;
  }
}
